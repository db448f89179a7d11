import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, queryInt } from './envelope.js';
import { drawImage, imageRef } from './drawing.js';
import { localizedText } from './sites.js';
import { TaskStatus, taskStatus } from './tasks.js';

/*
 * Stable Diffusion: the model square (`/sddraw`: cards of models served by AUTOMATIC1111/Forge,
 * ComfyUI or the offline demo, each with its form fields and example pictures) and the AI
 * toolbox (`/tools`: upscale, restore, remove background, face swap, remix, redraw with a mask).
 * Both run on the task engine (kinds `sd` and `sd-tool`). Pictures sent are the caller's own
 * (an `/upload/file` url or one of their results); someone else's → 404.
 */

const id = queryInt(z.number().int().positive());

// ---------------------------------------------------------------- the square's models

/** A field a model's form shows, so the screen builds the form from data. */
export const sdFieldNames = [
  'prompt',
  'negativePrompt',
  'seed',
  'steps',
  'cfgScale',
  'sampler',
  'width',
  'height',
] as const;
export const sdFieldName = z.enum(sdFieldNames);
export type SdFieldName = z.infer<typeof sdFieldName>;

export const sdField = z.object({
  name: sdFieldName,
  type: z.enum(['text', 'number', 'select']),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  default: z.union([z.string(), z.number()]),
  /** `select`: the choices (samplers). */
  options: z.array(z.string()).optional(),
});
export type SdField = z.infer<typeof sdField>;

/** The parameters of one picture of the square (a task's `params` hold the same). */
export const sdParams = z.object({
  negativePrompt: z.string().max(2000).default(''),
  /** -1: a new random seed. */
  seed: z.number().int().min(-1).max(4_294_967_295).default(-1),
  steps: z.number().int().min(1).max(150).default(20),
  cfgScale: z.number().min(1).max(30).default(7),
  sampler: z.string().trim().max(64).default('Euler a'),
  width: z.number().int().min(64).max(2048).multipleOf(8).default(512),
  height: z.number().int().min(64).max(2048).multipleOf(8).default(512),
});
export type SdParams = z.infer<typeof sdParams>;

export const sdExample = sdParams.extend({
  prompt: z.string(),
  /** The example's picture. */
  image: z.string(),
});
export type SdExample = z.infer<typeof sdExample>;

export const sdModel = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In the caller's language. */
  description: z.string(),
  baseModel: z.string(),
  cover: z.string(),
  /** The cover at 256 px (a WebP thumbnail) for the square's cards; `cover` is the full picture. */
  coverThumb: z.string(),
  examples: z.array(sdExample),
  /** Which provider draws it (`Offline demo` for the demo). */
  providerName: z.string(),
  protocol: z.string(),
  demo: z.boolean(),
  credits: z.number().int(),
});
export type SdModel = z.infer<typeof sdModel>;

export const querySdModels = endpoint({
  method: 'GET',
  path: '/autoreply/querySdmodel',
  access: 'public',
  summary: 'The model square: models with cover, description, examples and their parameters',
  tags: ['sd'],
  data: listOf(sdModel),
});

export const queryModelField = endpoint({
  method: 'GET',
  path: '/autoreply/queryModelField',
  access: 'public',
  summary: 'The form fields one model of the square exposes',
  tags: ['sd'],
  query: z.object({ modelId: id }),
  data: z.object({ modelId: z.number().int(), fields: z.array(sdField) }),
});

// ---------------------------------------------------------------- tasks

export const toolOps = ['upscale', 'restore', 'rembg', 'faceswap', 'remix', 'redraw'] as const;
export const toolOp = z.enum(toolOps);
export type ToolOp = z.infer<typeof toolOp>;

/**
 * Which provider protocols may serve which toolbox operation (the operator's table offers
 * these, the server refuses the rest). Without a provider an operation runs on the demo.
 */
export const toolOpProtocols: Record<string, readonly ToolOp[]> = {
  a1111: ['upscale', 'restore', 'rembg', 'remix', 'redraw'],
  midjourney: ['faceswap'],
  comfyui: ['upscale', 'restore', 'rembg', 'remix', 'redraw'],
  stability: ['upscale', 'rembg'],
  openai: ['remix', 'redraw'],
};

/** A picture of the square or of the toolbox, as the screens read it. */
export const sdTask = z.object({
  id: z.number().int(),
  /** `sd` (model square) or `sd-tool` (toolbox). */
  kind: z.string(),
  status: taskStatus,
  progress: z.number().int(),
  /** `create`, or the toolbox operation. */
  action: z.string(),
  prompt: z.string(),
  /** Every parameter the screen needs to refill itself. */
  params: z.record(z.string(), z.unknown()),
  images: z.array(drawImage),
  /** Toolbox: links to the pictures it started from (the picture, then the mask or face). */
  sources: z.array(z.string()),
  error: z.string().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  demo: z.boolean(),
  credits: z.number().int(),
  /** Waiting tasks of the same kind ahead of this one; null when not waiting. */
  queuePosition: z.number().int().nullable(),
  /** Rough seconds left. */
  etaSeconds: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type SdTask = z.infer<typeof sdTask>;

export const sdCreate = endpoint({
  method: 'POST',
  path: '/queue/sdCreate',
  access: 'identity',
  summary: 'Draw a picture with a model of the square (holds its price)',
  tags: ['sd'],
  body: sdParams.extend({
    modelId: z.number().int().positive(),
    prompt: z.string().trim().min(1).max(2000),
  }),
  data: sdTask,
});

export const toolSubmit = endpoint({
  method: 'POST',
  path: '/tools/submit',
  access: 'identity',
  summary: 'Run a toolbox operation on one of your pictures (holds its price)',
  tags: ['sd'],
  body: z.object({
    op: toolOp,
    image: imageRef,
    /** redraw: white where to redraw, black elsewhere (PNG). */
    mask: imageRef.optional(),
    /** faceswap: the picture whose face is used. */
    face: imageRef.optional(),
    /** remix / redraw. */
    prompt: z.string().trim().max(2000).default(''),
    /** upscale: 2 or 4. */
    scale: z.union([z.literal(2), z.literal(4)]).default(2),
    /** remix / redraw: how much changes, 0.05–1. */
    strength: z.number().min(0.05).max(1).default(0.6),
    seed: z.number().int().min(-1).max(4_294_967_295).default(-1),
  }),
  data: sdTask,
});

export const sdStatus = endpoint({
  method: 'POST',
  path: '/sd/status',
  access: 'identity',
  summary:
    'The current state of some of your square or toolbox pictures (404 when one is not yours)',
  tags: ['sd'],
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(50) }),
  data: listOf(sdTask),
});

export const sdList = endpoint({
  method: 'GET',
  path: '/sd/list',
  access: 'identity',
  summary: 'Your square (`sd`) or toolbox (`tool`) pictures, newest first',
  tags: ['sd'],
  query: z.object({
    page: queryInt(z.number().int().min(1)).default(1),
    size: queryInt(z.number().int().min(1).max(100)).default(12),
    type: z.enum(['sd', 'tool']).default('sd'),
    status: queryInt(z.number().int().min(TaskStatus.queued).max(TaskStatus.failed)).optional(),
  }),
  data: z.object({
    rows: z.array(sdTask),
    count: z.number().int(),
    countQueue: z.number().int(),
  }),
});

export const sdDelete = endpoint({
  method: 'POST',
  path: '/sd/delete',
  access: 'identity',
  summary: 'Delete pictures of yours (a waiting or running one is cancelled and refunded)',
  tags: ['sd'],
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  data: z.object({ deleted: z.number().int() }),
});

export const toolOpInfo = z.object({
  op: toolOp,
  enabled: z.boolean(),
  providerName: z.string(),
  demo: z.boolean(),
  credits: z.number().int(),
});

export const listToolOps = endpoint({
  method: 'GET',
  path: '/tools/ops',
  access: 'public',
  summary: 'The toolbox operations: who serves each and what it costs',
  tags: ['sd'],
  data: listOf(toolOpInfo),
});

// ---------------------------------------------------------------- admin

export const adminSdModelFields = z.object({
  name: z.string().trim().min(1).max(64),
  /** An a1111, comfyui or demo provider. */
  providerId: z.number().int().positive(),
  checkpoint: z.string().trim().max(200),
  baseModel: z.string().trim().max(40),
  description: localizedText,
  /** '' shows the first example's picture. */
  cover: z.string().trim().max(2000),
  /** An example's `image` '' is drawn by the offline demo from its parameters. */
  examples: z.array(sdExample.extend({ image: z.string().trim().max(2000) })).max(12),
  fields: z.array(sdField).min(1).max(20),
  priceKey: z.string().trim().min(1).max(100),
  sort: z.number().int(),
  enabled: z.boolean(),
});

export const adminSdModel = adminSdModelFields.extend({ id: z.number().int() });
export type AdminSdModel = z.infer<typeof adminSdModel>;

export const adminListSdModels = endpoint({
  method: 'GET',
  path: '/admin/sd/models',
  access: 'admin',
  summary: 'Every model card of the square (enabled or not)',
  tags: ['sd', 'admin'],
  data: listOf(adminSdModel),
});

export const adminSaveSdModel = endpoint({
  method: 'POST',
  path: '/admin/sd/models/save',
  access: 'admin',
  summary: 'Add a model card to the square (no id) or change one (409 when the name is taken)',
  tags: ['sd', 'admin'],
  body: adminSdModelFields.extend({ id: z.number().int().positive().optional() }),
  data: adminSdModel,
});

export const adminToolOp = z.object({
  op: toolOp,
  /** null: the offline demo. */
  providerId: z.number().int().positive().nullable(),
  priceKey: z.string().trim().min(1).max(100),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  enabled: z.boolean(),
});
export type AdminToolOp = z.infer<typeof adminToolOp>;

export const adminListToolOps = endpoint({
  method: 'GET',
  path: '/admin/sd/toolOps',
  access: 'admin',
  summary: 'Which provider serves each toolbox operation',
  tags: ['sd', 'admin'],
  data: listOf(adminToolOp),
});

export const adminUpdateToolOp = endpoint({
  method: 'POST',
  path: '/admin/sd/toolOps/update',
  access: 'admin',
  summary:
    'Change which provider serves a toolbox operation (a1111, comfyui, stability, openai or midjourney, as toolOpProtocols allows)',
  tags: ['sd', 'admin'],
  body: adminToolOp,
  data: adminToolOp,
});

const nodeId = z.string().trim().min(1).max(40);

/** Which node of the workflow takes which input (`inputs.<field>` of that node). */
export const comfyMapping = z.object({
  /** The prompt's text node (required for the square's workflow). */
  prompt: nodeId.optional(),
  negativePrompt: nodeId.optional(),
  seed: nodeId.optional(),
  /** The node with `width` and `height` (EmptyLatentImage). */
  size: nodeId.optional(),
  /** The node with `ckpt_name`. */
  model: nodeId.optional(),
  /** The sampler node's `steps` (and `cfg`, `sampler_name`). */
  steps: nodeId.optional(),
  /** The node whose images are the result (not assumed to be the last). */
  output: nodeId,
  /** A toolbox workflow's LoadImage node for the picture (sent with `POST /upload/image`). */
  image: nodeId.optional(),
  /** A toolbox workflow's LoadImage node for the mask (white where to redraw). */
  mask: nodeId.optional(),
  /** A toolbox upscale's node whose `scale_by` takes 2 or 4 (ImageScaleBy, or a model upscaler's). */
  scale: nodeId.optional(),
});
export type ComfyMapping = z.infer<typeof comfyMapping>;

export const comfyWorkflow = z.object({
  providerId: z.number().int().positive(),
  /** The toolbox operation this workflow serves; absent: the model square's workflow. */
  op: toolOp.optional(),
  /** ComfyUI's API-format graph: node id → `{ class_type, inputs }`. */
  workflow: z.record(
    z.string(),
    z.object({ class_type: z.string(), inputs: z.record(z.string(), z.unknown()) }).loose(),
  ),
  mapping: comfyMapping,
});
export type ComfyWorkflow = z.infer<typeof comfyWorkflow>;

export const adminGetComfyWorkflow = endpoint({
  method: 'GET',
  path: '/admin/sd/comfyWorkflow',
  access: 'admin',
  summary:
    "A ComfyUI provider's workflow and node mapping, the square's or a toolbox operation's (null when none is set)",
  tags: ['sd', 'admin'],
  query: z.object({ providerId: id, op: toolOp.optional() }),
  data: comfyWorkflow.nullable(),
});

export const adminSaveComfyWorkflow = endpoint({
  method: 'POST',
  path: '/admin/sd/comfyWorkflow/update',
  access: 'admin',
  summary:
    "Set a ComfyUI provider's workflow (the square's, or with `op` a toolbox operation's) and which node takes which input",
  tags: ['sd', 'admin'],
  body: comfyWorkflow,
  data: comfyWorkflow,
});

export const adminCheckConnection = endpoint({
  method: 'POST',
  path: '/admin/sd/checkConnection',
  access: 'admin',
  summary:
    'Ask an a1111 (sd-models), comfyui (object_info), stability (balance) or openai (models) provider; says what is wrong in words',
  tags: ['sd', 'admin'],
  body: z.object({ providerId: z.number().int().positive() }),
  data: z.object({ ok: z.boolean(), message: z.string() }),
});
