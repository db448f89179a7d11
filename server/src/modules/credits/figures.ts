import type { Executor } from '../../db/executor.js';

/*
 * What other modules read of the credits tables, as functions (only this module queries them,
 * scripts/check-tables.mjs): which ledger entries exist by idempotency key, the charges and
 * the settled spending by kind of a period (the console's dashboard).
 */

/** The idempotency keys, of those given, that a ledger entry carries already. */
export async function ledgerKeysApplied(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('credit_ledger')
    .select('idempotency_key')
    .where('idempotency_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => String(r.idempotency_key)));
}

/** Every charge since an ISO time: when, and how much (a negative amount). */
export const chargesSince = (db: Executor, since: string) =>
  db
    .selectFrom('credit_ledger')
    .select(['created_at', 'amount'])
    .where('kind', '=', 'charge')
    .where('created_at', '>=', since)
    .execute();

/** Credits settled since an ISO time per kind of price (`other` without one), most first. */
export async function spentByKindSince(db: Executor, since: string) {
  const rows = await db
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
