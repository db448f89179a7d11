import { formatAll } from '../../http/messages.js';
import { failedFor } from '../../lib/failure-text.js';
import type { VideoState } from '../../providers/video/index.js';
import { UpstreamError, type StepOutcome } from '../tasks/index.js';
import { frameAt, readVideo } from './media.js';
import { texts } from './messages.js';
import type { VideoData } from './params.js';

/** A finished clip as the engine stores it: the MP4 with its poster frame, and its facts. */
export async function videoResult(
  bytes: Buffer,
  extra: VideoData,
  signal?: AbortSignal,
  known?: { mime: string; name: string; width: number; height: number; duration: number },
): Promise<StepOutcome> {
  if (known?.mime === 'image/webp')
    // The demo without ffmpeg: an animated WebP, its own thumbnail.
    return {
      type: 'done',
      files: [{ bytes, name: known.name }],
      data: {
        ...extra,
        duration: known.duration,
        width: known.width,
        height: known.height,
        codec: 'webp',
      },
    };
  let facts;
  try {
    facts = await readVideo(bytes, signal);
  } catch {
    throw UpstreamError.permanent(formatAll(texts.notVideo, {}), 'answer');
  }
  const poster = facts
    ? await frameAt(bytes, Math.min(0.5, facts.duration / 2), signal)
    : undefined;
  const data: VideoData = {
    ...extra,
    ...(facts
      ? { duration: facts.duration, width: facts.width, height: facts.height, codec: facts.codec }
      : {}),
  };
  return {
    type: 'done',
    files: [{ bytes, name: 'video.mp4', mime: 'video/mp4', ...(poster ? { thumb: poster } : {}) }],
    data: data as Record<string, unknown>,
  };
}

/** An upstream state that is not finished or failed, as a step of ours. */
export function pendingOutcome(state: VideoState, pollAfterMs: number, via: string): StepOutcome {
  if (state.phase === 'failed')
    return {
      type: 'failed',
      ...(state.filtered
        ? failedFor(texts.filtered, state.error ?? state.status, 'filtered')
        : failedFor(texts.upstreamFailed, state.error ?? state.status)),
      data: { upstreamStatus: state.status, via },
    };
  return {
    type: 'progress',
    progress: Math.min(99, state.progress),
    pollAfterMs,
    data: { upstreamStatus: state.status },
  };
}
