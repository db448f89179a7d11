import type { Executor } from '../../db/executor.js';

/*
 * What other modules read of the orders, as functions (only this module queries its tables,
 * scripts/check-tables.mjs): a user's order counts (the console's user detail) and the payments
 * of a period (the dashboard's revenue).
 */

/** Orders paid or refunded: a refund to credits sends no money back, so both are revenue. */
const PAID = ['paid', 'refunded'] as const;

/** A user's orders: how many, and how many were paid. */
export async function orderCountsOf(db: Executor, userId: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', 'in', PAID).then(1).else(0).end()).as('paid'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total ?? 0), paid: Number(row.paid ?? 0) };
}

/** The payments since an ISO time: when each order was paid, and its amount in cents. */
export const paymentsSince = (db: Executor, since: string) =>
  db
    .selectFrom('orders')
    .select(['paid_at', 'amount_cents'])
    .where('status', 'in', PAID)
    .where('paid_at', '>=', since)
    .execute();
