import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { isoTime, listOf, pageQuery, queryInt } from './envelope.js';
import { taskStatus } from './tasks.js';

/*
 * AI video (Runway, Luma, Kling, Pika, the OpenAI-style `/v1/videos` New API relays, or the
 * offline demo) as one task kind `video`. The spec's queue calls map onto actions:
 * `runwayVideo` text-to-video (frames optional), `runwayPic` image-to-video (a first frame
 * required), `pikaVideo` the same on a Pika model when one is enabled,
 * `generateHumanAnimeStyleVideo` a person's photo as an anime-style clip (docs/video.md).
 *
 * Frames are an `/upload/file` url or one of the caller's results, or a `data:image/…;base64,`
 * picture sent inline (read and checked to be a picture: anything else is a 400 naming it).
 */

const id = queryInt(z.number().int().positive());

export const videoActions = ['generate', 'image-to-video', 'extend', 'anime', 'cut'] as const;
export const videoAction = z.enum(videoActions);
export type VideoAction = z.infer<typeof videoAction>;

export const videoAspects = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'] as const;
export const videoAspect = z.enum(videoAspects);
export type VideoAspect = z.infer<typeof videoAspect>;

/** Camera presets; providers with camera control get them as moves, others as words. */
export const cameraPresets = [
  'static',
  'zoom_in',
  'zoom_out',
  'pan_left',
  'pan_right',
  'tilt_up',
  'tilt_down',
  'orbit',
] as const;
export const cameraPreset = z.enum(cameraPresets);
export type CameraPreset = z.infer<typeof cameraPreset>;

/**
 * Output resolutions some models take (Seedance, Veo, Hailuo, Wan: `/video/models` lists each
 * model's own in `options.resolutions`; a model with none takes no `resolution`).
 */
export const videoResolutions = ['480p', '512p', '720p', '768p', '1080p'] as const;
export const videoResolution = z.enum(videoResolutions);
export type VideoResolution = z.infer<typeof videoResolution>;

export const brushDirections = ['up', 'down', 'left', 'right'] as const;

/** A picture: one of ours by url, or inline as a data URL (at most 20 MB once decoded). */
export const frameRef = z.string().trim().min(1).max(70_000_000);

/** Painted regions that should move one way (Kling's motion brush). */
export const motionBrush = z.object({
  /** A PNG data URL the size of the first frame: painted (opaque) where things move. */
  mask: z.string().max(8_000_000).startsWith('data:image/png;base64,'),
  direction: z.enum(brushDirections),
});
export type MotionBrush = z.infer<typeof motionBrush>;

export const videoInput = z.object({
  modelId: z.number().int().positive().optional(),
  prompt: z.string().trim().max(2000).default(''),
  negativePrompt: z.string().trim().max(1000).optional(),
  firstFrame: frameRef.optional(),
  lastFrame: frameRef.optional(),
  /**
   * Reference pictures (Vidu's reference-to-video: the subjects to keep in the clip), instead of
   * frames; only up to the model's `options.references` (a model with 0 refuses them: 400).
   */
  references: z.array(frameRef).max(7).optional(),
  aspect: videoAspect.default('16:9'),
  /** Seconds; each model offers its own (see `/video/models`). */
  duration: z.number().int().min(1).max(60).default(5),
  camera: cameraPreset.optional(),
  motionBrush: motionBrush.optional(),
  seed: z.number().int().min(0).max(4_294_967_295).optional(),
  loop: z.boolean().optional(),
  /** Kling: std or pro. */
  mode: z.enum(['std', 'pro']).optional(),
  /** One of the model's `options.resolutions` (a model with none refuses it: 400). */
  resolution: videoResolution.optional(),
  /** Keep the camera still (Seedance's `camera_fixed`): only where `options.cameraFixed`. */
  cameraFixed: z.boolean().optional(),
  /** With a soundtrack (Veo 3, Wan 2.5, Seedance 1.5): only where `options.audio`. */
  audio: z.boolean().optional(),
});
export type VideoInput = z.input<typeof videoInput>;

export const videoFile = z.object({
  url: z.string(),
  posterUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.string(),
  size: z.number().int(),
});

export const videoTask = z.object({
  id: z.number().int(),
  status: taskStatus,
  progress: z.number().int(),
  action: videoAction,
  prompt: z.string(),
  /** Every parameter the screen needs to fill itself again (draw the same). */
  params: z.record(z.string(), z.unknown()),
  /** The stored MP4 (or animated WebP when the demo ran without ffmpeg); null until done. */
  video: videoFile.nullable(),
  /** Seconds, as ffprobe read them from the stored file. */
  duration: z.number().nullable(),
  /** The upstream's own state word (PENDING, dreaming, processing…). */
  upstreamStatus: z.string(),
  error: z.string().nullable(),
  parentId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  demo: z.boolean(),
  credits: z.number().int(),
  /** The clip arrived after the time limit (the task had failed and refunded): kept, not charged. */
  lateResult: z.boolean(),
  /**
   * Failed by the time limit while the upstream still works on it: until then its clip, if it
   * arrives, is kept and shown here, free (null otherwise).
   */
  lateUntil: isoTime.nullable(),
  queuePosition: z.number().int().nullable(),
  /** Seconds since it started running (or since it was queued, while queued). */
  elapsedSeconds: z.number().int(),
  /** Seconds it should still take, as estimated from the model's usual time. */
  estimatedSeconds: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type VideoTask = z.infer<typeof videoTask>;

export const videoModel = z.object({
  id: z.number().int(),
  name: z.string(),
  protocol: z.string(),
  demo: z.boolean(),
  durations: z.array(z.number().int()),
  aspects: z.array(videoAspect),
  /** What the model can do; the screen disables the rest with a reason. */
  supports: z.object({
    text: z.boolean(),
    firstFrame: z.boolean(),
    lastFrame: z.boolean(),
    extend: z.boolean(),
    camera: z.boolean(),
    motionBrush: z.boolean(),
    anime: z.boolean(),
  }),
  /** Options only some models take; the screen shows each only where it is offered. */
  options: z.object({
    /** Resolutions to choose from, the first the default; empty: none to choose. */
    resolutions: z.array(videoResolution),
    cameraFixed: z.boolean(),
    audio: z.boolean(),
    /** How many reference pictures the model takes (reference-to-video); 0: none. */
    references: z.number().int(),
  }),
  prices: z.array(
    z.object({ action: videoAction, priceKey: z.string(), credits: z.number().int() }),
  ),
  /** Typical seconds a clip takes. */
  typicalSeconds: z.number().int(),
});
export type VideoModel = z.infer<typeof videoModel>;

const queue = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    access: 'identity',
    summary,
    tags: ['video'],
    body: videoInput,
    data: videoTask,
  });

export const runwayVideo = queue(
  '/queue/runwayVideo',
  'Queue a text-to-video (first/last frame optional) on the chosen video model (holds its price; 430 when short)',
);
export const runwayPic = queue(
  '/queue/runwayPic',
  'Queue an image-to-video from a first frame (last frame optional)',
);
export const pikaVideo = queue(
  '/queue/pikaVideo',
  'Queue a video on a Pika model (the first enabled one unless modelId names another video model)',
);
export const animeVideo = queue(
  '/queue/generateHumanAnimeStyleVideo',
  "Queue an anime-style video of the person in firstFrame, on a model the operator marked for it ('anime' in its upstream name) or the demo",
);

export const extendVideo = endpoint({
  method: 'POST',
  path: '/video/extend',
  access: 'identity',
  summary: 'Continue one of your finished videos (from its end, or from `fromSeconds`)',
  tags: ['video'],
  body: z.object({
    id: z.number().int().positive(),
    prompt: z.string().trim().max(2000).default(''),
    duration: z.number().int().min(1).max(60).optional(),
    fromSeconds: z.number().min(0).max(3600).optional(),
  }),
  data: videoTask,
});

export const cutVideo = endpoint({
  method: 'POST',
  path: '/video/cut',
  access: 'identity',
  summary: 'Cut a part (start–end seconds) of one of your finished videos into a new one (free)',
  tags: ['video'],
  body: z
    .object({
      id: z.number().int().positive(),
      start: z.number().min(0).max(3600),
      end: z.number().min(0).max(3600),
    })
    .refine((b) => b.end > b.start, { message: 'must be after start', path: ['end'] }),
  data: videoTask,
});

export const videoStatus = endpoint({
  method: 'POST',
  path: '/video/status',
  access: 'identity',
  summary: 'The current state of some of your videos (404 when one is not yours)',
  tags: ['video'],
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(50) }),
  data: listOf(videoTask),
});

export const listVideos = endpoint({
  method: 'GET',
  path: '/video/list',
  access: 'identity',
  summary: 'Your videos, newest first',
  tags: ['video'],
  query: pageQuery,
  data: listOf(videoTask),
});

export const deleteVideos = endpoint({
  method: 'POST',
  path: '/video/delete',
  access: 'identity',
  summary: 'Delete videos of yours (a running one is cancelled and its credits returned)',
  tags: ['video'],
  body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  data: z.object({ deleted: z.number().int() }),
});

export const lastFrame = endpoint({
  method: 'GET',
  path: '/video/lastFrame',
  access: 'identity',
  summary: 'The last frame of one of your videos, stored as a picture (for the next first frame)',
  tags: ['video'],
  query: z.object({ id }),
  data: z.object({ url: z.string(), thumbUrl: z.string() }),
});

export const videoModels = endpoint({
  method: 'GET',
  path: '/video/models',
  access: 'public',
  summary: 'Video models you may use, with durations, aspects, abilities and prices',
  tags: ['video'],
  data: listOf(videoModel),
});

export const videoDemo = z.object({
  id: z.number().int(),
  title: z.string(),
  prompt: z.string(),
  params: z.object({
    aspect: videoAspect,
    duration: z.number().int(),
    camera: cameraPreset.nullable(),
  }),
  /** An MP4 the offline demo renders from the prompt (the same each time). */
  videoUrl: z.string(),
  posterUrl: z.string(),
});
export type VideoDemo = z.infer<typeof videoDemo>;

export const queryVideoDemo = endpoint({
  method: 'GET',
  path: '/autoreply/queryVideoDemo',
  access: 'public',
  summary: 'Example clips with their prompts and parameters',
  tags: ['video'],
  data: listOf(videoDemo),
});
