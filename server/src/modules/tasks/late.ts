import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { runPeriodically } from '../../lib/periodic.js';
import type { BackgroundTask } from '../module.js';
import { deleteFiles, type FileRow } from '../files/index.js';
import { recordLateFailure, recordLateResult } from './events.js';
import { markFailed, storeResults } from './finish.js';
import { texts } from './messages.js';
import { mergeData, toStoredFiles, toTaskRow, type RawTask } from './rows.js';
import { UpstreamError, type StepOutcome } from './runner.js';

/*
 * Late results (docs/tasks.md#late-results). A task that fails by its timeout while its job is
 * still upstream is refunded at once, and stays watched for `tasks.lateWatchMs`: polled every
 * `tasks.latePollMs` here, or at once when its upstream calls back. A result that then arrives
 * is copied into storage and the task succeeds, charged 0: its hold was returned at the
 * timeout and is never touched again. A definite upstream failure ends the watch.
 *
 * The state is in the row (`late_until`, `late_poll_at`), so the watch survives a restart. A
 * late poll is no worker step: it takes no running slot and no provider slot from live tasks.
 * Each poll claims its task by moving `late_poll_at` on (one poller per period across
 * processes); the result is applied in one transaction guarded on the task still being
 * failed and watched, so a callback and a poll that race apply it once.
 */

const { failed, succeeded } = TaskStatus;

/** Watched tasks polled per round, oldest due first (the rest wait for the next round). */
const ROUND_LIMIT = 50;

/**
 * Fails a task by its timeout and returns its hold (markFailed), and in the same transaction,
 * when its job reached the upstream, starts watching it for a late result.
 */
export function markTimedOut(ctx: AppContext, raw: RawTask): Promise<boolean> {
  const { lateWatchMs, latePollMs } = ctx.config.tasks;
  return markFailed(ctx, null, raw, texts.taskTimedOut, undefined, async (trx) => {
    if (lateWatchMs <= 0) return;
    const now = Date.now();
    await trx
      .updateTable('tasks')
      .set({ late_until: now + lateWatchMs, late_poll_at: now + latePollMs })
      .where('id', '=', raw.id)
      .where('upstream_id', 'is not', null)
      .execute();
  });
}

/**
 * An upstream's push for a task that is no longer running (service.reportProgress asks here
 * when no running task matched): for a watched task whose job ended, the task is polled at
 * once (the poll reads the result under the claim, as a worker would). True when it was such a
 * push.
 */
export async function reportLate(
  ctx: AppContext,
  input: { taskId: number; upstreamId: string; outcome: StepOutcome },
): Promise<boolean> {
  if (input.outcome.type !== 'done' && input.outcome.type !== 'failed') return false;
  const due = await ctx.db.kysely
    .updateTable('tasks')
    .set({ late_poll_at: Date.now() })
    .where('id', '=', input.taskId)
    .where('upstream_id', '=', input.upstreamId)
    .where('status', '=', failed)
    .where('late_until', 'is not', null)
    .executeTakeFirst();
  if (Number(due.numUpdatedRows) === 0) return false;
  lateWatchOf(ctx).checkSoon(input.taskId);
  return true;
}

/** Moves a watched task's next poll on, if it is due: true (and the row) when this caller polls. */
async function claimLatePoll(ctx: AppContext, taskId: number): Promise<RawTask | undefined> {
  const now = Date.now();
  return ctx.db.kysely
    .updateTable('tasks')
    .set({ late_poll_at: now + ctx.config.tasks.latePollMs })
    .where('id', '=', taskId)
    .where('status', '=', failed)
    .where('late_until', 'is not', null)
    .where('late_poll_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The result kept: the task succeeds with its stored files, charged 0, in one transaction
 * that only applies while the task is still failed and watched for this upstream job.
 * False (nothing changed) when another poll or callback came first, or the task was deleted.
 */
async function keepLateResult(
  ctx: AppContext,
  raw: RawTask,
  stored: FileRow[],
  data?: Record<string, unknown>,
): Promise<boolean> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tasks')
      .set({
        status: succeeded,
        progress: 100,
        files: JSON.stringify(toStoredFiles(stored)),
        data: mergeData(raw, { ...data, lateResult: true }),
        error: null,
        credits: 0,
        finished_at: nowIso(),
        late_until: null,
        late_poll_at: null,
      })
      .where('id', '=', raw.id)
      .where('status', '=', failed)
      .where('late_until', 'is not', null)
      .where('upstream_id', '=', raw.upstream_id ?? '')
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await recordLateResult(trx, raw);
    return true;
  });
}

/** The upstream said it will not deliver: the watch ends; the task stays failed and refunded. */
async function endWatch(
  ctx: AppContext,
  raw: RawTask,
  error: Extract<StepOutcome, { type: 'failed' }>,
): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tasks')
      .set({ late_until: null, late_poll_at: null, data: mergeData(raw, error.data) })
      .where('id', '=', raw.id)
      .where('status', '=', failed)
      .where('late_until', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (row) await recordLateFailure(trx, raw, error.error, error.detail);
  });
}

/** A step's promise, or its rejection once `signal` aborts (a poll that ignores its signal). */
function untilAborted<T>(step: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    step,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(new Error('late poll stopped'));
      signal.addEventListener('abort', () => reject(new Error('late poll stopped')));
    }),
  ]);
}

/**
 * One late poll of one watched task, if it is due and no one else is polling it: its
 * runner's `poll`, then the result kept, or the watch ended on a definite failure. Anything
 * else (still running, a transient error, a copy that failed) waits for the next poll.
 */
async function checkLate(ctx: AppContext, taskId: number, stop: AbortSignal): Promise<void> {
  const raw = await claimLatePoll(ctx, taskId);
  if (!raw) return;
  const runner = ctx.taskRunners.get(raw.kind);
  if (!runner) return endWatch(ctx, raw, { type: 'failed', error: texts.taskNoRunner });
  const log = ctx.log.child({ taskId, late: true });
  const signal = AbortSignal.any([stop, AbortSignal.timeout(ctx.config.tasks.stepTimeoutMs)]);
  let outcome: StepOutcome;
  try {
    outcome = await untilAborted(runner.poll(toTaskRow(ctx, raw), { ctx, log, signal }), signal);
  } catch (error) {
    if (error instanceof UpstreamError && !error.transient)
      return endWatch(ctx, raw, {
        type: 'failed',
        error: error.text ?? texts.taskUpstreamFailed,
        detail: error.message,
      });
    return log.warn({ err: (error as Error).message }, 'late poll failed; trying again later');
  }
  if (outcome.type === 'failed') return endWatch(ctx, raw, outcome);
  if (outcome.type !== 'done') return;
  let stored: FileRow[];
  try {
    stored = await storeResults(ctx, raw, outcome.files);
  } catch (error) {
    return log.warn({ err: (error as Error).message }, 'late result not copied; trying again');
  }
  if (await keepLateResult(ctx, raw, stored, outcome.data))
    log.info('late result kept, not charged');
  else await deleteFiles(ctx, stored);
}

/**
 * One per app context: the periodic round over the watched tasks (in processes that run
 * workers) and the polls a callback starts at once (in whichever process took it).
 */
class LateWatch {
  private readonly stopper = new AbortController();
  private round: BackgroundTask | null = null;
  private readonly checks = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  /** Starts the rounds (idempotent): the watch is over for tasks past `late_until`. */
  start(): void {
    const { lateWatchMs, latePollMs } = this.ctx.config.tasks;
    if (this.round || lateWatchMs <= 0) return;
    this.round = runPeriodically(this.ctx.log, 'late results', latePollMs, () => this.sweep());
  }

  private async sweep(): Promise<void> {
    const db = this.ctx.db.kysely;
    const now = Date.now();
    await db
      .updateTable('tasks')
      .set({ late_until: null, late_poll_at: null })
      .where('late_until', 'is not', null)
      .where('late_until', '<', now)
      .execute();
    const due = await db
      .selectFrom('tasks')
      .select('id')
      .where('late_until', 'is not', null)
      .where('late_poll_at', '<=', now)
      .orderBy('late_poll_at')
      .orderBy('id')
      .limit(ROUND_LIMIT)
      .execute();
    for (const { id } of due) {
      if (this.stopper.signal.aborted) return;
      await this.check(id);
    }
  }

  private check(taskId: number): Promise<void> {
    const p = checkLate(this.ctx, taskId, this.stopper.signal)
      .catch((error: unknown) =>
        this.ctx.log.error({ taskId, err: (error as Error).message }, 'late poll failed'),
      )
      .finally(() => this.checks.delete(p));
    this.checks.add(p);
    return p;
  }

  /** A poll now, not waited for (a callback answers its upstream at once). */
  checkSoon(taskId: number): void {
    if (!this.stopper.signal.aborted) void this.check(taskId);
  }

  async stop(): Promise<void> {
    this.stopper.abort();
    await this.round?.stop();
    await Promise.allSettled([...this.checks]);
  }
}

const watches = new WeakMap<AppContext, LateWatch>();

function lateWatchOf(ctx: AppContext): LateWatch {
  let w = watches.get(ctx);
  if (!w) {
    w = new LateWatch(ctx);
    watches.set(ctx, w);
  }
  return w;
}

/** Starts polling the watched tasks in this process (the engine does when it starts workers). */
export const startLateWatch = (ctx: AppContext): void => lateWatchOf(ctx).start();

/** Stops the late polls of a context (app close), waiting for those under way. */
export async function closeLateWatch(ctx: AppContext): Promise<void> {
  await watches.get(ctx)?.stop();
  watches.delete(ctx);
}
