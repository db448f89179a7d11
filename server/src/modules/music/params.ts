import { z } from 'zod';

/** What a music task stores in `params` (everything the screen needs to refill itself). */
export const musicParams = z.object({
  modelId: z.number().int().nullable(),
  mode: z.enum(['inspiration', 'custom']),
  prompt: z.string(),
  lyrics: z.string(),
  title: z.string(),
  tags: z.string(),
  instrumental: z.boolean(),
  /** Extend / crop / whole: the song it comes from. */
  source: z
    .object({
      taskId: z.number().int(),
      clip: z.number().int(),
      at: z.number().optional(),
      to: z.number().optional(),
    })
    .optional(),
  /** The upstream clip id of the source (extend, upstream concat). */
  sourceClipId: z.string().optional(),
});
export type MusicParams = z.infer<typeof musicParams>;

const fileIndex = z.number().int();
const stems = z.object({ vocals: fileIndex, instrumental: fileIndex });

/** One delivered (or failed) clip in `data.clips`; numbers are indexes into the task's files. */
export const clipData = z.object({
  id: z.string(),
  status: z.enum(['complete', 'error']),
  title: z.string(),
  tags: z.string(),
  lyrics: z.string(),
  lrc: z.string(),
  duration: z.number().nullable(),
  error: z.string().nullable(),
  audio: fileIndex.nullable(),
  wav: fileIndex.nullable(),
  image: fileIndex.nullable(),
  stems: stems.nullable(),
});
export type ClipData = z.infer<typeof clipData>;

/**
 * `data` of a music task. Demo songs also carry `demo: true` and `stems` (the file indexes of
 * the first clip's vocals and instrumental; the song `data.clips[0].wav` is their exact
 * sample-wise sum), for the separation demo.
 */
export const musicData = z.object({
  clips: z.array(clipData).optional(),
  demo: z.boolean().optional(),
  stems: stems.optional(),
  /** Upstream clip ids still being made (polling). */
  pending: z.array(z.string()).optional(),
});
export type MusicData = z.infer<typeof musicData>;

/** What the screen shows of any music task's params: each field when it is there and right. */
export function shownParamsOf(p: Record<string, unknown>): Partial<MusicParams> {
  const r = musicParams.partial().safeParse(p);
  return r.success ? r.data : {};
}

/** A music task's params, parsed (a stored task was written by this module). */
export const paramsOf = (p: Record<string, unknown>): MusicParams => musicParams.parse(p);
/** Any task's data read as a music task's (nothing of it when it is not one). */
export const dataOf = (d: Record<string, unknown>): MusicData => {
  const r = musicData.safeParse(d);
  return r.success ? r.data : {};
};
