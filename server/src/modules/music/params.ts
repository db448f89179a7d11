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

/** One delivered (or failed) clip in `data.clips`; numbers are indexes into the task's files. */
export interface ClipData {
  id: string;
  status: 'complete' | 'error';
  title: string;
  tags: string;
  lyrics: string;
  lrc: string;
  duration: number | null;
  error: string | null;
  audio: number | null;
  wav: number | null;
  image: number | null;
  stems: { vocals: number; instrumental: number } | null;
}

/**
 * `data` of a music task. Demo songs also carry `demo: true` and `stems` (the file indexes of
 * the first clip's vocals and instrumental; the song `data.clips[0].wav` is their exact
 * sample-wise sum), for the separation demo.
 */
export interface MusicData {
  clips?: ClipData[];
  demo?: boolean;
  stems?: { vocals: number; instrumental: number };
  /** Upstream clip ids still being made (polling). */
  pending?: string[];
}

/** What the screen shows of any music task's params: each field when it is there and right. */
export function shownParamsOf(p: Record<string, unknown>): Partial<MusicParams> {
  const r = musicParams.partial().safeParse(p);
  return r.success ? r.data : {};
}

/** A music task's params, parsed (a stored task was written by this module). */
export const paramsOf = (p: Record<string, unknown>): MusicParams => musicParams.parse(p);
export const dataOf = (d: Record<string, unknown>) => d as MusicData;
