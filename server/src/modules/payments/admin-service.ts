import type { Selectable } from 'kysely';
import type { BodyOut, payments, QueryOut } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageOf } from '../../db/paging.js';
import { orderView, type OrderRow } from './orders.js';
import { packageColumns, storeLocalized } from './packages.js';
import type { PaymentNotificationsTable } from './tables.js';

/* The queries of the console's payment calls (admin.ts): packages, orders, notifications. */

export const adminOrderView = (row: OrderRow): payments.AdminOrder => ({
  ...orderView(row),
  id: row.id,
  userId: row.user_id,
  gatewayTradeNo: row.gateway_trade_no,
  paidBy: row.paid_by,
  refundedBy: row.refunded_by,
  refundReason: row.refund_reason,
});

const notificationView = (row: Selectable<PaymentNotificationsTable>) => ({
  id: row.id,
  gateway: row.gateway,
  orderNo: row.order_no,
  verified: row.verified === 1,
  outcome: row.outcome,
  detail: row.detail,
  createdAt: row.created_at,
});

export const orderById = (db: Executor, id: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export const createPackage = (db: Executor, body: BodyOut<typeof payments.adminCreatePackage>) =>
  db
    .insertInto('packages')
    .values({
      ...packageColumns(body),
      name: storeLocalized(body.name),
      price_cents: body.priceCents,
      currency: body.currency,
      credits: body.credits,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updatePackage = (
  db: Executor,
  id: number,
  fields: Parameters<typeof packageColumns>[0],
) =>
  db
    .updateTable('packages')
    .set(packageColumns(fields))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

/** Deletes a package; whether there was one. */
export async function deletePackage(db: Executor, id: number): Promise<boolean> {
  const done = await db.deleteFrom('packages').where('id', '=', id).executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}

export async function adminOrdersPage(
  db: Executor,
  query: QueryOut<typeof payments.adminListOrders>,
) {
  let base = db.selectFrom('orders');
  if (query.status) base = base.where('status', '=', query.status);
  if (query.userId) base = base.where('user_id', '=', query.userId);
  if (query.orderNo) base = base.where('order_no', '=', query.orderNo);
  const { rows, count } = await pageOf(base, query, (q) =>
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
  return { rows: rows.map(adminOrderView), count };
}

export async function notificationsPage(
  db: Executor,
  query: QueryOut<typeof payments.adminListNotifications>,
) {
  let base = db.selectFrom('payment_notifications');
  if (query.orderNo) base = base.where('order_no', '=', query.orderNo);
  const { rows, count } = await pageOf(base, query, (q) => q.selectAll().orderBy('id', 'desc'));
  return { rows: rows.map(notificationView), count };
}
