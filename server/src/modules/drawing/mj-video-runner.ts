import type { AppContext } from '../../context.js';
import { formatAll } from '../../http/messages.js';
import { failedFor } from '../../lib/failure-text.js';
import type {
  MidjourneyProxyClient,
  MjTask,
  SubmitOk,
} from '../../providers/image/midjourney-proxy.js';
import { videoLinksOf } from '../../providers/image/mj-video.js';
import { renderDemoVideo } from '../../providers/video/demo-video.js';
import { readOwnedImage } from '../files/index.js';
import { UpstreamError, type StepOutcome } from '../tasks/index.js';
import { texts } from './messages.js';
import type { MjJob, MjTaskData, MjTaskParams } from './mj-params.js';

/*
 * Midjourney video as `mj` task steps (docs/drawing.md, Midjourney video): animate a finished
 * picture or extend a finished video through a fork's `/mj/submit/video`, or the demo's clip.
 */

/** The picture a clip starts from (its poster), read from the owner's files. */
async function startPicture(ctx: AppContext, userId: number, p: MjTaskParams) {
  const picture = await readOwnedImage(ctx, userId, p.poster ?? '');
  // The picture was deleted after the task was queued.
  if (!picture) throw UpstreamError.permanent(formatAll(texts.imageNotFound, {}));
  return picture;
}

/** Sends the animation (the picture as a data URL) or the extension (the video's task). */
export async function submitVideo(
  client: MidjourneyProxyClient,
  { task, params: p, io }: MjJob,
  hook: { notifyHook: string; state: string },
): Promise<SubmitOk> {
  const from =
    task.action === 'video_extend'
      ? { action: 'extend' as const, taskId: p.parentUpstreamId ?? '', index: 0 }
      : await startPicture(io.ctx, task.userId, p).then((img) => ({
          image: `data:${img.mime};base64,${img.bytes.toString('base64')}`,
        }));
  return client.video(
    {
      prompt: p.finalPrompt ?? task.prompt,
      motion: p.motion ?? 'low',
      // One clip per task: one result, one price.
      batchSize: 1,
      ...from,
      ...hook,
    },
    p.mode,
    io.signal,
  );
}

/**
 * A fork's finished VIDEO task: its first clip, as an MP4 to copy. Finished by the poll, which
 * adds the poster (`withPoster`): a notify (`polled` false) reports progress only.
 */
export function videoOutcome(task: MjTask, pollAfterMs: number, polled: boolean): StepOutcome {
  const upstreamStatus = task.status ?? 'SUCCESS';
  if (!polled) return { type: 'progress', progress: 99, pollAfterMs, data: { upstreamStatus } };
  const [clip] = videoLinksOf(task);
  if (!clip)
    return {
      type: 'failed',
      ...failedFor(texts.upstreamFailed, 'no video link in the finished task'),
      data: { upstreamStatus },
    };
  const data: MjTaskData = { upstreamStatus, finalPrompt: task.prompt ?? '' };
  return {
    type: 'done',
    files: [{ url: clip, name: 'video.mp4', mime: 'video/mp4' }],
    data: data as Record<string, unknown>,
  };
}

/** A finished clip's poster: the picture it started from, stored as its thumbnail. */
export async function withPoster(
  ctx: AppContext,
  userId: number,
  p: MjTaskParams,
  outcome: StepOutcome,
): Promise<StepOutcome> {
  if (outcome.type !== 'done') return outcome;
  const poster = await readOwnedImage(ctx, userId, p.poster ?? '');
  return poster
    ? { ...outcome, files: outcome.files.map((f) => ({ ...f, thumb: poster.bytes })) }
    : outcome;
}

/** The demo's Midjourney video: a 2 s clip that starts from the picture (demo-video.ts). */
export async function demoVideo({ task, params: p, io }: MjJob): Promise<StepOutcome> {
  const start = await startPicture(io.ctx, task.userId, p);
  const clip = await renderDemoVideo(
    {
      prompt: task.prompt,
      aspect: '1:1',
      duration: 2,
      firstFrame: start.bytes,
      camera: p.motion === 'high' ? 'zoom_in' : 'static',
    },
    { signal: io.signal },
  );
  const data: MjTaskData = { upstreamStatus: 'SUCCESS', finalPrompt: task.prompt };
  return {
    type: 'done',
    files: [
      {
        bytes: clip.bytes,
        name: clip.name,
        ...(clip.mime === 'video/mp4' ? { mime: clip.mime, thumb: start.bytes } : {}),
      },
    ],
    data: data as Record<string, unknown>,
  };
}
