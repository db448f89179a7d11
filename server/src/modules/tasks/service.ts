import { isTaskActive, TaskStatus } from '@atelier/contracts';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { hold, quote, release } from '../credits/index.js';
import { unsignFileLinks, unsignFileLinksIn } from '../files/index.js';
import { engineOf } from './engine.js';
import { runnerOf, type StepOutcome, type TaskRow } from './runner.js';
import { toTaskRow, type RawTask } from './rows.js';
import { pageOf } from '../../db/paging.js';
import { recordTaskEvent } from './events.js';
import { reportLate } from './late.js';

const { queued, running, succeeded, failed } = TaskStatus;

export interface CreateTaskInput {
  userId: number;
  kind: string;
  action: string;
  prompt: string;
  params: Record<string, unknown>;
  parentId?: number | null;
  /** The price to hold; null for free work (zips). */
  priceKey: string | null;
  providerId: number | null;
  /** Tasks of this provider that may run at once (its concurrency); 0 or absent: no limit. */
  providerLimit?: number;
  data?: Record<string, unknown>;
  /** This task's timeout (ms from its creation); absent: its kind's, else TASK_TIMEOUT_MS. */
  timeoutMs?: number;
}

const timeoutOf = (ctx: AppContext, kind: string, own?: number) =>
  own ?? runnerOf(ctx, kind)?.timeoutMs ?? ctx.config.tasks.timeoutMs;

/** The hold outlives the task by an hour, so the hold sweeper never returns a live task's credits. */
const holdTtlSeconds = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) + 3600;

/** The columns of a task that has not run yet: a new one, or one redone in place. */
const notRunYet = (now: number, timeout: number) => ({
  status: queued,
  progress: 0,
  upstream_id: null,
  files: '[]',
  error: null,
  attempts: 0,
  run_after: now,
  deadline: now + timeout,
  lease_owner: null,
  lease_until: null,
  // A task run again is no longer waiting for a late result of its previous run.
  late_until: null,
  late_poll_at: null,
  created_at: new Date(now).toISOString(),
  started_at: null,
  finished_at: null,
});

/**
 * Creates a task and holds its price in the same transaction (not enough credits: 430 and
 * nothing is created), then wakes a worker. The hold lives an hour longer than the task may,
 * so the hold sweeper never returns the credits of a task still running.
 */
export async function createTask(ctx: AppContext, input: CreateTaskInput): Promise<TaskRow> {
  const timeout = timeoutOf(ctx, input.kind, input.timeoutMs);
  const amount = input.priceKey
    ? await quote(ctx.db.kysely, { priceKey: input.priceKey, userId: input.userId })
    : 0;
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = Date.now();
    const inserted = await trx
      .insertInto('tasks')
      .values({
        user_id: input.userId,
        kind: input.kind,
        action: input.action,
        // References as file keys: a signed link would open a private file to any reader.
        prompt: unsignFileLinks(input.prompt),
        params: JSON.stringify(unsignFileLinksIn(input.params)),
        parent_id: input.parentId ?? null,
        provider_id: input.providerId,
        provider_limit: input.providerLimit ?? 0,
        price_key: input.priceKey,
        hold_id: null,
        credits: amount,
        data: JSON.stringify(input.data ?? {}),
        ...notRunYet(now, timeout),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordTaskEvent(trx, inserted.id, 'submitted', { credits: amount });
    if (!input.priceKey) return inserted;
    const { holdId } = await hold(trx, {
      userId: input.userId,
      amount,
      ref: `task:${inserted.id}`,
      priceKey: input.priceKey,
      ttlSeconds: holdTtlSeconds(timeout),
    });
    return trx
      .updateTable('tasks')
      .set({ hold_id: holdId })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await engineOf(ctx).queue.wake(row.id, 0);
  return toTaskRow(ctx, row);
}

/** One task of its owner; another user's (or none) is a 404. */
export async function getTask(ctx: AppContext, userId: number, taskId: number): Promise<TaskRow> {
  const row = await ctx.db.kysely
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toTaskRow(ctx, row);
}

/** The owner's tasks among `ids` (of these kinds), newest first; others' are simply absent. */
export async function getTasks(
  ctx: AppContext,
  userId: number,
  ids: number[],
  kinds?: string[],
): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  let q = ctx.db.kysely
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids);
  if (kinds) q = q.where('kind', 'in', kinds);
  const rows = await q.orderBy('id', 'desc').execute();
  return rows.map((r) => toTaskRow(ctx, r));
}

export interface ListTasksInput {
  userId: number;
  /** These kinds; empty: every kind but `excludeKinds`. */
  kinds: string[];
  excludeKinds?: string[];
  /** Only tasks that stored result files. */
  withFiles?: boolean;
  page: number;
  size: number;
  status?: TaskStatus[];
  /** Words the prompt contains. */
  keyword?: string;
}

/** The user's tasks, newest first, with how many of theirs are still waiting or running. */
export async function listTasks(
  ctx: AppContext,
  input: ListTasksInput,
): Promise<{ rows: TaskRow[]; count: number; countQueue: number }> {
  let base = ctx.db.kysely.selectFrom('tasks').where('user_id', '=', input.userId);
  if (input.kinds.length) base = base.where('kind', 'in', input.kinds);
  if (input.excludeKinds?.length) base = base.where('kind', 'not in', input.excludeKinds);
  if (input.withFiles) base = base.where('files', '!=', '[]');
  if (input.status?.length) base = base.where('status', 'in', input.status);
  const keyword = input.keyword?.replace(/[%_\\]/g, '').trim();
  if (keyword) base = base.where('prompt', 'like', `%${keyword}%`);
  const { rows, count } = await pageOf(base, input, (q) => q.selectAll().orderBy('id', 'desc'));
  return {
    rows: rows.map((r) => toTaskRow(ctx, r)),
    count,
    countQueue: input.kinds.length ? await countQueue(ctx, input.userId, input.kinds) : 0,
  };
}

/**
 * Tasks by id whoever owns them, for a module that decides visibility itself (published
 * works are shown to everyone): never hand these out without that check.
 */
export async function readTasks(ctx: AppContext, ids: number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.kysely.selectFrom('tasks').selectAll().where('id', 'in', ids).execute();
  return rows.map((r) => toTaskRow(ctx, r));
}

/** Called in the deleting transaction with the ids of deleted tasks (works drop what points at them). */
export type TasksDeletedHook = (trx: Transaction<Database>, ids: number[]) => Promise<void>;
const deleteHooks = new WeakMap<AppContext, TasksDeletedHook[]>();

export function onTasksDeleted(ctx: AppContext, hook: TasksDeletedHook): void {
  deleteHooks.set(ctx, [...(deleteHooks.get(ctx) ?? []), hook]);
}

async function runDeleteHooks(ctx: AppContext, trx: Transaction<Database>, ids: number[]) {
  if (ids.length === 0) return;
  for (const hook of deleteHooks.get(ctx) ?? []) await hook(trx, ids);
}

/** The user's tasks of these kinds waiting (queued) and running. */
export async function countByStatus(
  ctx: AppContext,
  userId: number,
  kinds: string[],
): Promise<{ queued: number; running: number }> {
  const rows = await ctx.db.kysely
    .selectFrom('tasks')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('status', 'in', [queued, running])
    .groupBy('status')
    .execute();
  const of = (s: TaskStatus) => Number(rows.find((r) => Number(r.status) === s)?.n ?? 0);
  return { queued: of(queued), running: of(running) };
}

/** Everyone's tasks of these kinds waiting or running on one provider: the line a new one joins. */
export async function countActive(
  ctx: AppContext,
  input: { kinds?: string[]; providerId: number },
): Promise<number> {
  let q = ctx.db.kysely
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('provider_id', '=', input.providerId)
    .where('status', 'in', [queued, running]);
  if (input.kinds) q = q.where('kind', 'in', input.kinds);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}

/** For each queued task among `rows`: how many queued tasks of its kind (everyone's) are older. */
export async function queuePositions(
  ctx: AppContext,
  rows: TaskRow[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const r of rows) {
    if (r.status !== queued) continue;
    const { n } = await ctx.db.kysely
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', '=', queued)
      .where('kind', '=', r.kind)
      .where('id', '<', r.id)
      .executeTakeFirstOrThrow();
    out.set(r.id, Number(n));
  }
  return out;
}

export async function countQueue(
  ctx: AppContext,
  userId: number,
  kinds: string[],
): Promise<number> {
  const { n } = await ctx.db.kysely
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('status', 'in', [queued, running])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * A pushed update from the upstream (Midjourney's notify hook), applied only while the task
 * still runs that upstream id. A final outcome makes the task due now, so a worker polls it
 * and finishes it the usual way (storage, settle) instead of this request doing it outside a
 * lease. A final push for a task that failed by its timeout and is still watched starts a late
 * poll (late.ts: the result is kept, charged 0); for any other finished task it changes nothing.
 */
export async function reportProgress(
  ctx: AppContext,
  input: { taskId: number; upstreamId: string; outcome: StepOutcome },
): Promise<boolean> {
  const row = await ctx.db.kysely
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', input.taskId)
    .where('upstream_id', '=', input.upstreamId)
    .where('status', '=', running)
    .executeTakeFirst();
  // Not running any more: perhaps failed by its timeout and waiting for this late result.
  if (!row) return reportLate(ctx, input);
  const o = input.outcome;
  const data =
    'data' in o && o.data ? JSON.stringify({ ...JSON.parse(row.data), ...o.data }) : row.data;
  const progress =
    o.type === 'progress' || o.type === 'submitted'
      ? Math.max(row.progress, Math.min(99, Math.round(o.progress ?? row.progress)))
      : row.progress;
  const final = o.type === 'done' || o.type === 'failed';
  await ctx.db.kysely
    .updateTable('tasks')
    .set({ progress, data, ...(final ? { run_after: Date.now() } : {}) })
    .where('id', '=', row.id)
    .where('status', '=', running)
    .execute();
  if (final) await engineOf(ctx).queue.wake(row.id, 0);
  return true;
}

/**
 * Runs a failed task again with a new hold. By default as a new task (the failed one stays as
 * it was); `inPlace` runs the same row again instead (same id, for screens that follow it),
 * with its own timeout counted from now.
 */
export async function redoTask(
  ctx: AppContext,
  userId: number,
  taskId: number,
  options: { inPlace?: boolean } = {},
): Promise<TaskRow> {
  const old: RawTask | undefined = await ctx.db.kysely
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('user_id', '=', userId)
    .where('status', '=', failed)
    .executeTakeFirst();
  if (!old) throw notFound();
  if (!options.inPlace)
    return createTask(ctx, {
      userId,
      kind: old.kind,
      action: old.action,
      prompt: old.prompt,
      params: JSON.parse(old.params) as Record<string, unknown>,
      parentId: old.parent_id,
      priceKey: old.price_key,
      providerId: old.provider_id,
      providerLimit: old.provider_limit,
      timeoutMs: old.deadline - Date.parse(old.created_at),
    });
  const timeout = Math.max(1000, old.deadline - Date.parse(old.created_at));
  const amount = old.price_key
    ? await quote(ctx.db.kysely, { priceKey: old.price_key, userId })
    : 0;
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = Date.now();
    const holdId = old.price_key
      ? (
          await hold(trx, {
            userId,
            amount,
            ref: `task:${old.id}:redo:${now}`,
            priceKey: old.price_key,
            ttlSeconds: holdTtlSeconds(timeout),
          })
        ).holdId
      : null;
    const again = await trx
      .updateTable('tasks')
      .set({
        hold_id: holdId,
        credits: amount,
        data: '{}',
        ...notRunYet(now, timeout),
      })
      .where('id', '=', old.id)
      .where('status', '=', failed)
      .returningAll()
      .executeTakeFirst();
    // Redone twice at once: the other call took it (and its hold rolls back with this one).
    if (!again) throw notFound();
    await recordTaskEvent(trx, old.id, 'rerun', { credits: amount });
    return again;
  });
  await engineOf(ctx).queue.wake(row.id, 0);
  return toTaskRow(ctx, row);
}

/**
 * Deletes tasks of their owner. Finished ones only, unless `cancelRunning`: then a waiting or
 * running task is deleted too and its hold returned in the same transaction (a worker still
 * on it finds no row to finish, and deletes what it stored).
 */
export async function deleteTasks(
  ctx: AppContext,
  userId: number,
  ids: number[],
  options: { cancelRunning?: boolean } = {},
): Promise<number> {
  if (ids.length === 0) return 0;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    let q = trx.deleteFrom('tasks').where('user_id', '=', userId).where('id', 'in', ids);
    if (!options.cancelRunning) q = q.where('status', 'in', [succeeded, failed]);
    const gone = await q.returning(['id', 'status', 'hold_id']).execute();
    for (const r of gone)
      if (isTaskActive(Number(r.status)) && r.hold_id) await release(trx, { holdId: r.hold_id });
    await runDeleteHooks(
      ctx,
      trx,
      gone.map((r) => r.id),
    );
    return gone.length;
  });
}
