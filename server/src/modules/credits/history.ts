import type { Kysely } from 'kysely';
import type { List, credits as Contract } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { texts } from './messages.js';
import type { LedgerKind } from './tables.js';
import { pageOf } from '../../db/paging.js';

/** Which ledger rows each of the user's history lists shows. */
export const historyViews = {
  /** /balance/rechargeLog: money put in. */
  recharge: { kinds: ['purchase', 'redeem'], sign: 'any' },
  /** /chatLog/usetokenList: credits spent and given back. */
  usage: { kinds: ['charge', 'refund'], sign: 'any' },
  /** /midjourney/balanceLog: everything. */
  all: { kinds: null, sign: 'any' },
  /** /midjourney/getCoinList: credits received. */
  income: {
    kinds: [
      'register_gift',
      'guest_trial',
      'invite_reward',
      'purchase',
      'redeem',
      'checkin',
      'refund',
      'admin_adjust',
      'guest_transfer',
    ],
    sign: 'positive',
  },
} as const satisfies Record<
  string,
  { kinds: readonly LedgerKind[] | null; sign: 'any' | 'positive' }
>;
export type HistoryView = keyof typeof historyViews;

/** One page of a user's own ledger rows, newest first, without the rows they hid. */
export async function listHistory(
  db: Kysely<Database>,
  userId: number,
  view: HistoryView,
  page: { page: number; size: number },
): Promise<List<Contract.LedgerEntry>> {
  const { kinds, sign } = historyViews[view];
  let q = db
    .selectFrom('credit_ledger')
    .where('user_id', '=', userId)
    .where('hidden_at', 'is', null);
  if (kinds) q = q.where('kind', 'in', [...kinds]);
  if (sign === 'positive') q = q.where('amount', '>', 0);
  const { rows, count } = await pageOf(q, page, (b) =>
    b
      .select(['id', 'kind', 'amount', 'balance_after', 'vip_days', 'ref', 'created_at'])
      .orderBy('id', 'desc'),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      balanceAfter: r.balance_after,
      vipDays: r.vip_days,
      ref: r.ref,
      createdAt: r.created_at,
    })),
    count,
  };
}

/** Hides one of the user's own rows from their lists; the ledger row itself stays. */
export async function hideHistoryRow(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  const result = await db
    .updateTable('credit_ledger')
    .set({ hidden_at: nowIso() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return;
  const own = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!own) throw notFound(texts.logRowNotFound);
}

/** Ledger rows for an operator: every field, optionally one user. */
export async function listLedgerForAdmin(
  db: Kysely<Database>,
  query: { page: number; size: number; userId?: number | undefined },
) {
  let q = db.selectFrom('credit_ledger');
  if (query.userId !== undefined) q = q.where('user_id', '=', query.userId);
  const { rows, count } = await pageOf(q, query, (b) => b.selectAll().orderBy('id', 'desc'));
  return {
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      kind: r.kind,
      amount: r.amount,
      balanceAfter: r.balance_after,
      vipDays: r.vip_days,
      ref: r.ref,
      note: r.note,
      actorId: r.actor_id,
      hiddenAt: r.hidden_at,
      createdAt: r.created_at,
    })),
    count,
  };
}
