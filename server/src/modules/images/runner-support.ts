import type { AppContext } from '../../context.js';
import { formatAll } from '../../http/messages.js';
import { readOwnedImage } from '../files/index.js';
import { UpstreamError, type StepOutcome, type TaskRow } from '../tasks/index.js';
import { texts } from './messages.js';

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
