/** What a music task stores in `params` (everything the screen needs to refill itself). */
export interface MusicParams {
  modelId: number | null;
  mode: 'inspiration' | 'custom';
  prompt: string;
  lyrics: string;
  title: string;
  tags: string;
  instrumental: boolean;
  /** Extend / crop / whole: the song it comes from. */
  source?: { taskId: number; clip: number; at?: number; to?: number };
  /** The upstream clip id of the source (extend, upstream concat). */
  sourceClipId?: string;
}

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

export const paramsOf = (p: Record<string, unknown>) => p as unknown as MusicParams;
export const dataOf = (d: Record<string, unknown>) => d as MusicData;
