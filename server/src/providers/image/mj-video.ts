import type { MjFlavour, MjTask } from './midjourney-proxy.js';

/**
 * Midjourney video through a midjourney-proxy fork that has it: trueai-org/midjourney-proxy
 * `src/Midjourney.API/Controllers/SubmitController.cs` (Video), `src/Midjourney.Base/Dto/
 * SubmitVideoDTO.cs`, `src/Midjourney.Base/Models/TaskInfo.cs` (`videoUrl`, `videoUrls`). A fork
 * whose `EnableVideo` setting is off answers code 4 "视频功能未启用"; an extend of a task that is
 * not there answers HTTP 404 code 3, of one not finished code 4.
 */
export interface MjVideoBody {
  prompt: string;
  /** How much moves: `low` (the default) or `high`. */
  motion?: 'low' | 'high';
  /** The first frame: a finished picture's link, or base64 (left out to extend). */
  image?: string;
  /** An optional last frame (link or base64). */
  endImage?: string;
  loop?: boolean;
  /** `extend` a finished video: `taskId` and the `index` of its clip (0–3). */
  action?: 'extend';
  taskId?: string;
  index?: number;
  /** SD `vid_1.1_i2v_480` (the default) or HD `vid_1.1_i2v_720`. */
  videoType?: 'vid_1.1_i2v_480' | 'vid_1.1_i2v_720';
  /** Clips per job: 1, 2 or 4 (the default). */
  batchSize?: 1 | 2 | 4;
  notifyHook?: string;
  state?: string;
}

/** What a fork's VIDEO task adds to a task: its first clip and every clip (`TaskInfo`). */
export interface MjVideoFields {
  videoUrl?: string | null;
  videoUrls?: Array<{ url: string; thumbnail?: string }> | null;
}

/** A finished VIDEO task's clips (`videoUrls`, else `videoUrl`), in batch order. */
export const videoLinksOf = (t: MjTask): string[] =>
  t.videoUrls?.length
    ? t.videoUrls.map((v) => v.url).filter(Boolean)
    : t.videoUrl
      ? [t.videoUrl]
      : [];

/** Which flavours have `/mj/submit/video`: trueai-org's fork (not novicezk, -plus, New API). */
export const hasVideo = (f: MjFlavour) => f === 'trueai';
