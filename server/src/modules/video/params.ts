import { z } from 'zod';
import { video as V } from '@atelier/contracts';

/** What a video task keeps in `params`: every field the screen needs to fill itself again. */
export const videoParams = z.object({
  modelId: z.number().int(),
  prompt: z.string(),
  negativePrompt: z.string().optional(),
  /** Our file links (uploads or results) of the frames. */
  firstFrame: z.string().optional(),
  lastFrame: z.string().optional(),
  /** Reference pictures (reference-to-video), our file links. */
  references: z.array(z.string()).optional(),
  aspect: V.videoAspect,
  duration: z.number(),
  camera: V.cameraPreset.optional(),
  /** The brush's mask, stored as an upload, and its direction. */
  motionBrush: z.object({ mask: z.string(), direction: z.enum(V.brushDirections) }).optional(),
  seed: z.number().int(),
  loop: z.boolean().optional(),
  mode: z.enum(['std', 'pro']).optional(),
  resolution: V.videoResolution.optional(),
  cameraFixed: z.boolean().optional(),
  audio: z.boolean().optional(),
  /** Extend / cut: the video they start from (our link) and the parent's upstream id. */
  source: z.string().optional(),
  parentUpstreamId: z.string().optional(),
  fromSeconds: z.number().optional(),
  start: z.number().optional(),
  end: z.number().optional(),
});
export type VideoParams = z.infer<typeof videoParams>;

/** The runner's extras in `data`. */
export const videoData = z.object({
  upstreamStatus: z.string().optional(),
  duration: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  codec: z.string().optional(),
  /** When the upstream took it (ms), for elapsed seconds. */
  submittedAt: z.number().optional(),
  /** Which path ended it: poll or callback (for the logs and tests). */
  via: z.string().optional(),
  /** Set by the task engine: the result arrived after the timeout, kept and charged 0. */
  lateResult: z.boolean().optional(),
});
export type VideoData = z.infer<typeof videoData>;

/** A video task's params, parsed (a stored task was written by this module). */
export const videoParamsOf = (params: Record<string, unknown>): VideoParams =>
  videoParams.parse(params);
/** A video task's data, parsed; fields of other writers are left out. */
export const videoDataOf = (data: Record<string, unknown>): VideoData => videoData.parse(data);
