import { randomBytes } from 'node:crypto';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { createQueue, type TaskQueue } from '../../jobs/queue.js';
import { logFailure, runPeriodicJob } from '../../lib/periodic.js';
import type { BackgroundTask } from '../module.js';
import { deleteFiles, type FileRow } from '../files/index.js';
import { claimTask, prepareClaims, releaseReservation, type ClaimedTask } from './claim.js';
import { recoverTasks } from './recovery.js';
import { retryEvents, stepEvents, updateAndRecord } from './events.js';
import {
  markFailed,
  markSucceeded,
  markSucceededAndClaim,
  markSucceededAndTakeReserved,
  finalFailure,
  storeResults,
} from './finish.js';
import { markTimedOut, startLateWatch } from './late.js';
import { texts } from './messages.js';
import { mergeData, toTaskRow, type RawTask } from './rows.js';
import { runnerOf, type ResultFile, type StepOutcome } from './runner.js';
import { stepClock } from './step-clock.js';
import { StepCutOff, unconfirmedSubmit } from './unconfirmed.js';

/** How long a step keeps the task reserved for its slot (claim.ts) before giving it back. */
const RESERVATION_MS = 1000;

/**
 * A worker's next step: a claimed task, or one reserved for the slot of the task just finished,
 * whose `taken` is the answer of the hand-over that takes it (the task as taken, or undefined
 * when it was not: its step is then cut off and forgotten).
 */
interface NextStep {
  raw: ClaimedTask;
  taken?: Promise<ClaimedTask | undefined>;
}

/** One per app context: the wake-up queue, and the workers when this process runs them. */
export class Engine {
  readonly queue: TaskQueue;
  readonly owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private loops: Promise<void>[] = [];
  private stopping = false;
  /** The idle loops, each waiting for its turn to look for work (first in, first woken). */
  private readonly idle: Array<() => void> = [];
  private recovery: BackgroundTask | null = null;
  /** Per running task: aborts its step when the worker stops. */
  private readonly running = new Set<AbortController>();

  constructor(private readonly ctx: AppContext) {
    this.queue = createQueue(ctx.config);
  }

  get cfg() {
    return this.ctx.config.tasks;
  }

  /** Starts `workers` loops in this process, recovering what a previous process left. */
  async start(workers = this.cfg.workers): Promise<void> {
    if (this.loops.length) return;
    this.queue.listen(() => this.nudge());
    await recoverTasks(this.ctx, this.queue);
    this.recovery = runPeriodicJob(
      this.ctx,
      'task recovery',
      Math.max(1000, this.cfg.leaseMs),
      () => recoverTasks(this.ctx, this.queue),
    );
    await prepareClaims(this.ctx);
    // One loop looks first; each that finds work wakes the next, so a full line fills the
    // slots one claim after another rather than with every loop's claim at once, queued
    // behind each other's locks (docs/tasks.md).
    for (let i = 0; i < workers; i++) this.loops.push(this.loop(i === 0));
    startLateWatch(this.ctx);
  }

  get started(): boolean {
    return this.loops.length > 0;
  }

  /** Every loop waits for work: nothing claimed, no step running (what tests wait for). */
  get quiet(): boolean {
    return this.idle.length === this.loops.length;
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    engines.delete(this.ctx);
    await this.recovery?.stop();
    for (const c of this.running) c.abort(new StepCutOff('stopping'));
    while (this.idle.length) this.nudge();
    await Promise.allSettled(this.loops);
    this.loops = [];
    await this.queue.close();
  }

  /**
   * Wakes one idle loop. One is enough: a loop that claims something wakes the next (there
   * may be more), one that finds nothing goes back to sleep, so a wake-up costs one claim
   * per task it makes runnable instead of one per idle loop (docs/tasks.md).
   */
  private nudge(): void {
    this.idle.shift()?.();
  }

  private readonly logError = (e: unknown, what: string) => logFailure(this.ctx.log, e, what);

  private async loop(first: boolean): Promise<void> {
    let woken = true;
    let next: NextStep | undefined;
    if (!first) await this.sleep();
    while (!this.stopping) {
      let step = next;
      next = undefined;
      if (!step) {
        try {
          const claimed = await claimTask(this.ctx, this.owner);
          // Lost its pick to a claim that committed first: there may be more, look again.
          if (claimed === 'lost') continue;
          if (claimed) step = { raw: claimed };
        } catch (error) {
          this.logError(error, 'task claim failed');
        }
      }
      if (step) {
        // Woken and found work: there may be more than one loop's worth, pass the word on.
        // A loop back from a finished step only takes the slot that step freed.
        if (woken) this.nudge();
        next = await this.runStep(step.raw, step.taken).catch((e: unknown) => {
          this.logError(e, 'task step failed');
          return undefined;
        });
        woken = false;
        continue;
      }
      if (this.stopping) break;
      await this.sleep();
      woken = true;
    }
    if (next)
      await this.unclaim(next).catch((e: unknown) => this.logError(e, 'task unclaim failed'));
  }

  /** An idle loop's wait: until nudged, or the idle poll. */
  private sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(t);
        resolve();
      };
      const t = setTimeout(() => {
        const i = this.idle.indexOf(wake);
        if (i >= 0) this.idle.splice(i, 1);
        resolve();
      }, this.cfg.idlePollMs);
      this.idle.push(wake);
    });
  }

  /** Gives back a task claimed while stopping, so that another worker takes it at once. */
  private async unclaim(next: NextStep): Promise<void> {
    const raw = next.taken ? await next.taken : next.raw;
    if (!raw) return;
    await this.mine(raw)
      .set({
        status: raw.upstream_id ? TaskStatus.running : TaskStatus.queued,
        lease_owner: null,
        lease_until: null,
      })
      .execute();
    await this.releaseReserved(raw);
  }

  /** Gives back the task reserved for `raw`'s slot (claim.ts). */
  private readonly releaseReserved = (raw: ClaimedTask) =>
    releaseReservation(this.ctx, this.owner, raw);

  /**
   * Runs one submit or poll of a claimed task and records what came of it. Resolves with the
   * worker's next step when finishing this one claimed it in the same transaction. A task
   * reserved for the slot of the one just finished (`taken`: its hand-over's answer) starts at
   * once, its upstream call overlapping that round trip; its outcome is recorded once the
   * hand-over has taken it, and its step is cut off and forgotten if it was not.
   */
  async runStep(
    claimed: ClaimedTask,
    taken?: Promise<ClaimedTask | undefined>,
  ): Promise<NextStep | undefined> {
    const ctx = this.ctx;
    const runner = runnerOf(ctx, claimed.kind);
    if (!runner || Date.now() > claimed.deadline) {
      // Nothing to start (a reserved task: once its hand-over has taken it).
      const raw = taken ? await this.confirm(taken) : claimed;
      if (!raw) return undefined;
      await this.releaseReserved(raw);
      if (!runner) await markFailed(ctx, null, raw, texts.taskNoRunner);
      else await markTimedOut(ctx, raw);
      return undefined;
    }
    const controller = new AbortController();
    this.running.add(controller);
    // The task as this worker holds it: a reserved one as its hand-over took it.
    let raw = claimed;
    // A reservation keeps the next of the line waiting for this task's slot. It is worth it
    // for a short step, where the hand-over's round trip is a part of the time, and given back
    // after RESERVATION_MS, so that a long step does not hold it while later tasks start.
    let reserving = true;
    const dropReservation = () =>
      this.releaseReserved(raw).catch((e: unknown) => this.logError(e, 'task release failed'));
    const reservationTimer = setTimeout(() => {
      reserving = false;
      void dropReservation();
    }, RESERVATION_MS);
    const held = taken
      ? this.confirm(taken).then((took) => {
          if (took) raw = took;
          else controller.abort();
          if (took && !reserving) void dropReservation();
          return took;
        })
      : Promise.resolve(claimed);
    const renew = setInterval(
      () => {
        const ids = raw.reservedNext ? [raw.id, raw.reservedNext.id] : [raw.id];
        void ctx.db.kysely
          .updateTable('tasks')
          .set({ lease_until: Date.now() + this.cfg.leaseMs })
          .where('id', 'in', ids)
          .where('lease_owner', '=', this.owner)
          .execute()
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(this.cfg.leaseMs / 3)),
    );
    const clock = stepClock(controller, this.cfg.stepTimeoutMs, claimed.deadline);
    const task = toTaskRow(ctx, claimed);
    let outcome: StepOutcome | null = null;
    let failure: unknown = null;
    try {
      const log = ctx.log.child({ taskId: claimed.id });
      const io = { ctx, log, signal: controller.signal, allowStep: clock.allowStep };
      const step = claimed.upstream_id ? runner.poll(task, io) : runner.submit(task, io);
      outcome = await Promise.race([step, clock.cutOff]);
    } catch (error) {
      failure = error;
    } finally {
      clock.stop();
      clearTimeout(reservationTimer);
      this.running.delete(controller);
    }
    try {
      if (!(await held)) return undefined;
      const unknown = claimed.upstream_id ? null : unconfirmedSubmit(failure); // never resent
      if (unknown) await this.fail(raw, unknown);
      else if (failure) await this.retryOrFail(raw, failure);
      else if (outcome?.type === 'done')
        return await this.finishDone(raw, outcome.files, outcome.data, outcome.share);
      else if (outcome) await this.apply(raw, outcome);
      await this.releaseReserved(raw);
    } finally {
      clearInterval(renew);
    }
  }

  /** A hand-over's answer; a hand-over that failed is logged and counts as not taken. */
  private confirm(taken: Promise<ClaimedTask | undefined>): Promise<ClaimedTask | undefined> {
    return taken.catch((error: unknown) => {
      this.logError(error, 'task hand-over failed');
      return undefined;
    });
  }

  private mine(raw: RawTask) {
    return this.ctx.db.kysely
      .updateTable('tasks')
      .where('id', '=', raw.id)
      .where('lease_owner', '=', this.owner)
      .where('status', '=', TaskStatus.running);
  }

  private fail(raw: RawTask, f: Omit<Extract<StepOutcome, { type: 'failed' }>, 'type'>) {
    return markFailed(this.ctx, this.owner, raw, f.error, f.data, undefined, f.detail);
  }

  private async apply(raw: RawTask, outcome: StepOutcome): Promise<void> {
    if (outcome.type === 'failed') return void (await this.fail(raw, outcome));
    if (outcome.type === 'done')
      return void (await this.finishDone(raw, outcome.files, outcome.data, outcome.share));
    const delay = Math.max(0, outcome.pollAfterMs);
    const moved = this.mine(raw)
      .set({
        ...(outcome.type === 'submitted' ? { upstream_id: outcome.upstreamId } : {}),
        progress: Math.max(0, Math.min(99, Math.round(outcome.progress ?? raw.progress))),
        data: mergeData(raw, outcome.data),
        attempts: 0,
        run_after: Date.now() + delay,
        lease_owner: null,
        lease_until: null,
      })
      .returning(['id', 'hold_id']);
    await updateAndRecord(this.ctx.db.kysely, moved, stepEvents(raw, outcome));
    await this.queue.wake(raw.id, delay);
  }

  private async retryOrFail(raw: RawTask, error: unknown): Promise<void> {
    const attempts = raw.attempts + 1;
    this.ctx.log.warn(
      { taskId: raw.id, attempts, err: error instanceof Error ? error.message : String(error) },
      'task step failed',
    );
    const final = finalFailure(error, attempts > this.cfg.retries); // a refusal: at once
    if (final) return void (await this.fail(raw, final));
    const delay = this.cfg.backoffMs * 2 ** (attempts - 1);
    const retried = this.mine(raw)
      .set({
        attempts,
        // Not yet upstream: back in the queue (it does not hold a running slot while it waits).
        status: raw.upstream_id ? TaskStatus.running : TaskStatus.queued,
        run_after: Date.now() + delay,
        lease_owner: null,
        lease_until: null,
      })
      .returning(['id', 'hold_id']);
    await updateAndRecord(this.ctx.db.kysely, retried, retryEvents(attempts, error));
    await this.queue.wake(raw.id, delay);
  }

  /**
   * Copies the results into storage, then settles the hold (a failed copy is retried) and
   * hands the slot this task frees to the worker's next task: the one reserved for it
   * (claim.ts), which starts at once while the statement that ends this task takes it, or else
   * the one the claim in that statement finds. One round trip on PostgreSQL and one commit on
   * SQLite (finish.ts, bench/queue.mjs).
   */
  private async finishDone(
    raw: ClaimedTask,
    results: ResultFile[],
    data?: Record<string, unknown>,
    share?: { delivered: number; of: number },
  ): Promise<NextStep | undefined> {
    let stored: FileRow[];
    try {
      stored = await storeResults(this.ctx, raw, results);
    } catch (error) {
      await this.retryOrFail(raw, error);
      await this.releaseReserved(raw);
      return undefined;
    }
    const success = [this.ctx, this.owner, raw, stored, data, share] as const;
    // Another worker took the task over (our lease lapsed): its results count, not ours.
    const keep = async (ended: boolean) => {
      if (!ended) await deleteFiles(this.ctx, stored);
    };
    // A worker stopping ends its task without claiming another.
    if (this.stopping) {
      await keep(await markSucceeded(...success));
      await this.releaseReserved(raw);
      return undefined;
    }
    const reserved = raw.reservedNext;
    if (reserved) {
      // Built and sent once the reserved task's step has begun: its upstream request goes out
      // first (the statement is not waited for).
      const sent = new Promise<void>((resolve) => setImmediate(resolve));
      const taken = sent.then(async () => {
        const { ended, next } = await markSucceededAndTakeReserved(...success);
        await keep(ended);
        if (next && next !== 'lost') return next;
        // Not ended here, so not taken: back in line at once.
        await this.releaseReserved(raw);
        return undefined;
      });
      return { raw: reserved, taken };
    }
    const { ended, next } = await markSucceededAndClaim(...success);
    await keep(ended);
    // Lost its pick to a claim that committed first: the loop looks again.
    return next && next !== 'lost' ? { raw: next } : undefined;
  }
}

const engines = new WeakMap<AppContext, Engine>();

export function engineOf(ctx: AppContext): Engine {
  const e = engines.get(ctx) ?? new Engine(ctx);
  engines.set(ctx, e);
  return e;
}

/** Stops the engine of a context if it has one (closing an app that never used it costs nothing). */
export async function closeEngine(ctx: AppContext): Promise<void> {
  await engines.get(ctx)?.stop();
}

/** Whether this process runs workers: yes without Redis, no with it unless configured. */
export const runsWorkersInApi = (ctx: AppContext): boolean =>
  ctx.config.tasks.runInApi ?? !ctx.config.redisUrl;
