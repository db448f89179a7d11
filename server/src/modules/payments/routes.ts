import type { FastifyInstance } from 'fastify';
import { payments } from '@atelier/contracts';
import { langOf } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { notFound } from '../../http/errors.js';
import { availableWays, loadGateway } from './gateway-settings.js';
import { texts } from './messages.js';
import { createOrder, findOrder, ordersPage, orderView } from './orders.js';
import { listPackages } from './packages.js';
import { reconcileOrder } from './reconciler.js';

/** While the pay screen polls, the gateway is asked about an order a minute old, at most every 15 s. */
const POLL_QUERY_AFTER_MS = 60_000;
const POLL_QUERY_EVERY_MS = 15_000;

/** The buyer's calls: price list, pay ways, order, its status, my orders. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, payments.listPackages, async ({ query }) => listPackages(ctx, query));

  route(app, payments.payWays, async () => ({ ways: await availableWays(ctx) }));

  route(
    app,
    payments.createOrder,
    async ({ body, identity, req }) =>
      orderView(
        await createOrder(ctx, {
          userId: identity.userId,
          packageId: body.packageId,
          payWay: body.payWay,
          clientIp: req.ip,
          lang: langOf(req),
        }),
      ),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );

  route(app, payments.getOrder, async ({ query, identity }) => {
    let order = await findOrder(ctx, query.orderNo);
    if (!order || order.user_id !== identity.userId) throw notFound(texts.orderNotFound);
    // A notification may be late or lost: while the buyer waits, ask the gateway now and then.
    const age = Date.now() - Date.parse(order.created_at);
    const sinceCheck = order.last_checked_at
      ? Date.now() - Date.parse(order.last_checked_at)
      : Infinity;
    if (
      order.status === 'pending' &&
      order.gateway !== 'manual' &&
      age > POLL_QUERY_AFTER_MS &&
      sinceCheck > POLL_QUERY_EVERY_MS
    ) {
      const gateway = await loadGateway(ctx, order.gateway);
      if (gateway && (await reconcileOrder(ctx, gateway, order)) === 'credited')
        order = (await findOrder(ctx, query.orderNo))!;
    }
    return orderView(order);
  });

  route(app, payments.listOrders, async ({ query, identity }) => {
    const { rows, count } = await ordersPage(ctx.db.kysely, identity.userId, query);
    return { rows: rows.map(orderView), count };
  });
}
