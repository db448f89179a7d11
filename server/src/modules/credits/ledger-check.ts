import type { Executor } from '../../db/executor.js';

export interface LedgerDifference {
  userId: number;
  balance: number;
  ledgerSum: number;
  /** balance_after of the user's last ledger row (should equal the balance). */
  lastBalanceAfter: number | null;
}

/** Every user whose balance differs from the sum of their ledger (empty when the books agree). */
export async function ledgerCheck(db: Executor): Promise<LedgerDifference[]> {
  const balances = await db.selectFrom('credit_balances').select(['user_id', 'credits']).execute();
  const sums = await db
    .selectFrom('credit_ledger')
    .select((eb) => [
      'user_id',
      eb.fn.sum<number>('amount').as('total'),
      eb.fn.max('id').as('last'),
    ])
    .groupBy('user_id')
    .execute();
  const lastIds = sums.map((s) => Number(s.last));
  const lastRows = new Map<number, number>();
  for (let i = 0; i < lastIds.length; i += 500) {
    const rows = await db
      .selectFrom('credit_ledger')
      .select(['user_id', 'balance_after'])
      .where('id', 'in', lastIds.slice(i, i + 500))
      .execute();
    for (const r of rows) lastRows.set(r.user_id, r.balance_after);
  }
  const byUser = new Map<number, LedgerDifference>();
  for (const b of balances)
    byUser.set(b.user_id, {
      userId: b.user_id,
      balance: b.credits,
      ledgerSum: 0,
      lastBalanceAfter: null,
    });
  for (const s of sums) {
    const entry = byUser.get(s.user_id) ?? {
      userId: s.user_id,
      balance: 0,
      ledgerSum: 0,
      lastBalanceAfter: null,
    };
    entry.ledgerSum = Number(s.total);
    entry.lastBalanceAfter = lastRows.get(s.user_id) ?? null;
    byUser.set(s.user_id, entry);
  }
  return [...byUser.values()].filter(
    (e) =>
      e.balance !== e.ledgerSum ||
      e.balance < 0 ||
      (e.lastBalanceAfter !== null && e.lastBalanceAfter !== e.balance),
  );
}
