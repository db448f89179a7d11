import type { FastifyInstance } from 'fastify';
import { payments } from '@atelier/contracts';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  adminOrdersPage,
  adminOrderView,
  createPackage,
  deletePackage,
  notificationsPage,
  orderById,
  updatePackage,
} from './admin-service.js';
import { listGatewaySettings, updateGatewaySettings } from './gateway-settings.js';
import { texts } from './messages.js';
import { findOrder, refundOrder, settleOrder } from './orders.js';
import { listPackages, packageView } from './packages.js';

/** `/admin/payments/…`: packages, orders, manual payments, notifications, gateway settings. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const db = () => ctx.db.kysely;

  route(app, payments.adminListPackages, async ({ query }) => listPackages(ctx, query, true));

  route(app, payments.adminCreatePackage, async ({ body }) => {
    return packageView(await createPackage(db(), body));
  });

  route(app, payments.adminUpdatePackage, async ({ body }) => {
    const { id, ...fields } = body;
    const row = await updatePackage(db(), id, fields);
    if (!row) throw notFound(texts.packageNotFound);
    return packageView(row);
  });

  route(app, payments.adminDeletePackage, async ({ body, setMessage }) => {
    if (!(await deletePackage(db(), body.id))) throw notFound(texts.packageNotFound);
    setMessage(texts.packageDeleted);
    return null;
  });

  route(app, payments.adminListOrders, async ({ query }) => adminOrdersPage(db(), query));

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
    const order = await orderById(db(), body.id);
    if (!order) throw notFound(texts.orderNotFound);
    const outcome = await refundOrder(ctx, order, {
      reason: body.reason,
      actorId: identity.userId,
    });
    if (outcome === 'not_paid') {
      const now = await orderById(db(), body.id);
      if (now?.status === 'refunded') throw conflict(texts.alreadyRefunded);
      throw conflict(texts.refundNotPaid, { status: now?.status ?? order.status });
    }
    ctx.log.info(
      { orderNo: order.order_no, adminId: identity.userId },
      'order refunded to credits',
    );
    setMessage(texts.orderRefunded, { credits: order.credits });
    return adminOrderView((await orderById(db(), body.id))!);
  });

  route(app, payments.adminListNotifications, async ({ query }) => notificationsPage(db(), query));

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
