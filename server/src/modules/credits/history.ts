import type { ExpressionBuilder, Kysely } from 'kysely';
import type { List, credits as Contract } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
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
      // Not `guest_transfer`: the guest's own rows (its trial, its codes) follow it into the
      // account's lists, so the move of the same credits would count them twice.
    ],
    sign: 'positive',
  },
} as const satisfies Record<
  string,
  { kinds: readonly LedgerKind[] | null; sign: 'any' | 'positive' }
>;
export type HistoryView = keyof typeof historyViews;

/**
 * The rows whose history lists belong to `userId`: its own, except those moved to the account
 * it became as a guest, and those moved to it from its guests.
 */
const shownTo = (userId: number) => (eb: ExpressionBuilder<Database, 'credit_ledger'>) =>
  eb.or([
    eb.and([
      eb('credit_ledger.user_id', '=', userId),
      eb('credit_ledger.history_user_id', 'is', null),
    ]),
    eb('credit_ledger.history_user_id', '=', userId),
  ]);

/** A hold's ref: `chat:<group>`, `chat:mind`, `task:<id>` or `task:<id>:redo:<time>`. */
function sourceOf(ref: string): Pick<Contract.SpentOn, 'source' | 'refId'> | null {
  const [prefix, id] = ref.split(':');
  const refId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  if (prefix === 'chat')
    return id === 'mind' ? { source: 'mind', refId: null } : { source: 'chat', refId };
  if (prefix === 'task') return { source: 'task', refId };
  return null;
}

/**
 * Moves a guest's history to the account it became, in the sign-up or sign-in transaction:
 * the rows stay the guest's in the books (both ledgers still add up) but show in the account's
 * lists. Rows of work still running stay with the guest, like the hold that pays for it.
 */
export async function moveGuestHistory(
  trx: Kysely<Database>,
  move: { fromUserId: number; toUserId: number },
): Promise<void> {
  await trx
    .updateTable('credit_ledger')
    .set({ history_user_id: move.toUserId })
    .where('user_id', '=', move.fromUserId)
    .where('history_user_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('hold_id', 'is', null),
        eb(
          'hold_id',
          'not in',
          eb
            .selectFrom('credit_holds')
            .select('id')
            .where('user_id', '=', move.fromUserId)
            .where('status', '=', 'held'),
        ),
      ]),
    )
    .execute();
}

/** One page of a user's own history, newest first, without the rows they hid. */
export async function listHistory(
  ctx: AppContext,
  userId: number,
  view: HistoryView,
  page: { page: number; size: number },
): Promise<List<Contract.HistoryEntry>> {
  const db = ctx.db.kysely;
  const { kinds, sign } = historyViews[view];
  let q = db
    .selectFrom('credit_ledger')
    .leftJoin('credit_holds', 'credit_holds.id', 'credit_ledger.hold_id')
    .leftJoin('credit_prices', 'credit_prices.price_key', 'credit_holds.price_key')
    .where(shownTo(userId))
    .where('credit_ledger.hidden_at', 'is', null);
  if (kinds) q = q.where('credit_ledger.kind', 'in', [...kinds]);
  if (sign === 'positive') q = q.where('credit_ledger.amount', '>', 0);
  // Both joins are on unique keys: they name what a row paid for and never change the count.
  const { rows, count } = await pageOf(q, page, (b) =>
    b
      .select([
        'credit_ledger.id',
        'credit_ledger.user_id',
        'credit_ledger.kind',
        'credit_ledger.amount',
        'credit_ledger.balance_after',
        'credit_ledger.vip_days',
        'credit_ledger.ref',
        'credit_ledger.hold_id',
        'credit_ledger.created_at',
        'credit_prices.model',
        'credit_prices.action',
        'credit_prices.category',
        'credit_prices.label',
      ])
      .orderBy('credit_ledger.id', 'desc'),
  );
  const sources = rows.map((r) => (r.hold_id === null ? null : sourceOf(r.ref)));
  // The kind of each task paid for (Midjourney, the toolbox, the model square…): the row says
  // what it paid for by kind and action, not only by its price's category.
  const taskIds = [
    ...new Set(sources.flatMap((s) => (s?.source === 'task' && s.refId !== null ? [s.refId] : []))),
  ];
  // Tasks are the tasks module's, which installs this read (it imports credits, not back).
  const taskKinds = await ctx.hooks.taskKinds(db, taskIds);
  return {
    rows: rows.map((r, i) => {
      const source = sources[i]!;
      return {
        id: r.id,
        kind: r.kind,
        amount: r.amount,
        balanceAfter: r.balance_after,
        vipDays: r.vip_days,
        ref: r.ref,
        createdAt: r.created_at,
        spentOn: source && {
          ...source,
          model: r.model ?? null,
          action: r.action ?? null,
          category: r.category ?? null,
          label: r.label ?? null,
          kind:
            source.source === 'task' && source.refId !== null
              ? (taskKinds.get(source.refId) ?? null)
              : null,
        },
        fromGuest: r.user_id !== userId,
      };
    }),
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
    .where(shownTo(userId))
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return;
  const own = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('id', '=', id)
    .where(shownTo(userId))
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
