import type { AppContext } from '../../context.js';
import { formatAll } from '../../http/messages.js';
import { readOwnedImage } from '../files/index.js';
import { UpstreamError, type StepOutcome, type TaskRow } from '../tasks/index.js';
import type { KindJob } from '../kind-kit/index.js';
import { imageModelOf } from './models.js';
import { texts } from './messages.js';
import type { ImageTaskData, ImageTaskParams } from './params.js';

/** The demo's steps: progress moves like a real service's, then the picture is painted. */
export async function demoStep(
  ctx: AppContext,
  task: TaskRow,
  paint: () => Promise<StepOutcome>,
): Promise<StepOutcome> {
  const pollAfterMs = ctx.config.drawing.demoStepMs;
  if (!task.upstreamId)
    return { type: 'submitted', upstreamId: `demo-${task.id}`, pollAfterMs, progress: 10 };
  if (task.progress < 70) return { type: 'progress', progress: task.progress + 30, pollAfterMs };
  return paint();
}

/** Reads the task's pictures (the caller's own files); a deleted one fails the task. */
export async function picturesOf(ctx: AppContext, userId: number, urls: string[]) {
  const out = [];
  for (const [i, url] of urls.entries()) {
    const img = await readOwnedImage(ctx, userId, url);
    if (!img) throw UpstreamError.permanent(formatAll(texts.pictureGone, {}));
    out.push({
      bytes: img.bytes,
      mime: img.mime,
      name: `image-${i + 1}.${img.mime.split('/')[1] ?? 'png'}`,
    });
  }
  return out;
}

/** A refusal the user reads in their words (the upstream's reason kept). */
export function worded(error: unknown): never {
  if (error instanceof UpstreamError && !error.transient && !error.text)
    throw error.withText(formatAll(texts.upstreamRefused, { reason: error.message }));
  throw error;
}

/**
 * What an asynchronous picture upstream (FLUX on Black Forest Labs or Replicate, Jimeng) is
 * sent, whatever its wire: the provider's address and key, the prompt, the seed, the aspect and
 * the caller's reference pictures.
 */
export async function asyncPictureRequest({
  task,
  params: p,
  model,
  io,
}: KindJob<ImageTaskParams, ImageTaskData>) {
  const m = imageModelOf('draw', model);
  return {
    baseUrl: m.provider.baseUrl,
    apiKey: m.provider.apiKey,
    timeoutMs: m.provider.timeoutMs,
    signal: io.signal,
    model: m.upstreamModel,
    prompt: task.prompt,
    seed: p.seed,
    ...(p.form.aspectRatio ? { aspectRatio: p.form.aspectRatio } : {}),
    images: await picturesOf(io.ctx, task.userId, p.form.images ?? []),
  };
}

/** An asynchronous picture job accepted upstream: polled at the drawing pace from 5 %. */
export const submittedPicture = (
  ctx: AppContext,
  upstreamId: string,
  data?: Record<string, unknown>,
): StepOutcome => ({
  type: 'submitted',
  upstreamId,
  pollAfterMs: ctx.config.drawing.pollMs,
  progress: 5,
  ...(data ? { data } : {}),
});
