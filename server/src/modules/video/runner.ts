import type { AppContext } from '../../context.js';
import { failedFor, failedWith } from '../../lib/failure-text.js';
import { formatAll } from '../../http/messages.js';
import { type Frame, type VideoJob } from '../../providers/video/index.js';
import {
  renderDemoVideo,
  demoVideoStateAt,
  newDemoVideoId,
} from '../../providers/video/demo-video.js';
import { fileUrl, keyOfUrl, readOwnedImage, storeFile } from '../files/index.js';
import { UpstreamError, type StepOutcome, type TaskIo, type TaskRow } from '../tasks/index.js';
import { callbackUrl } from './callback-secret.js';
import { cutVideo, frameAt, joinVideos } from './media.js';
import { texts } from './messages.js';
import type { VideoModelRow } from './models.js';
import { videoParamsOf, type VideoData } from './params.js';
import { pendingOutcome, videoResult } from './results.js';

const paramsOf = (t: TaskRow) => videoParamsOf(t.params);

async function own(ctx: AppContext, t: TaskRow, url: string | undefined) {
  if (!url) return undefined;
  const f = await readOwnedImage(ctx, t.userId, url);
  if (!f) throw UpstreamError.permanent(formatAll(texts.imageNotFound, {}));
  return f;
}

/** A picture as an upstream takes it: bytes, and a signed link it can fetch on PUBLIC_URL. */
async function frameOf(
  ctx: AppContext,
  t: TaskRow,
  url: string | undefined,
): Promise<Frame | undefined> {
  const f = await own(ctx, t, url);
  if (!f || !url) return undefined;
  const key = keyOfUrl(url)!;
  return { bytes: f.bytes, mime: f.mime, link: `${ctx.config.publicUrl}${fileUrl(ctx, key)}` };
}

/** Extend where the upstream cannot: the frame at the point becomes the new first frame. */
async function extendFrame(ctx: AppContext, t: TaskRow, signal: AbortSignal): Promise<Buffer> {
  const p = paramsOf(t);
  const src = await own(ctx, t, p.source);
  return frameAt(src!.bytes, p.fromSeconds !== undefined ? p.fromSeconds : -0.1, signal);
}

/** The kept part before the point, then the new clip. */
async function joinedExtend(ctx: AppContext, t: TaskRow, clip: Buffer, signal: AbortSignal) {
  const p = paramsOf(t);
  const src = await own(ctx, t, p.source);
  if (p.fromSeconds === 0) return clip;
  const kept =
    p.fromSeconds !== undefined ? await cutVideo(src!.bytes, 0, p.fromSeconds, signal) : src!.bytes;
  return joinVideos(kept, clip, signal);
}

export async function runCut(ctx: AppContext, t: TaskRow, io: TaskIo): Promise<StepOutcome> {
  const p = paramsOf(t);
  const src = await own(ctx, t, p.source);
  const bytes = await cutVideo(src!.bytes, p.start ?? 0, p.end ?? p.duration, io.signal);
  return videoResult(bytes, { upstreamStatus: 'CUT' }, io.signal);
}

function rethrow(error: unknown): never {
  if (error instanceof UpstreamError && !error.transient && !error.text)
    throw error.withText(
      error.kind === 'banned'
        ? failedFor(texts.filtered, error.message, 'filtered').error
        : failedWith(texts.upstreamRefused, error),
    );
  throw error;
}

async function demoClip(ctx: AppContext, t: TaskRow, io: TaskIo): Promise<StepOutcome> {
  const p = paramsOf(t);
  const extend = t.action === 'extend';
  const first = extend
    ? await extendFrame(ctx, t, io.signal)
    : (await own(ctx, t, p.firstFrame ?? p.references?.[0]))?.bytes;
  const last = (await own(ctx, t, p.lastFrame))?.bytes;
  const clip = await renderDemoVideo(
    {
      prompt: t.prompt,
      seed: p.seed,
      aspect: p.aspect,
      duration: p.duration,
      // A still camera (Seedance's option) is the demo's static preset.
      ...(p.camera ? { camera: p.camera } : p.cameraFixed ? { camera: 'static' as const } : {}),
      ...(first ? { firstFrame: first } : {}),
      ...(last && !extend ? { lastFrame: last } : {}),
      anime: t.action === 'anime',
    },
    { signal: io.signal },
  );
  if (clip.mime !== 'video/mp4')
    return videoResult(clip.bytes, { upstreamStatus: 'SUCCEEDED' }, io.signal, clip);
  const bytes = extend ? await joinedExtend(ctx, t, clip.bytes, io.signal) : clip.bytes;
  return videoResult(bytes, { upstreamStatus: 'SUCCEEDED' }, io.signal);
}

/** The upstream continues its own clip (Luma), rather than starting from our frame of it. */
function nativeExtend(t: TaskRow, m: VideoModelRow): boolean {
  const p = paramsOf(t);
  return (
    t.action === 'extend' &&
    !!m.adapter?.nativeExtend &&
    p.fromSeconds === undefined &&
    !!p.parentUpstreamId
  );
}

async function jobOf(ctx: AppContext, t: TaskRow, m: VideoModelRow, io: TaskIo): Promise<VideoJob> {
  const p = paramsOf(t);
  const native = nativeExtend(t, m);
  let firstFrame = await frameOf(ctx, t, p.firstFrame);
  if (t.action === 'extend' && !native) {
    const bytes = await extendFrame(ctx, t, io.signal);
    const f = await storeFile(ctx, {
      userId: t.userId,
      origin: 'upload',
      bytes,
      name: 'extend-frame.jpg',
    });
    firstFrame = {
      bytes,
      mime: 'image/jpeg',
      link: `${ctx.config.publicUrl}${fileUrl(ctx, f.key)}`,
    };
  }
  const mask = await own(ctx, t, p.motionBrush?.mask);
  return {
    action: t.action === 'extend' && !native ? 'image-to-video' : (t.action as VideoJob['action']),
    model: m.upstreamModel,
    prompt: t.prompt,
    aspect: p.aspect,
    duration: p.duration,
    externalId: String(t.id),
    ...(p.negativePrompt ? { negativePrompt: p.negativePrompt } : {}),
    ...(firstFrame ? { firstFrame } : {}),
    ...(t.action !== 'extend' && p.lastFrame
      ? { lastFrame: await frameOf(ctx, t, p.lastFrame) }
      : {}),
    ...(t.action !== 'extend' && p.references?.length
      ? {
          references: (await Promise.all(p.references.map((r) => frameOf(ctx, t, r)))).filter(
            (f) => !!f,
          ),
        }
      : {}),
    ...(p.camera ? { camera: p.camera } : {}),
    ...(mask && p.motionBrush
      ? { motionBrush: { mask: mask.bytes, direction: p.motionBrush.direction } }
      : {}),
    seed: p.seed,
    ...(p.loop !== undefined ? { loop: p.loop } : {}),
    ...(p.mode ? { mode: p.mode } : {}),
    ...(p.resolution ? { resolution: p.resolution } : {}),
    ...(p.cameraFixed !== undefined ? { cameraFixed: p.cameraFixed } : {}),
    ...(p.audio !== undefined ? { audio: p.audio } : {}),
    ...(native ? { parentUpstreamId: p.parentUpstreamId } : {}),
    ...(m.adapter?.callbacks ? { callbackUrl: callbackUrl(ctx, m.protocol, t.id) } : {}),
  };
}

export async function submitUpstream(
  ctx: AppContext,
  t: TaskRow,
  m: VideoModelRow,
  io: TaskIo,
): Promise<StepOutcome> {
  const job = await jobOf(ctx, t, m, io);
  try {
    const { id } = await m.adapter!.submit(m.provider, job, io.signal);
    const data: VideoData = { upstreamStatus: 'SUBMITTED', submittedAt: Date.now() };
    return {
      type: 'submitted',
      upstreamId: id,
      pollAfterMs: ctx.config.video.pollMs,
      progress: 0,
      data: data as Record<string, unknown>,
    };
  } catch (error) {
    rethrow(error);
  }
}

export async function pollUpstream(
  ctx: AppContext,
  t: TaskRow,
  m: VideoModelRow,
  io: TaskIo,
): Promise<StepOutcome> {
  const adapter = m.adapter!;
  const id = t.upstreamId ?? '';
  try {
    const state = await adapter.fetch(m.provider, id, io.signal);
    if (state.phase !== 'succeeded') return pendingOutcome(state, ctx.config.video.pollMs, 'poll');
    // An expired link answers 403/404: a transient error, and the next poll gets a fresh one.
    let bytes = await adapter.download(m.provider, id, state, io.signal);
    if (t.action === 'extend' && !nativeExtend(t, m))
      bytes = await joinedExtend(ctx, t, bytes, io.signal);
    return await videoResult(bytes, { upstreamStatus: state.status }, io.signal);
  } catch (error) {
    rethrow(error);
  }
}

/** The offline demo: a made-up upstream id, then its eight steps, then the clip rendered here. */
export const demoVideo = {
  async submit(_task: TaskRow, io: TaskIo): Promise<StepOutcome> {
    const data: VideoData = { upstreamStatus: 'PENDING', submittedAt: Date.now() };
    return {
      type: 'submitted',
      upstreamId: newDemoVideoId(),
      pollAfterMs: io.ctx.config.video.demoStepMs,
      progress: 0,
      data: data as Record<string, unknown>,
    };
  },
  async poll(task: TaskRow, io: TaskIo): Promise<StepOutcome> {
    const s = demoVideoStateAt(task.upstreamId ?? '', io.ctx.config.video.demoStepMs);
    if (s.status !== 'SUCCEEDED')
      return {
        type: 'progress',
        progress: s.progress,
        pollAfterMs: s.nextInMs,
        data: { upstreamStatus: s.status },
      };
    return demoClip(io.ctx, task, io);
  },
};
