import { failedWith } from '../../lib/failure-text.js';
import type { AppContext } from '../../context.js';
import { formatAll } from '../../http/messages.js';
import { A1111Client } from '../../providers/image/a1111.js';
import { readOwnedImage } from '../files/index.js';
import { reportProgress, UpstreamError, type StepOutcome, type TaskRow } from '../tasks/index.js';
import { providerById, type SdProvider } from './catalogue.js';
import { texts } from './messages.js';

/** What the runners of `sd` and `sd-tool` share: providers, pictures, demo timing, errors. */

/** The demo walks this many steps of `DRAWING_DEMO_STEP_MS` before its picture is ready. */
export const DEMO_STEPS = 4;

/** The provider a task was queued with (a removed one fails the task, refunded). */
export async function providerOf(ctx: AppContext, task: TaskRow): Promise<SdProvider> {
  const p = task.providerId ? await providerById(ctx, task.providerId) : null;
  if (!p) throw UpstreamError.permanent(formatAll(texts.providerGone, {}));
  return p;
}

export const a1111Of = (p: SdProvider) =>
  new A1111Client({ baseUrl: p.baseUrl, apiKey: p.apiKey, timeoutMs: p.timeoutMs });

/** The bytes of one of the owner's pictures (deleted since it was queued: fails, refunded). */
export async function ownedBytes(ctx: AppContext, userId: number, url: string): Promise<Buffer> {
  const img = await readOwnedImage(ctx, userId, url);
  if (!img) throw UpstreamError.permanent(formatAll(texts.imageNotFound, {}));
  return img.bytes;
}

/** A refusal that will not change, in words the user reads; anything else is retried. */
export function rethrow(error: unknown): never {
  if (error instanceof UpstreamError && !error.transient && !error.text)
    // The user reads the failure's class; its raw message stays in the log and the timeline.
    throw error.withText(failedWith(texts.upstreamFailed, error));
  throw error;
}

/** The demo: progress by time since it was submitted; `null` once its picture is due. */
export function demoProgress(ctx: AppContext, task: TaskRow): StepOutcome | null {
  const step = ctx.config.drawing.demoStepMs;
  const started = Number(task.data.startedAt ?? 0);
  const done = Math.floor((Date.now() - started) / step);
  if (done >= DEMO_STEPS) return null;
  return {
    type: 'progress',
    progress: Math.round((Math.max(done, 0) / DEMO_STEPS) * 100),
    pollAfterMs: step,
    data: { etaSeconds: Math.ceil(((DEMO_STEPS - done) * step) / 1000) },
  };
}

/** The first step of a task whose work happens in `poll` (the demo and synchronous A1111). */
export const deferred = (ctx: AppContext, task: TaskRow, demo: boolean): StepOutcome => ({
  type: 'submitted',
  upstreamId: `${demo ? 'demo' : 'run'}-${task.id}-${Date.now().toString(36)}`,
  pollAfterMs: demo ? ctx.config.drawing.demoStepMs : 0,
  progress: 0,
  data: { startedAt: Date.now() },
});

/** Passes A1111's progress readings on to the task while its synchronous call runs. */
export const progressReporter =
  (ctx: AppContext, task: TaskRow) => (percent: number, etaSeconds: number) => {
    if (!task.upstreamId) return;
    void reportProgress(ctx, {
      taskId: task.id,
      upstreamId: task.upstreamId,
      outcome: {
        type: 'progress',
        progress: Math.min(99, percent),
        pollAfterMs: 0,
        data: { etaSeconds },
      },
    }).catch(() => undefined);
  };

export type { ToolTaskParams } from './params.js';
