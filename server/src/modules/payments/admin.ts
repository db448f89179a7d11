import type { Selectable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { payments } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { listGatewaySettings, updateGatewaySettings } from './gateway-settings.js';
import { texts } from './messages.js';
import { findOrder, orderView, refundOrder, settleOrder, type OrderRow } from './orders.js';
import { listPackages, packageColumns, packageView, storeLocalized } from './packages.js';
import type { PaymentNotificationsTable } from './tables.js';
import { pageOf } from '../../db/paging.js';

const adminOrderView = (row: OrderRow): payments.AdminOrder => ({
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

/** `/admin/payments/…`: packages, orders, manual payments, notifications, gateway settings. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const db = () => ctx.db.kysely;
  const orderById = (id: number) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

  route(app, payments.adminListPackages, async ({ query }) => listPackages(ctx, query, true));

  route(app, payments.adminCreatePackage, async ({ body }) => {
    const row = await db()
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
    return packageView(row);
  });

  route(app, payments.adminUpdatePackage, async ({ body }) => {
    const { id, ...fields } = body;
    const row = await db()
      .updateTable('packages')
      .set(packageColumns(fields))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(texts.packageNotFound);
    return packageView(row);
  });

  route(app, payments.adminDeletePackage, async ({ body, setMessage }) => {
    const done = await db().deleteFrom('packages').where('id', '=', body.id).executeTakeFirst();
    if (Number(done.numDeletedRows) !== 1) throw notFound(texts.packageNotFound);
    setMessage(texts.packageDeleted);
    return null;
  });

  route(app, payments.adminListOrders, async ({ query }) => {
    let base = db().selectFrom('orders');
    if (query.status) base = base.where('status', '=', query.status);
    if (query.userId) base = base.where('user_id', '=', query.userId);
    if (query.orderNo) base = base.where('order_no', '=', query.orderNo);
    const { rows, count } = await pageOf(base, query, (q) =>
      q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    );
    return { rows: rows.map(adminOrderView), count };
  });

  route(app, payments.adminMarkPaid, async ({ body, identity, setMessage }) => {
    const order = await findOrder(ctx, body.orderNo);
    if (!order) throw notFound(texts.orderNotFound);
    if (order.gateway !== 'manual')
      throw badRequest(texts.notManual, { gateway: order.gateway }, 'orderNo');
    const outcome = await settleOrder(ctx, order, { by: 'admin', actorId: identity.userId });
    if (outcome === 'already_paid') throw badRequest(texts.alreadyPaid, {}, 'orderNo');
    ctx.log.info({ orderNo: order.order_no, adminId: identity.userId }, 'manual order marked paid');
    setMessage(texts.orderPaid);
    return adminOrderView((await findOrder(ctx, body.orderNo))!);
  });

  route(app, payments.adminRefundOrder, async ({ body, identity, setMessage }) => {
    const order = await orderById(body.id);
    if (!order) throw notFound(texts.orderNotFound);
    const outcome = await refundOrder(ctx, order, {
      reason: body.reason,
      actorId: identity.userId,
    });
    if (outcome === 'not_paid') {
      const now = await orderById(body.id);
      if (now?.status === 'refunded') throw conflict(texts.alreadyRefunded);
      throw conflict(texts.refundNotPaid, { status: now?.status ?? order.status });
    }
    ctx.log.info(
      { orderNo: order.order_no, adminId: identity.userId },
      'order refunded to credits',
    );
    setMessage(texts.orderRefunded, { credits: order.credits });
    return adminOrderView((await orderById(body.id))!);
  });

  route(app, payments.adminListNotifications, async ({ query }) => {
    let base = db().selectFrom('payment_notifications');
    if (query.orderNo) base = base.where('order_no', '=', query.orderNo);
    const { rows, count } = await pageOf(base, query, (q) => q.selectAll().orderBy('id', 'desc'));
    return { rows: rows.map(notificationView), count };
  });

  route(app, payments.adminListGateways, async () => ({ rows: await listGatewaySettings(ctx) }));

  route(app, payments.adminUpdateGateway, async ({ body, identity }) => {
    const saved = await updateGatewaySettings(ctx, body);
    ctx.log.info(
      { gateway: body.gateway, enabled: saved.enabled, adminId: identity.userId },
      'payment gateway settings changed',
    );
    return saved;
  });
}
