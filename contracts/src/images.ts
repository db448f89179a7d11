import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { listOf, queryInt } from './envelope.js';
import { drawTask, imageRef } from './drawing.js';

/*
 * OpenAI images (DALL·E 2/3, gpt-image) on the /draw screen and Stability SD3 on /sd3, as task
 * kinds `image` (actions `generate`, `edit`) and `sd3` (actions `generate`, `image-to-image`).
 * Both answer draw tasks (`drawing.drawTask`); their results come back through the draw-list
 * calls (`GET /chatLog/draw?type=1` DALL·E, `type=2` SD3) and `POST /queue/getMjStatus`.
 */

/** What a model family accepts: the screen builds its size/quality/style controls from it. */
export const imageFamilies = [
  'dall-e-2',
  'dall-e-3',
  'gpt-image',
  'sd3',
  /** Black Forest Labs' FLUX (its own API): aspect ratio, seed, references on Kontext / FLUX.2. */
  'flux',
  /** Gemini image models ("nano-banana"): aspect ratio, up to 4 references to edit from. */
  'gemini-image',
  /** Doubao Seedream on Volcengine Ark: aspect ratio, seed, guidance (3.0), references (4.0). */
  'seedream',
  /** Jimeng (即梦) images on Volcengine's visual API: aspect ratio, seed, references (4.0). */
  'jimeng',
] as const;
export type ImageFamily = (typeof imageFamilies)[number];

export const dalleSizes = [
  '256x256',
  '512x512',
  '1024x1024',
  '1792x1024',
  '1024x1792',
  '1536x1024',
  '1024x1536',
  'auto',
] as const;
export const dalleQualities = ['standard', 'hd', 'low', 'medium', 'high', 'auto'] as const;
export const dalleStyles = ['vivid', 'natural'] as const;
export const gptBackgrounds = ['auto', 'transparent', 'opaque'] as const;
export const gptFormats = ['png', 'jpeg', 'webp'] as const;

export const sd3Aspects = [
  '16:9',
  '1:1',
  '21:9',
  '2:3',
  '3:2',
  '4:5',
  '5:4',
  '9:16',
  '9:21',
] as const;
/** The aspect ratios FLUX (Kontext, Ultra, FLUX.2 by size) and Gemini image models take. */
export const imageAspects = [
  '1:1',
  '16:9',
  '9:16',
  '4:3',
  '3:4',
  '3:2',
  '2:3',
  '21:9',
  '9:21',
] as const;

export const sd3StylePresets = [
  '3d-model',
  'analog-film',
  'anime',
  'cinematic',
  'comic-book',
  'digital-art',
  'enhance',
  'fantasy-art',
  'isometric',
  'line-art',
  'low-poly',
  'modeling-compound',
  'neon-punk',
  'origami',
  'photographic',
  'pixel-art',
  'tile-texture',
] as const;

export const imageModel = z.object({
  id: z.number().int(),
  name: z.string(),
  family: z.enum(imageFamilies),
  /** True for the offline demo (no real AI). */
  demo: z.boolean(),
  vipOnly: z.boolean(),
  /** The choices this model accepts (empty: the control is hidden). */
  sizes: z.array(z.string()),
  qualities: z.array(z.string()),
  styles: z.array(z.string()),
  maxN: z.number().int(),
  /** Reference pictures (and a mask) go to the edits call. */
  edits: z.boolean(),
  /** Aspect ratios the model takes instead of sizes (empty: hidden). */
  aspects: z.array(z.string()),
  /** Whether a seed can be given (the same seed and prompt draw the same picture). */
  seed: z.boolean(),
  /** Whether an edit takes a painted mask (else references only guide the picture). */
  mask: z.boolean(),
  /** Whether a guidance scale (1–10: how closely the picture follows the prompt) can be given. */
  guidance: z.boolean(),
  /** Credits per picture, per action (`generate`, `edit`, `image-to-image`). */
  prices: z.array(z.object({ action: z.string(), credits: z.number().int() })),
});
export type ImageModel = z.infer<typeof imageModel>;

export const listImageModels = endpoint({
  method: 'GET',
  path: '/images/models',
  access: 'public',
  summary:
    'Models of the DALL·E screen (use=draw) or the SD3 screen (use=sd3), with their choices and prices',
  tags: ['images'],
  query: z.object({ use: z.enum(['draw', 'sd3']).default('draw') }),
  data: listOf(imageModel),
});

const modelId = z.number().int().positive().optional();

export const dalleInput = z.object({
  /** A model of `/images/models?use=draw`; left out: the first one offered. */
  modelId,
  prompt: z.string().trim().min(1).max(4000),
  /** Pictures to draw: one task each (DALL·E 3 draws one per call). */
  n: z.number().int().min(1).max(4).default(1),
  size: z.enum(dalleSizes).optional(),
  quality: z.enum(dalleQualities).optional(),
  style: z.enum(dalleStyles).optional(),
  background: z.enum(gptBackgrounds).optional(),
  outputFormat: z.enum(gptFormats).optional(),
  /** FLUX / Gemini image models: the picture's aspect ratio (`aspects` of the model). */
  aspectRatio: z.enum(imageAspects).optional(),
  /** FLUX: 0–4294967294, the same seed and prompt draw the same picture. */
  seed: z.number().int().min(0).max(4_294_967_294).optional(),
  /** Seedream 3.0: how closely the picture follows the prompt (`guidance` of the model). */
  guidance: z.number().min(1).max(10).optional(),
  /** Reference pictures of yours: the request goes to the edits call. */
  images: z.array(imageRef).max(4).default([]),
  /** With references: a PNG (base64 or data: url), transparent where the picture is painted. */
  maskBase64: z.string().max(8_000_000).optional(),
});
export type DalleInput = z.infer<typeof dalleInput>;

export const dalleCreate = endpoint({
  method: 'POST',
  path: '/queue/dalleCreate',
  access: 'identity',
  summary:
    'Queue DALL·E / gpt-image pictures (n tasks; with references: edits, optional mask); all or none: 430 when credits are short',
  tags: ['images'],
  body: dalleInput,
  data: listOf(drawTask),
});

export const sd3Input = z.object({
  /** A model of `/images/models?use=sd3`; left out: the first one offered. */
  modelId,
  prompt: z.string().trim().min(1).max(10000),
  mode: z.enum(['text-to-image', 'image-to-image']).default('text-to-image'),
  aspectRatio: z.enum(sd3Aspects).default('1:1'),
  /** 0–4294967294; left out: a new one each time (the result says which). */
  seed: z.number().int().min(0).max(4_294_967_294).optional(),
  negativePrompt: z.string().trim().max(10000).optional(),
  cfgScale: z.number().min(1).max(10).optional(),
  stylePreset: z.enum(sd3StylePresets).optional(),
  outputFormat: z.enum(['png', 'jpeg']).default('png'),
  /** Image-to-image: a picture of yours and how much of it changes (0–1). */
  image: imageRef.optional(),
  strength: z.number().min(0).max(1).optional(),
});
export type Sd3Input = z.infer<typeof sd3Input>;

export const sd3Create = endpoint({
  method: 'POST',
  path: '/queue/sdxlCreate',
  access: 'identity',
  summary:
    'Queue an SD3 picture, text-to-image or image-to-image (holds its price; 430 when credits are short)',
  tags: ['images'],
  body: sd3Input,
  data: drawTask,
});

export const imageQuote = endpoint({
  method: 'GET',
  path: '/images/quote',
  access: 'identity',
  summary: 'What DALL·E / SD3 pictures would cost and how many tasks wait before them',
  tags: ['images'],
  query: z.object({
    use: z.enum(['draw', 'sd3']).default('draw'),
    modelId: queryInt(z.number().int().positive()),
    action: z.enum(['generate', 'edit', 'image-to-image']).default('generate'),
    n: queryInt(z.number().int().min(1).max(4)).default(1),
  }),
  data: z.object({
    unitCredits: z.number().int(),
    totalCredits: z.number().int(),
    balance: z.number().int(),
    enough: z.boolean(),
    queueAhead: z.number().int(),
  }),
});
