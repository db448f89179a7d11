import { sql } from 'kysely';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../http/errors.js';
import type { Localized } from '../../http/messages.js';
import { holdReleased, release, settle, settleSteps } from '../credits/index.js';
import { deleteFiles, storeFile, type FileRow } from '../files/index.js';
import { claimAfterEnd, claimedRows, claimTask, type ClaimedTask } from './claim.js';
import { endEvents, updateAndRecord } from './events.js';
import { mergeData, toStoredFiles, type RawTask } from './rows.js';
import { UpstreamError, type ResultFile } from './runner.js';
import { texts } from './messages.js';
import { refusalText } from './unconfirmed.js';
import { fetchResultLink, ResultLinkRefused } from '../../lib/result-link.js';

/*
 * How a task ends: its results copied into storage and its hold settled, or its hold returned.
 * Each end is one transaction that also checks the task is still this worker's (or, for
 * recovery, still unfinished), so a task ends once and its credits move once.
 */

/** How a provider's base URL is found by its id (the providers module registers it). */
type ProviderBase = (ctx: AppContext, providerId: number) => Promise<string | null>;
let providerBase: ProviderBase = async () => null;

/** Names the provider's base URL, whose host a result link may be on even when private. */
export function registerProviderBase(find: ProviderBase): void {
  providerBase = find;
}

/**
 * An upstream's result link, through the address guard (lib/result-link.ts) except on the
 * task's provider's own host. A refused address fails the task now, nothing charged; the link
 * and the reason go to its timeline only.
 */
async function downloadResult(ctx: AppContext, raw: RawTask, r: ResultFile): Promise<Buffer> {
  const trustedBase =
    r.trustedBase ?? (raw.provider_id ? await providerBase(ctx, raw.provider_id) : null);
  try {
    return await fetchResultLink(r.url!, {
      trustedBase,
      timeoutMs: ctx.config.tasks.stepTimeoutMs,
    });
  } catch (error) {
    if (error instanceof ResultLinkRefused)
      throw new UpstreamError(error.message, 'permanent', 'refused', {
        text: texts.resultLinkRefused,
      });
    throw error;
  }
}

/**
 * Copies a runner's results into storage (upstream URLs expire). On any failure what was
 * stored so far is deleted and the error thrown (the engine then retries the step, or fails
 * it at once for a permanent UpstreamError: a refused result link).
 */
export async function storeResults(
  ctx: AppContext,
  raw: RawTask,
  results: ResultFile[],
): Promise<FileRow[]> {
  const stored: FileRow[] = [];
  try {
    for (const r of results) {
      let bytes = r.bytes;
      if (!bytes && r.url) bytes = await downloadResult(ctx, raw, r);
      if (!bytes) continue;
      stored.push(
        await storeFile(ctx, {
          userId: raw.user_id,
          origin: 'result',
          taskId: raw.id,
          bytes,
          ...(r.name ? { name: r.name } : {}),
          ...(r.mime
            ? { mime: r.mime }
            : r.name?.endsWith('.zip')
              ? { mime: 'application/zip' }
              : {}),
          ...(r.thumb ? { thumb: r.thumb } : {}),
        }),
      );
    }
  } catch (error) {
    await deleteFiles(ctx, stored);
    throw error;
  }
  return stored;
}

/**
 * How a failed step or result copy ends the task, or null to try again: a permanent
 * UpstreamError (a refusal, a refused result link) at once with its text (or its class's
 * sentence) and raw reason; any other error once the tries are used up, with the last error's
 * own text when it has one (a proxy's full queue), else the general sentence.
 */
export function finalFailure(
  error: unknown,
  triesUsedUp: boolean,
): { error: Localized; detail?: string } | null {
  if (error instanceof UpstreamError && !error.transient)
    return { error: refusalText(error), ...error.raw };
  if (!triesUsedUp) return null;
  return { error: (error instanceof UpstreamError && error.text) || texts.taskUpstreamFailed };
}

/** The price of the part delivered (rounded down, so a part never costs more than its share). */
export function chargeOf(credits: number, share?: { delivered: number; of: number }): number {
  if (!share || share.of <= 0) return credits;
  const part = Math.max(0, Math.min(share.delivered, share.of));
  return Math.floor((credits * part) / share.of);
}

/** A leased task's success: the task, its worker, its stored results, and the part delivered. */
type Success = [
  ctx: AppContext,
  owner: string,
  raw: ClaimedTask,
  stored: FileRow[],
  data?: Record<string, unknown>,
  share?: { delivered: number; of: number },
];

/**
 * Marks a leased task succeeded with its stored files and settles its hold, at once (one
 * statement on PostgreSQL, one transaction on SQLite). False (and nothing changed) when the
 * task is no longer this worker's.
 */
export async function markSucceeded(...success: Success): Promise<boolean> {
  return (await succeed(success, false)).ended;
}

/**
 * markSucceeded, and the claim of the worker's next task with the slot this one frees (a
 * hand-over), committed together: on SQLite one transaction, on PostgreSQL one statement (the
 * end, its events, the settle and the claim: one round trip, committed without waiting for the
 * WAL flush, as a claim is: claim.ts claimAfterEnd). `next` is what the claim found; nothing is
 * claimed when the end did not happen.
 */
export function markSucceededAndClaim(
  ...success: Success
): Promise<{ ended: boolean; next: ClaimedTask | 'lost' | undefined }> {
  return succeed(success, true);
}

/**
 * markSucceededAndClaim on PostgreSQL when the task has a reservation (`raw.reservedNext`,
 * claim.ts): the claim takes that task ('lost' when it is no longer this worker's).
 */
export function markSucceededAndTakeReserved(
  ...success: Success
): Promise<{ ended: boolean; next: ClaimedTask | 'lost' | undefined }> {
  return succeed(success, true, success[2].reservedNext);
}

async function succeed(
  [ctx, owner, raw, stored, data, share]: Success,
  claimNext: boolean,
  reserved?: RawTask,
): Promise<{ ended: boolean; next: ClaimedTask | 'lost' | undefined }> {
  const charge = chargeOf(raw.credits, share);
  const files = toStoredFiles(stored);
  const end = (db: Executor) =>
    db
      .updateTable('tasks')
      .set({
        status: TaskStatus.succeeded,
        progress: 100,
        files: JSON.stringify(files),
        data: mergeData(raw, data),
        finished_at: nowIso(),
        lease_owner: null,
        lease_until: null,
        // A hold returned already (it outlived its time): the result is the user's, unpaid.
        credits: sql<number>`case when ${holdReleased(sql.ref('tasks.hold_id'))} then 0 else ${charge} end`,
      })
      .where('id', '=', raw.id)
      .where('lease_owner', '=', owner)
      .where('status', '=', TaskStatus.running)
      .returning(['id', 'hold_id']);
  const events = endEvents(raw, { failed: null, credits: charge });
  /** As above, for a hold returned between the end's read and its settle (a race). */
  const settleOrForgo = async (db: Executor, holdId: number) => {
    try {
      await settle(db, { holdId, actualAmount: charge });
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
      await db.updateTable('tasks').set({ credits: 0 }).where('id', '=', raw.id).execute();
    }
  };

  if (ctx.db.dialect === 'postgres') {
    const db = ctx.db.kysely;
    const row = await updateAndRecord(db, end(db), events, {
      steps: settleSteps(sql`select hold_id from changed`, charge),
      done: sql<boolean>`exists (select 1 from settled)`,
      asyncCommit: claimNext,
      ...(claimNext ? { then: await claimAfterEnd(ctx, owner, raw, reserved) } : {}),
    });
    if (!row) return { ended: false, next: undefined };
    // Not settled in the statement: settled before, or returned (a race with the sweeper).
    if (row.hold_id && !row.done) await settleOrForgo(db, row.hold_id);
    return { ended: true, next: claimNext ? claimedRows(row.then ?? []) : undefined };
  }
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await updateAndRecord(trx, end(trx), events);
    if (!row) return { ended: false, next: undefined };
    if (row.hold_id) await settleOrForgo(trx, row.hold_id);
    return { ended: true, next: claimNext ? await claimTask(ctx, owner, trx) : undefined };
  });
}

/**
 * Marks a task failed with `error` and returns its hold, in one transaction. With an `owner`
 * only while this worker holds the lease; with null (recovery, timeouts, a kind no longer
 * registered) any unfinished task. Never a finished one. False when nothing changed.
 * `andThen` runs in the same transaction once the task has failed (a timeout starts the
 * watch for a late result there: late.ts).
 */
export async function markFailed(
  ctx: AppContext,
  owner: string | null,
  raw: RawTask,
  error: Localized,
  data?: Record<string, unknown>,
  andThen?: (trx: Executor) => Promise<void>,
  detail?: string,
): Promise<boolean> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('tasks')
      .set({
        status: TaskStatus.failed,
        error: JSON.stringify(error),
        data: mergeData(raw, data),
        finished_at: nowIso(),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', raw.id)
      .where('status', 'in', [TaskStatus.queued, TaskStatus.running]);
    if (owner !== null) q = q.where('lease_owner', '=', owner);
    const end = q.returning(['id', 'hold_id']);
    const row = await updateAndRecord(
      trx,
      end,
      endEvents(raw, { failed: error, credits: 0, detail }),
    );
    if (!row) return false;
    if (row.hold_id) await release(trx, { holdId: row.hold_id });
    await andThen?.(trx);
    return true;
  });
}
