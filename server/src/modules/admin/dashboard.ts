import type { FastifyInstance } from 'fastify';
import { TaskStatus } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

/*
 * The dashboard: per day of the chosen period, sign-ups, active users (who started a task or
 * a chat), revenue and credits spent; over the period, credits spent per kind and, per
 * provider, the task success rate and the rate of failures the upstream caused. Times are read
 * as ISO text on both databases and bucketed here, so one query serves SQLite and PostgreSQL.
 */

const dayOf = (t: string | Date) => (typeof t === 'string' ? t : t.toISOString()).slice(0, 10);

function emptyDays(days: number): Map<string, A.DashboardDay> {
  const out = new Map<string, A.DashboardDay>();
  const today = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
  );
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today - i * 86_400_000).toISOString().slice(0, 10);
    out.set(day, { day, signups: 0, activeUsers: 0, revenueCents: 0, creditsSpent: 0 });
  }
  return out;
}

async function perDay(ctx: AppContext, since: string, days: number) {
  const db = ctx.db.kysely;
  const out = emptyDays(days);
  const add = (t: string, k: 'signups' | 'revenueCents' | 'creditsSpent', n: number) => {
    const row = out.get(dayOf(t));
    if (row) row[k] += n;
  };
  const users = await db
    .selectFrom('users')
    .select('created_at')
    .where('kind', '=', 'registered')
    .where('created_at', '>=', since)
    .execute();
  for (const u of users) add(u.created_at, 'signups', 1);
  const orders = await db
    .selectFrom('orders')
    .select(['paid_at', 'amount_cents'])
    // A refund to credits sends no money back: a refunded order's payment is still revenue.
    .where('status', 'in', ['paid', 'refunded'])
    .where('paid_at', '>=', since)
    .execute();
  for (const o of orders) if (o.paid_at) add(o.paid_at, 'revenueCents', o.amount_cents);
  const spent = await db
    .selectFrom('credit_ledger')
    .select(['created_at', 'amount'])
    .where('kind', '=', 'charge')
    .where('created_at', '>=', since)
    .execute();
  for (const s of spent) add(s.created_at, 'creditsSpent', -s.amount);
  const active = new Map<string, Set<number>>();
  const seen = (t: string, userId: number) => {
    const d = dayOf(t);
    if (!active.has(d)) active.set(d, new Set());
    active.get(d)!.add(userId);
  };
  for (const table of ['tasks', 'chat_logs'] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['user_id', 'created_at'])
      .where('created_at', '>=', since)
      .execute();
    for (const r of rows) seen(r.created_at, r.user_id);
  }
  for (const [d, set] of active) {
    const row = out.get(d);
    if (row) row.activeUsers = set.size;
  }
  return [...out.values()];
}

async function spentByKind(ctx: AppContext, since: string) {
  const rows = await ctx.db.kysely
    .selectFrom('credit_holds as h')
    .leftJoin('credit_prices as p', 'p.price_key', 'h.price_key')
    .select((eb) => ['p.category', eb.fn.sum<number>('h.actual_amount').as('credits')])
    .where('h.status', '=', 'settled')
    .where('h.finished_at', '>=', since)
    .groupBy('p.category')
    .execute();
  return rows
    .map((r) => ({ kind: r.category ?? 'other', credits: Number(r.credits ?? 0) }))
    .sort((a, b) => b.credits - a.credits);
}

async function providerHealth(ctx: AppContext, since: string) {
  const db = ctx.db.kysely;
  const tasks = await db
    .selectFrom('tasks as t')
    .leftJoin('chat_providers as p', 'p.id', 't.provider_id')
    .select(['t.id', 't.provider_id', 'p.name', 't.status'])
    .where('t.created_at', '>=', since)
    .where('t.status', 'in', [TaskStatus.succeeded, TaskStatus.failed])
    .execute();
  // A failure the upstream caused: its timeline has a retry, or an error from the upstream.
  const retried = new Set(
    (
      await db
        .selectFrom('task_events')
        .select('task_id')
        .where('type', '=', 'retried')
        .where('created_at', '>=', since)
        .execute()
    ).map((e) => e.task_id),
  );
  const by = new Map<string, A.ProviderHealth & { upstream: number }>();
  for (const t of tasks) {
    const key = String(t.provider_id);
    const row = by.get(key) ?? {
      providerId: t.provider_id,
      providerName: t.name ?? '—',
      tasks: 0,
      succeeded: 0,
      failed: 0,
      successRate: 0,
      upstreamErrorRate: 0,
      upstream: 0,
    };
    row.tasks++;
    if (t.status === TaskStatus.succeeded) row.succeeded++;
    else row.failed++;
    if (t.status === TaskStatus.failed || retried.has(t.id)) row.upstream++;
    by.set(key, row);
  }
  return [...by.values()].map(({ upstream, ...r }) => ({
    ...r,
    successRate: Math.round((100 * r.succeeded) / Math.max(1, r.tasks)),
    upstreamErrorRate: Math.round((100 * upstream) / Math.max(1, r.tasks)),
  }));
}

export function dashboardRoutes(app: FastifyInstance): void {
  route(app, A.dashboard, async ({ query }) => {
    const since = new Date(Date.now() - (query.days - 1) * 86_400_000);
    const sinceIso = `${since.toISOString().slice(0, 10)}T00:00:00.000Z`;
    return {
      days: await perDay(app.ctx, sinceIso, query.days),
      spentByKind: await spentByKind(app.ctx, sinceIso),
      providers: await providerHealth(app.ctx, sinceIso),
    };
  });
}
