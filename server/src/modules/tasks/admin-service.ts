import { sql } from 'kysely';
import { TaskStatus, type QueryOut } from '@atelier/contracts';
import type * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { pageOf } from '../../db/paging.js';
import { notFound } from '../../http/errors.js';
import { ledgerKeysApplied } from '../credits/index.js';
import { parseJson, type RawTask } from './rows.js';

/*
 * The queries of the console's task calls (admin-routes.ts): tasks with filters, one task and
 * its timeline, which ones were refunded (the ledger's idempotency key `task_refund:<id>`, read
 * through the credits module) and the queues per provider.
 */

export const refundKey = (id: number) => `task_refund:${id}`;

async function refundedSet(ctx: AppContext, ids: number[]): Promise<Set<number>> {
  const keys = await ledgerKeysApplied(ctx.db.kysely, ids.map(refundKey));
  return new Set(ids.filter((id) => keys.has(refundKey(id))));
}

function toAdminTask(r: RawTask, refunded: Set<number>): A.AdminTask {
  const error = parseJson<Record<string, string> | null>(r.error, null);
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    action: r.action,
    status: r.status,
    prompt: r.prompt.slice(0, 500),
    providerId: r.provider_id,
    priceKey: r.price_key,
    credits: r.credits,
    progress: r.progress,
    error: error ? (error['en-US'] ?? null) : null,
    refunded: refunded.has(r.id),
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

export async function rawTask(ctx: AppContext, id: number): Promise<RawTask> {
  const row = await ctx.db.kysely
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export const oneTask = async (ctx: AppContext, id: number) =>
  toAdminTask(await rawTask(ctx, id), await refundedSet(ctx, [id]));

/** The audit log's "before" of a task. */
export const auditedTask = (db: Executor, id: number) =>
  db
    .selectFrom('tasks')
    .select(['id', 'user_id', 'kind', 'status', 'credits', 'hold_id', 'finished_at'])
    .where('id', '=', id)
    .executeTakeFirst();

const dayStart = (d: string) => `${d}T00:00:00.000Z`;
const dayEnd = (d: string) => `${d}T23:59:59.999Z`;

export async function listAdminTasks(ctx: AppContext, query: QueryOut<typeof A.listTasks>) {
  let q = ctx.db.kysely.selectFrom('tasks');
  if (query.kind) q = q.where('kind', '=', query.kind);
  if (query.status) q = q.where('status', '=', query.status as TaskStatus);
  if (query.providerId) q = q.where('provider_id', '=', query.providerId);
  if (query.userId) q = q.where('user_id', '=', query.userId);
  if (query.from) q = q.where('created_at', '>=', dayStart(query.from));
  if (query.to) q = q.where('created_at', '<=', dayEnd(query.to));
  const { rows, count } = await pageOf(q, query, (b) => b.selectAll().orderBy('id', 'desc'));
  const refunded = await refundedSet(
    ctx,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toAdminTask(r, refunded)), count };
}

export async function taskTimeline(ctx: AppContext, id: number) {
  const events = await ctx.db.kysely
    .selectFrom('task_events')
    .selectAll()
    .where('task_id', '=', id)
    .orderBy('id')
    .execute();
  return events.map((e) => ({
    id: e.id,
    type: e.type,
    detail: parseJson<Record<string, unknown>>(e.detail, {}),
    createdAt: e.created_at,
  }));
}

/**
 * Per provider id: tasks waiting, running, and failed in the last hour (the console's queues;
 * the providers module names each provider).
 */
export async function queueCountsPerProvider(ctx: AppContext) {
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  const rows = await ctx.db.kysely
    .selectFrom('tasks as t')
    .select((eb) => [
      't.provider_id',
      eb.fn
        .sum<number>(eb.case().when('t.status', '=', TaskStatus.queued).then(1).else(0).end())
        .as('waiting'),
      eb.fn
        .sum<number>(eb.case().when('t.status', '=', TaskStatus.running).then(1).else(0).end())
        .as('running'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([eb('t.status', '=', TaskStatus.failed), eb('t.finished_at', '>=', hourAgo)]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('failed'),
    ])
    .where((eb) =>
      eb.or([
        eb('t.status', 'in', [TaskStatus.queued, TaskStatus.running]),
        eb('t.finished_at', '>=', hourAgo),
      ]),
    )
    .groupBy('t.provider_id')
    .orderBy(sql`t.provider_id`)
    .execute();
  return rows.map((r) => ({
    providerId: r.provider_id,
    waiting: Number(r.waiting ?? 0),
    running: Number(r.running ?? 0),
    failedLastHour: Number(r.failed ?? 0),
  }));
}
