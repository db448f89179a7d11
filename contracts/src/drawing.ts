import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, queryInt } from './envelope.js';
import { balance } from './credits.js';
import { TaskStatus, taskStatus } from './tasks.js';

/*
 * Drawing (Midjourney through a midjourney-proxy, or the built-in offline demo): the task queue
 * (`/queue/*`), the results list and galleries (`/midjourney/*`), price and queue simulation
 * (`/mj/*`), translation and prompt suggestions, chat drawings, batch downloads.
 *
 * Images a user sends (image prompts, references, blend, describe, face swap) are the `url`s
 * `/upload/file` answered, or the url of one of the user's own results: the server reads them
 * only when they belong to the caller (someone else's → 404).
 */

const id = queryInt(z.number().int().positive());

// ---------------------------------------------------------------- parameters

/** What one task does. `upscale` = U1–U4, `variation` = V1–V4 (with a prompt: remix). */
export const drawActions = [
  'imagine',
  'upscale',
  'variation',
  'reroll',
  'high_variation',
  'low_variation',
  'zoom',
  'custom_zoom',
  'pan',
  'upscale_subtle',
  'upscale_creative',
  'inpaint',
  'blend',
  'describe',
  'faceswap',
  'chat-draw',
  // Midjourney video (a fork's `/mj/submit/video`): animate a finished picture, extend a video.
  'video',
  'video_extend',
  // OpenAI images (kind `image`) and SD3 (kind `sd3`): see images.ts.
  'generate',
  'edit',
  'image-to-image',
] as const;
export const drawAction = z.enum(drawActions);
export type DrawAction = z.infer<typeof drawAction>;

/** A picture the caller owns: an `/upload/file` url or one of their results. */
export const imageRef = z.string().trim().min(1).max(2000);

export const mjVersions = ['5', '5.1', '5.2', '6', '6.1', '7'] as const;
export const nijiVersions = ['5', '6'] as const;
/** `raw` for Midjourney 5.1+; `cute|expressive|original|scenic` for niji 5. */
export const mjStyles = ['raw', 'cute', 'expressive', 'original', 'scenic'] as const;
export const mjQualities = [0.25, 0.5, 1, 2, 4] as const;
export const mjModes = ['fast', 'relax', 'turbo'] as const;

/**
 * The flags of an imagine, each one a Midjourney parameter (`--ar`, `--v`, …). The server's
 * prompt builder checks them again together (e.g. `--niji` and `--v` exclude each other, `--cw`
 * needs `--cref`) and also checks flags typed into the prompt text itself.
 */
export const mjParams = z.object({
  /** `--ar w:h`, e.g. `16:9`. */
  aspect: z
    .string()
    .trim()
    .regex(/^\d{1,3}:\d{1,3}$/, { message: 'must look like 16:9' })
    .optional(),
  /** `--v`; leave out for the upstream default. */
  version: z.enum(mjVersions).optional(),
  /** `--niji` (anime model); excludes `version`. */
  niji: z.enum(nijiVersions).optional(),
  /** `--style`. */
  style: z.enum(mjStyles).optional(),
  /** `--s` 0–1000. */
  stylize: z.number().int().min(0).max(1000).optional(),
  /** `--c` 0–100. */
  chaos: z.number().int().min(0).max(100).optional(),
  /** `--q`. */
  quality: z
    .union([z.literal(0.25), z.literal(0.5), z.literal(1), z.literal(2), z.literal(4)])
    .optional(),
  /** `--seed` 0–4294967295. */
  seed: z.number().int().min(0).max(4_294_967_295).optional(),
  /** `--no`: what to leave out, comma separated words. */
  no: z.string().trim().max(300).optional(),
  /** `--tile`. */
  tile: z.boolean().optional(),
  /** Image prompts, placed before the text (up to 5). */
  imageUrls: z.array(imageRef).max(5).optional(),
  /** `--iw` 0–3, the weight of the image prompts. */
  imageWeight: z.number().min(0).max(3).optional(),
  /** `--cref` character references (up to 4) and `--cw` 0–100. */
  crefUrls: z.array(imageRef).max(4).optional(),
  cw: z.number().int().min(0).max(100).optional(),
  /** `--sref` style references (up to 4) and `--sw` 0–1000. */
  srefUrls: z.array(imageRef).max(4).optional(),
  sw: z.number().int().min(0).max(1000).optional(),
  /** Speed (upstreams that offer it); the price does not change. */
  mode: z.enum(mjModes).optional(),
});
export type MjParams = z.infer<typeof mjParams>;

// ---------------------------------------------------------------- the task row

export const drawImage = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type DrawImage = z.infer<typeof drawImage>;

/** One button under a result, as the upstream gave it; send `customId` back to act on it. */
export const drawButton = z.object({
  customId: z.string(),
  label: z.string(),
  emoji: z.string(),
});
export type DrawButton = z.infer<typeof drawButton>;

/** A task's status: 1 queued · 2 running · 3 succeeded · 4 failed (`TaskStatus`). */
export const drawStatus = taskStatus;
export type DrawStatus = z.infer<typeof drawStatus>;

export const drawTask = z.object({
  id: z.number().int(),
  /** `mj` (the drawing screen) or `chat-draw` (a picture asked for in the chat). */
  kind: z.string(),
  status: drawStatus,
  /** 0–100. */
  progress: z.number().int(),
  action: drawAction,
  /** What the user typed (for blend/describe/faceswap: empty or the answer's text). */
  prompt: z.string(),
  /** The prompt as sent upstream, with its flags (`--ar 16:9 --v 6.1`…). */
  finalPrompt: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** One picture (a 2×2 grid for imagine/variation/…, or a single upscale). */
  images: z.array(drawImage),
  /** Blend, describe, face swap: links to the pictures it started from, in order; else empty. */
  sources: z.array(z.string()),
  buttons: z.array(drawButton),
  /**
   * A Midjourney video's clip (action `video` / `video_extend`, once finished): the MP4 stored
   * by us and its poster frame (the first picture of the clip). Null for every picture.
   */
  video: z.object({ url: z.string(), posterUrl: z.string() }).nullable(),
  /**
   * Whether its variations take a changed prompt (remix): false when its proxy has no modal
   * (novicezk v2.6, whose U/V/reroll Atelier sends as `change`).
   */
  remix: z.boolean(),
  /** Describe: the four suggested prompts, one per line. */
  description: z.string().nullable(),
  /** Why it failed, in the caller's language (a banned prompt names the word). */
  error: z.string().nullable(),
  /** The task whose button made this one. */
  parentId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  /** True when the offline demo drew it (no real AI). */
  demo: z.boolean(),
  /** Credits held (running) or charged (done); 0 after a failure. */
  credits: z.number().int(),
  /** Tasks of everyone ahead of this one while it is queued; null otherwise. */
  queuePosition: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type DrawTask = z.infer<typeof drawTask>;

/** The drawing lists: `{ rows, count, countQueue }`, countQueue = the caller's tasks queued or running. */
export const drawListData = z.object({
  rows: z.array(drawTask),
  count: z.number().int(),
  countQueue: z.number().int(),
});
export type DrawListData = z.infer<typeof drawListData>;

// ---------------------------------------------------------------- submitting

const modelField = {
  /** An image model of `/autoreply/queryMjModel`; left out: the first one offered. */
  modelId: z.number().int().positive().optional(),
};

export const imagineInput = z.object({
  type: z.literal('imagine'),
  ...modelField,
  prompt: z.string().trim().min(1).max(4000),
  params: mjParams.default({}),
});

/** A button of an earlier result (U1–U4, V1–V4, reroll, zoom, pan, upscale, vary region…). */
export const actionInput = z.object({
  type: z.literal('action'),
  /** The task the button belongs to (yours). */
  taskId: z.number().int().positive(),
  customId: z.string().trim().min(1).max(300),
  /** Remix (variation/reroll with a changed prompt), custom zoom and vary region. */
  prompt: z.string().trim().max(4000).optional(),
  /** Custom zoom: 1–2 (`--zoom`). */
  zoom: z.number().min(1).max(2).optional(),
  /** Vary region: a PNG (base64 or data: url), white where the picture is redrawn. */
  maskBase64: z.string().max(8_000_000).optional(),
});

/** How much a Midjourney video moves. */
export const mjMotions = ['low', 'high'] as const;
export type MjMotion = (typeof mjMotions)[number];

/**
 * Midjourney video of a finished drawing (a fork that has `/mj/submit/video`): of a picture,
 * it animates the picture (action `video`); of a finished video, it extends it (`video_extend`).
 */
export const videoInput = z.object({
  type: z.literal('video'),
  /** The finished picture or video (yours). */
  taskId: z.number().int().positive(),
  motion: z.enum(mjMotions).default('low'),
  /** What happens in the clip; left out: the drawing's own prompt. */
  prompt: z.string().trim().max(4000).optional(),
});

export const blendDimensions = ['PORTRAIT', 'SQUARE', 'LANDSCAPE'] as const;
export const blendInput = z.object({
  type: z.literal('blend'),
  ...modelField,
  images: z.array(imageRef).min(2).max(5),
  dimensions: z.enum(blendDimensions).default('SQUARE'),
});

export const describeInput = z.object({
  type: z.literal('describe'),
  ...modelField,
  image: imageRef,
});

export const faceswapInput = z.object({
  type: z.literal('faceswap'),
  ...modelField,
  /** The face to put in. */
  source: imageRef,
  /** The picture that receives it. */
  target: imageRef,
});

export const drawInput = z.discriminatedUnion('type', [
  imagineInput,
  actionInput,
  videoInput,
  blendInput,
  describeInput,
  faceswapInput,
]);
export type DrawInput = z.infer<typeof drawInput>;

export const queueDrawing = endpoint({
  method: 'POST',
  path: '/queue/addMjDrawQueue',
  access: 'identity',
  summary:
    'Queue a drawing: imagine, a button of a result, blend, describe or face swap (holds its price; 430 when credits are short)',
  tags: ['drawing'],
  body: drawInput,
  data: drawTask,
});

export const queueDrawings = endpoint({
  method: 'POST',
  path: '/queue/addMjDrawQueue_batch',
  access: 'identity',
  summary: 'Queue several imagines at once (all or none: 430 when credits do not cover them all)',
  tags: ['drawing'],
  body: z.object({
    ...modelField,
    prompts: z.array(z.string().trim().min(1).max(4000)).min(1).max(10),
    params: mjParams.default({}),
  }),
  data: listOf(drawTask),
});

export const drawingStatus = endpoint({
  method: 'POST',
  path: '/queue/getMjStatus',
  access: 'identity',
  summary: 'The current state of some of your drawings (404 when one is not yours)',
  tags: ['drawing'],
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(50) }),
  data: listOf(drawTask),
});

export const retryDrawing = endpoint({
  method: 'POST',
  path: '/queue/redo',
  access: 'identity',
  summary: 'Run a failed drawing of yours again (holds its price again)',
  tags: ['drawing'],
  body: z.object({ id: z.number().int().positive() }),
  data: drawTask,
});

export const userBalanceData = balance.extend({
  /** Your drawings waiting / running now. */
  queued: z.number().int(),
  running: z.number().int(),
});

export const balanceWithQueue = endpoint({
  method: 'POST',
  path: '/queue/getUserBalance',
  access: 'identity',
  summary: 'Your credits and how many of your drawings are waiting or running',
  tags: ['drawing'],
  data: userBalanceData,
});

// ---------------------------------------------------------------- results

export const drawListQuery = z.object({
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(12),
  /** Only this status. */
  status: queryInt(z.number().int().min(TaskStatus.queued).max(TaskStatus.failed)).optional(),
  /** Words of the prompt. */
  keyword: z.string().trim().max(200).optional(),
});

export const listDrawings = endpoint({
  method: 'GET',
  path: '/midjourney/drawList',
  access: 'identity',
  summary: 'Your drawings, newest first, with how many are still waiting or running',
  tags: ['drawing'],
  query: drawListQuery,
  data: drawListData,
});

/** The draw results call of the spec (page 1, size 8, type 4 = Midjourney). */
export const latestDrawings = endpoint({
  method: 'GET',
  path: '/chatLog/draw',
  access: 'identity',
  summary:
    'Your latest drawings of one type (1: DALL·E / gpt-image, 2: SD3, 4: Midjourney), for the polling loop',
  tags: ['drawing'],
  query: z.object({
    page: queryInt(z.number().int().min(1)).default(1),
    size: queryInt(z.number().int().min(1).max(100)).default(8),
    type: queryInt(z.number().int().min(1).max(20)).default(4),
  }),
  data: drawListData,
});

export const deleteDrawings = endpoint({
  method: 'POST',
  path: '/midjourney/delete',
  access: 'identity',
  summary: 'Delete drawings of yours (a running one is cancelled and its credits returned)',
  tags: ['drawing'],
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  data: z.object({ deleted: z.number().int() }),
});

export const splitGrid = endpoint({
  method: 'GET',
  path: '/midjourney/sliceImg',
  access: 'identity',
  summary: 'Cut the 2×2 grid of one of your drawings into four pictures',
  tags: ['drawing'],
  query: z.object({ id }),
  data: z.object({ images: z.array(drawImage) }),
});

export const saveDefaultParams = endpoint({
  method: 'GET',
  path: '/midjourney/saveUserParam',
  access: 'identity',
  summary: 'Remember your default drawing parameters (a JSON text of the parameters)',
  tags: ['drawing'],
  query: z.object({ params: z.string().max(4000) }),
  data: mjParams,
});

export const defaultParams = endpoint({
  method: 'GET',
  path: '/midjourney/getUserParam',
  access: 'identity',
  summary: 'Your remembered default drawing parameters ({} when none)',
  tags: ['drawing'],
  data: mjParams,
});

export const myImage = z.object({
  taskId: z.number().int(),
  /**
   * The task's action: a drawing action, a toolbox operation (`restore`, `rembg`, `remix`,
   * `redraw`…) or an SD `create`; any picture kind may add its own, so it is not an enum.
   */
  action: z.string(),
  prompt: z.string(),
  image: drawImage,
  createdAt: isoTime,
});
export type MyImage = z.infer<typeof myImage>;

export const finishedPictures = endpoint({
  method: 'GET',
  path: '/autoreply/queryImg',
  access: 'identity',
  summary: 'Your finished pictures, newest first (to pick as references)',
  tags: ['drawing'],
  query: z.object({
    page: queryInt(z.number().int().min(1)).default(1),
    size: queryInt(z.number().int().min(1).max(200)).default(99),
  }),
  data: listOf(myImage),
});

// ---------------------------------------------------------------- galleries

export const galleryCategory = z.object({
  id: z.number().int(),
  /** In the caller's language. */
  name: z.string(),
  sort: z.number().int(),
});
export type GalleryCategory = z.infer<typeof galleryCategory>;

export const galleryItem = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  /** The prompt to draw the same (English, with its flags). */
  prompt: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type GalleryItem = z.infer<typeof galleryItem>;

/** A ready-made piece to add to a prompt (a style, a light, a camera, a flag…). */
export const paramItem = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  /** The text added to the prompt. */
  value: z.string(),
  imageUrl: z.string(),
  thumbUrl: z.string(),
});
export type ParamItem = z.infer<typeof paramItem>;

const galleryQuery = z.object({
  categoryId: queryInt(z.number().int().positive()).optional(),
  page: queryInt(z.number().int().min(1)).default(1),
  size: queryInt(z.number().int().min(1).max(100)).default(12),
});

export const featuredExamples = endpoint({
  method: 'GET',
  path: '/midjourney/getExampleList',
  access: 'public',
  summary: 'Featured example drawings with their prompts (the empty drawing screen shows them)',
  tags: ['drawing'],
  query: z.object({ size: queryInt(z.number().int().min(1).max(100)).default(12) }),
  data: listOf(galleryItem),
});

export const exampleCategories = endpoint({
  method: 'GET',
  path: '/midjourney/fenlei',
  access: 'public',
  summary: 'Categories of the example gallery',
  tags: ['drawing'],
  data: listOf(galleryCategory),
});

export const listExamples = endpoint({
  method: 'GET',
  path: '/midjourney/getList',
  access: 'public',
  summary: 'Example drawings, optionally of one category',
  tags: ['drawing'],
  query: galleryQuery,
  data: listOf(galleryItem),
});

export const caseCategories = endpoint({
  method: 'GET',
  path: '/midjourney/getCasesCategory',
  access: 'public',
  summary: 'Categories of the prompt cases (worked examples explaining a technique)',
  tags: ['drawing'],
  data: listOf(galleryCategory),
});

export const listCases = endpoint({
  method: 'GET',
  path: '/midjourney/getCasesList',
  access: 'public',
  summary: 'Prompt cases, optionally of one category',
  tags: ['drawing'],
  query: galleryQuery,
  data: listOf(galleryItem),
});

export const promptPieceCategories = endpoint({
  method: 'GET',
  path: '/midjourney/getParamsCategory',
  access: 'public',
  summary: 'Categories of prompt pieces (styles, lighting, camera, artists…)',
  tags: ['drawing'],
  data: listOf(galleryCategory),
});

export const listPromptPieces = endpoint({
  method: 'GET',
  path: '/midjourney/getParamsList',
  access: 'public',
  summary: 'Prompt pieces, optionally of one category',
  tags: ['drawing'],
  query: galleryQuery,
  data: listOf(paramItem),
});

// ---------------------------------------------------------------- models and simulation

export const mjModel = z.object({
  id: z.number().int(),
  name: z.string(),
  /** True for the offline demo ("Offline demo" in the UI). */
  demo: z.boolean(),
  vipOnly: z.boolean(),
  /** Credits per action (what `/mj/drawSimulate` would quote before VIP discounts). */
  prices: z.array(z.object({ action: drawAction, priceKey: z.string(), credits: z.number() })),
  /** Speeds the upstream offers (empty: one speed). */
  modes: z.array(z.enum(mjModes)),
  /** Whether its proxy makes Midjourney videos (animate a finished picture, extend a video). */
  video: z.boolean(),
});
export type MjModel = z.infer<typeof mjModel>;

export const listModels = endpoint({
  method: 'GET',
  path: '/autoreply/queryMjModel',
  access: 'public',
  summary: 'The drawing models the caller may use, with their prices per action',
  tags: ['drawing'],
  data: listOf(mjModel),
});

export const simulation = z.object({
  modelId: z.number().int(),
  action: drawAction,
  priceKey: z.string(),
  /** Credits of one task after your VIP discount (0 when a free VIP use applies). */
  unitCredits: z.number().int(),
  count: z.number().int(),
  totalCredits: z.number().int(),
  /** Your spendable credits now. */
  balance: z.number().int(),
  enough: z.boolean(),
  /** Drawings of everyone queued ahead of a new one on this model. */
  queueAhead: z.number().int(),
  /** Your own drawings waiting or running. */
  yourQueued: z.number().int(),
  /** A rough wait until the result. */
  estimatedSeconds: z.number().int(),
});
export type Simulation = z.infer<typeof simulation>;

const simulateQuery = z.object({
  modelId: queryInt(z.number().int().positive()).optional(),
  action: drawAction.default('imagine'),
  count: queryInt(z.number().int().min(1).max(10)).default(1),
});

export const queueWait = endpoint({
  method: 'GET',
  path: '/mj/getSimulate',
  access: 'identity',
  summary: 'The queue now: how many drawings are ahead and a rough wait',
  tags: ['drawing'],
  query: simulateQuery,
  data: simulation,
});

export const quoteDrawing = endpoint({
  method: 'GET',
  path: '/mj/drawSimulate',
  access: 'identity',
  summary: 'What a drawing would cost you and whether your credits cover it, before submitting',
  tags: ['drawing'],
  query: simulateQuery,
  data: simulation,
});

// ---------------------------------------------------------------- words

export const translateData = z.object({
  text: z.string(),
  from: z.string(),
  to: z.string(),
  /** True when the offline word list answered (no chat model). */
  demo: z.boolean(),
  /** Chinese words the offline word list does not know, left out of `text` (else empty). */
  untranslated: z.array(z.string()),
  /** Credits this answer cost (0: a free one of the day, or the offline word list). */
  credits: z.number().int(),
  /** Free translations and suggestions left today (null: the offline word list, unlimited). */
  freeLeft: z.number().int().nullable(),
});

/** What the next translation or prompt suggestion costs the caller, shown before use. */
export const wordTerms = endpoint({
  method: 'GET',
  path: '/fanyi/terms',
  access: 'identity',
  summary: 'Free translations and prompt suggestions left today, and the price of one more',
  tags: ['drawing'],
  data: z.object({
    /** No chat model: the offline word list answers, free and unlimited. */
    demo: z.boolean(),
    guest: z.boolean(),
    freePerDay: z.number().int(),
    freeLeft: z.number().int(),
    /** Credits of one more past the free ones (null: not offered; guests sign in instead). */
    credits: z.number().int().nullable(),
  }),
});

export const translateToEn = endpoint({
  method: 'GET',
  path: '/fanyi/translate',
  access: 'identity',
  summary: 'Translate a prompt into English (Midjourney reads English)',
  tags: ['drawing'],
  query: z.object({ text: z.string().trim().min(1).max(2000) }),
  data: translateData,
});

export const translateToZh = endpoint({
  method: 'GET',
  path: '/fanyi/translateToZh',
  access: 'identity',
  summary: 'Translate a prompt into Chinese (to read an English prompt)',
  tags: ['drawing'],
  query: z.object({ text: z.string().trim().min(1).max(2000) }),
  data: translateData,
});

export const suggestPrompts = endpoint({
  method: 'POST',
  path: '/chatgpt/mj-associate',
  access: 'identity',
  summary: 'Richer prompts suggested from a short idea',
  tags: ['drawing'],
  body: z.object({
    prompt: z.string().trim().min(1).max(1000),
    count: z.number().int().min(1).max(6).default(4),
  }),
  data: z.object({
    suggestions: z.array(z.string()),
    demo: z.boolean(),
    credits: z.number().int(),
    freeLeft: z.number().int().nullable(),
  }),
});

export const chatDrawSizes = ['1024x1024', '1024x1792', '1792x1024', '512x512'] as const;

export const drawFromChat = endpoint({
  method: 'POST',
  path: '/chatgpt/chat-draw',
  access: 'identity',
  summary:
    'Draw one picture from a chat message through an images model (a task: poll it with drawing.drawingStatus)',
  tags: ['drawing'],
  body: z.object({
    prompt: z.string().trim().min(1).max(4000),
    /** An image model of kind `image` whose provider speaks the OpenAI images API; left out: the first. */
    modelId: z.number().int().positive().optional(),
    size: z.enum(chatDrawSizes).default('1024x1024'),
  }),
  data: drawTask,
});

// ---------------------------------------------------------------- batch download

export const batchDownload = z.object({
  id: z.number().int(),
  status: drawStatus,
  progress: z.number().int(),
  /** How many drawings it holds. */
  count: z.number().int(),
  /** The zip once ready. */
  url: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: isoTime,
});
export type BatchDownload = z.infer<typeof batchDownload>;

export const createZip = endpoint({
  method: 'POST',
  path: '/autoreply/addBatchDownload',
  access: 'identity',
  summary: 'Build a zip of some of your finished drawings (a task; 404 when one is not yours)',
  tags: ['drawing'],
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  data: batchDownload,
});

export const listZips = endpoint({
  method: 'GET',
  path: '/autoreply/queryBatchDownload',
  access: 'identity',
  summary: 'Your zips, newest first (or one, with id)',
  tags: ['drawing'],
  query: z.object({ id: queryInt(z.number().int().positive()).optional() }),
  data: listOf(batchDownload),
});
