import type { video as V } from '@atelier/contracts';

/** What a video task keeps in `params`: every field the screen needs to fill itself again. */
export interface VideoParams {
  modelId: number;
  prompt: string;
  negativePrompt?: string;
  /** Our file links (uploads or results) of the frames. */
  firstFrame?: string;
  lastFrame?: string;
  aspect: V.VideoAspect;
  duration: number;
  camera?: V.CameraPreset;
  /** The brush's mask, stored as an upload, and its direction. */
  motionBrush?: { mask: string; direction: (typeof V.brushDirections)[number] };
  seed: number;
  loop?: boolean;
  mode?: 'std' | 'pro';
  /** Extend / cut: the video they start from (our link) and the parent's upstream id. */
  source?: string;
  parentUpstreamId?: string;
  fromSeconds?: number;
  start?: number;
  end?: number;
}

/** The runner's extras in `data`. */
export interface VideoData {
  upstreamStatus?: string;
  duration?: number;
  width?: number;
  height?: number;
  codec?: string;
  /** When the upstream took it (ms), for elapsed seconds. */
  submittedAt?: number;
  /** Which path ended it: poll or callback (for the logs and tests). */
  via?: string;
  /** Set by the task engine: the result arrived after the timeout, kept and charged 0. */
  lateResult?: boolean;
}
