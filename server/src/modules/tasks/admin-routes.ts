import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { TaskStatus } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { auditSubject } from '../../http/audit.js';
import { route } from '../../http/route.js';
import { pageOf } from '../../db/paging.js';
import { grant } from '../credits/index.js';
import { recordTaskEvent } from './events.js';
import { texts } from './messages.js';
import { parseJson, type RawTask } from './rows.js';
import { redoTask } from './service.js';

/*
 * The console's view of the task engine: every user's tasks with filters, one task's timeline
 * (task_events), re-running a failed task in place (a new hold on its owner), refunding what a
 * finished task was charged (once: the ledger's idempotency key `task_refund:<id>`), and the
 * queues per provider.
 */

const refundKey = (id: number) => `task_refund:${id}`;

async function refundedSet(ctx: AppContext, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db.kysely
    .selectFrom('credit_ledger')
    .select('idempotency_key')
    .where('idempotency_key', 'in', ids.map(refundKey))
    .execute();
  return new Set(rows.map((r) => Number(String(r.idempotency_key).split(':')[1])));
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

async function rawTask(ctx: AppContext, id: number): Promise<RawTask> {
  const row = await ctx.db.kysely
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const oneTask = async (ctx: AppContext, id: number) =>
  toAdminTask(await rawTask(ctx, id), await refundedSet(ctx, [id]));

const dayStart = (d: string) => `${d}T00:00:00.000Z`;
const dayEnd = (d: string) => `${d}T23:59:59.999Z`;

export function adminTaskRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db.kysely;
  auditSubject(ctx, '/admin/tasks', async (c, id) =>
    c.db.kysely
      .selectFrom('tasks')
      .select(['id', 'user_id', 'kind', 'status', 'credits', 'hold_id', 'finished_at'])
      .where('id', '=', id)
      .executeTakeFirst(),
  );

  route(app, A.listTasks, async ({ query }) => {
    let q = db.selectFrom('tasks');
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
  });

  route(app, A.getTask, async ({ query }) => {
    const task = await oneTask(ctx, query.id);
    const events = await db
      .selectFrom('task_events')
      .selectAll()
      .where('task_id', '=', query.id)
      .orderBy('id')
      .execute();
    return {
      task,
      events: events.map((e) => ({
        id: e.id,
        type: e.type,
        detail: parseJson<Record<string, unknown>>(e.detail, {}),
        createdAt: e.created_at,
      })),
    };
  });

  route(app, A.rerunTask, async ({ body }) => {
    const raw = await rawTask(ctx, body.id);
    if (raw.status !== TaskStatus.failed) throw new AppError(409, texts.notFailed);
    await redoTask(ctx, raw.user_id, raw.id, { inPlace: true });
    return oneTask(ctx, raw.id);
  });

  route(app, A.refundTask, async ({ body, identity }) => {
    const raw = await rawTask(ctx, body.id);
    if (raw.status !== TaskStatus.succeeded || raw.credits <= 0 || !raw.hold_id)
      throw new AppError(409, texts.nothingCharged);
    const applied = await db.transaction().execute(async (trx) => {
      const r = await grant(trx, {
        userId: raw.user_id,
        amount: raw.credits,
        kind: 'refund',
        ref: `task:${raw.id}`,
        idempotencyKey: refundKey(raw.id),
        note: 'task refunded by an admin',
        actorId: identity.userId,
      });
      if (r.applied) await recordTaskEvent(trx, raw.id, 'refunded', { credits: raw.credits });
      return r.applied;
    });
    if (!applied) throw new AppError(409, texts.alreadyRefunded);
    return oneTask(ctx, raw.id);
  });

  route(app, A.queues, async () => {
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const rows = await db
      .selectFrom('tasks as t')
      .leftJoin('chat_providers as p', 'p.id', 't.provider_id')
      .select((eb) => [
        't.provider_id',
        'p.name',
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
                eb.and([
                  eb('t.status', '=', TaskStatus.failed),
                  eb('t.finished_at', '>=', hourAgo),
                ]),
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
      .groupBy(['t.provider_id', 'p.name'])
      .orderBy(sql`t.provider_id`)
      .execute();
    return {
      rows: rows.map((r) => ({
        providerId: r.provider_id,
        providerName: r.name ?? '—',
        waiting: Number(r.waiting ?? 0),
        running: Number(r.running ?? 0),
        failedLastHour: Number(r.failed ?? 0),
      })),
    };
  });
}
