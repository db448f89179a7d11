import { TaskStatus } from '@atelier/contracts';
import type * as A from '@atelier/contracts/admin';
import type { AppContext } from '../../context.js';
import { signupsSince } from '../auth/index.js';
import { chatStartsSince } from '../chat/index.js';
import { providerNames } from '../providers/index.js';
import { chargesSince, spentByKindSince } from '../credits/index.js';
import { paymentsSince } from '../payments/index.js';
import { taskOutcomesSince, taskStartsSince } from '../tasks/index.js';

/*
 * The dashboard: per day of the chosen period, sign-ups, active users (who started a task or
 * a chat), revenue and credits spent; over the period, credits spent per kind and, per
 * provider, the task success rate and the rate of failures the upstream caused. Times are read
 * as ISO text on both databases and bucketed here, so one query serves SQLite and PostgreSQL.
 * Each module reads its own tables and offers the figures on its index.ts.
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
  for (const u of await signupsSince(db, since)) add(u.created_at, 'signups', 1);
  // A refund to credits sends no money back: a refunded order's payment is still revenue.
  for (const o of await paymentsSince(db, since))
    if (o.paid_at) add(o.paid_at, 'revenueCents', o.amount_cents);
  for (const s of await chargesSince(db, since)) add(s.created_at, 'creditsSpent', -s.amount);
  const active = new Map<string, Set<number>>();
  const seen = (t: string, userId: number) => {
    const d = dayOf(t);
    if (!active.has(d)) active.set(d, new Set());
    active.get(d)!.add(userId);
  };
  for (const rows of [await taskStartsSince(db, since), await chatStartsSince(db, since)])
    for (const r of rows) seen(r.created_at, r.user_id);
  for (const [d, set] of active) {
    const row = out.get(d);
    if (row) row.activeUsers = set.size;
  }
  return [...out.values()];
}

async function providerHealth(ctx: AppContext, since: string) {
  const db = ctx.db.kysely;
  // A failure the upstream caused: its timeline has a retry, or an error from the upstream.
  const tasks = await taskOutcomesSince(db, since);
  const names = await providerNames(db, [
    ...new Set(tasks.flatMap((t) => (t.provider_id === null ? [] : [t.provider_id]))),
  ]);
  const by = new Map<string, A.ProviderHealth & { upstream: number }>();
  for (const t of tasks) {
    const key = String(t.provider_id);
    const row = by.get(key) ?? {
      providerId: t.provider_id,
      providerName: (t.provider_id === null ? undefined : names.get(t.provider_id)) ?? '—',
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
    if (t.status === TaskStatus.failed || t.retried) row.upstream++;
    by.set(key, row);
  }
  return [...by.values()].map(({ upstream, ...r }) => ({
    ...r,
    successRate: Math.round((100 * r.succeeded) / Math.max(1, r.tasks)),
    upstreamErrorRate: Math.round((100 * upstream) / Math.max(1, r.tasks)),
  }));
}

/** The dashboard of the last `days` days (today included). */
export async function dashboardOf(ctx: AppContext, days: number) {
  const since = new Date(Date.now() - (days - 1) * 86_400_000);
  const sinceIso = `${since.toISOString().slice(0, 10)}T00:00:00.000Z`;
  return {
    days: await perDay(ctx, sinceIso, days),
    spentByKind: await spentByKindSince(ctx.db.kysely, sinceIso),
    providers: await providerHealth(ctx, sinceIso),
  };
}
