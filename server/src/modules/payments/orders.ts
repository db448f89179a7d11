import { createHash, randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { payments, sites } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageOf, type Page } from '../../db/paging.js';
import { AppError, notFound, notice } from '../../http/errors.js';
import { grant, payDueInvites } from '../credits/index.js';
import { availableWays, loadGateway } from './gateway-settings.js';
import { GatewayError, type GatewayOrder, type PaymentGateway } from './gateways/gateway.js';
import { texts } from './messages.js';
import { readLocalized } from './packages.js';
import type { OrdersTable, PayWayName } from './tables.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
export type OrderRow = Selectable<OrdersTable>;

/** How long a QR code or pay page stays payable. */
export const ORDER_TTL_MINUTES = 30;

/** `P` + 13-digit ms time + 6 random digits: unique, ≤ 32 characters as WeChat Pay asks. */
export const newOrderNo = () => `P${Date.now()}${String(randomInt(1_000_000)).padStart(6, '0')}`;

export function orderView(row: OrderRow): payments.Order {
  return {
    orderNo: row.order_no,
    packageId: row.package_id,
    packageName: row.package_name,
    amountCents: row.amount_cents,
    currency: row.currency,
    credits: row.credits,
    vipDays: row.vip_days,
    payWay: row.pay_way,
    gateway: row.gateway,
    status: row.status,
    codeUrl: row.status === 'pending' ? row.code_url : null,
    payUrl: row.status === 'pending' ? row.pay_url : null,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    refundedAt: row.refunded_at,
    createdAt: row.created_at,
  };
}

export const gatewayOrderOf = (row: OrderRow, clientIp = '127.0.0.1'): GatewayOrder => ({
  orderNo: row.order_no,
  amountCents: row.amount_cents,
  currency: row.currency,
  description: row.package_name,
  payWay: row.pay_way,
  expiresAt: row.expires_at,
  tradeNo: row.gateway_trade_no,
  clientIp,
});

const upstreamFailed = () => new AppError(502, texts.gatewayFailed);

/** Places an order for a package and asks the gateway serving the pay way for its QR code or page. */
export async function createOrder(
  ctx: Ctx,
  input: {
    userId: number;
    packageId: number;
    payWay: PayWayName;
    clientIp: string;
    /** The buyer's language: the order keeps the package's name in it. */
    lang: sites.Language;
  },
): Promise<OrderRow> {
  const pkg = await ctx.db.kysely
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', input.packageId)
    .where('on_sale', '=', 1)
    .executeTakeFirst();
  if (!pkg) throw notFound(texts.packageNotFound);
  const way = (await availableWays(ctx)).find((w) => w.payWay === input.payWay);
  const gateway = way ? await loadGateway(ctx, way.gateway) : null;
  if (!way || !gateway) throw notice(texts.payWayUnavailable);
  if (gateway.currencies && !gateway.currencies.includes(pkg.currency))
    throw notice(texts.currencyUnsupported, { currency: pkg.currency });

  const now = new Date();
  const row = await ctx.db.kysely
    .insertInto('orders')
    .values({
      order_no: newOrderNo(),
      user_id: input.userId,
      package_id: pkg.id,
      package_name: readLocalized(pkg.name)[input.lang],
      amount_cents: pkg.price_cents,
      currency: pkg.currency,
      credits: pkg.credits,
      vip_days: pkg.vip_days,
      pay_way: input.payWay,
      gateway: gateway.name,
      status: 'pending',
      gateway_trade_no: null,
      code_url: null,
      pay_url: null,
      expires_at: new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000).toISOString(),
      paid_at: null,
      paid_by: null,
      last_checked_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  let created;
  try {
    created = await gateway.create(gatewayOrderOf(row, input.clientIp), {
      notifyUrl: notifyUrlOf(ctx, gateway),
      returnUrl: `${ctx.config.publicUrl}/pay?orderNo=${row.order_no}`,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    ctx.log.warn(
      { orderNo: row.order_no, gateway: gateway.name, problem: error.message },
      'payment gateway refused an order',
    );
    await ctx.db.kysely
      .updateTable('orders')
      .set({ status: 'failed', updated_at: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
    throw upstreamFailed();
  }
  return ctx.db.kysely
    .updateTable('orders')
    .set({
      gateway_trade_no: created.tradeNo ?? null,
      code_url: created.codeUrl ?? null,
      pay_url: created.payUrl ?? null,
      updated_at: nowIso(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const notifyUrlOf = (ctx: Ctx, gateway: PaymentGateway) =>
  `${ctx.config.publicUrl}/api/pay/notify/${gateway.name}`;

/** Whether what the gateway says was paid is exactly the order's price. */
export const amountMatches = (
  order: OrderRow,
  amountCents: number | undefined,
  currency: string | undefined,
) => amountCents === order.amount_cents && (currency ?? '').toUpperCase() === order.currency;

/**
 * Marks an order paid and credits it, in one transaction. Whatever the order's state (also
 * expired: the user paid), it is credited exactly once: the status flip is conditional, and
 * the ledger's idempotency key `order:<id>` guards as well. A refunded order was paid: a late
 * notification for it changes nothing.
 */
export async function settleOrder(
  ctx: Ctx,
  order: OrderRow,
  paid: { tradeNo?: string; by: 'notify' | 'reconcile' | 'admin'; actorId?: number },
): Promise<'credited' | 'already_paid'> {
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const flipped = await trx
      .updateTable('orders')
      .set((eb) => ({
        status: 'paid',
        paid_at: now,
        paid_by: paid.by,
        gateway_trade_no: paid.tradeNo ? paid.tradeNo : eb.ref('gateway_trade_no'),
        updated_at: now,
      }))
      .where('id', '=', order.id)
      .where('status', 'not in', ['paid', 'refunded'])
      .executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1) return 'already_paid' as const;
    await grant(trx, {
      userId: order.user_id,
      amount: order.credits,
      vipDays: order.vip_days,
      kind: 'purchase',
      ref: `order:${order.order_no}`,
      idempotencyKey: `order:${order.id}`,
      note: order.package_name,
      actorId: paid.actorId ?? null,
    });
    return 'credited' as const;
  });
  // A first purchase makes the buyer's inviter's pending reward due.
  if (result === 'credited')
    await payDueInvites(ctx, { inviteeId: order.user_id }).catch((error: unknown) =>
      ctx.log.warn({ err: (error as Error).message }, 'invite reward not paid yet'),
    );
  return result;
}

/**
 * Refunds a paid order to credits (the platform sends no money back through the gateway): the
 * user gets the order's credits — what the paid amount bought at the package's rate — as one
 * `refund` ledger row carrying the reason. What the purchase granted stays (it may be spent).
 * Once: the status flip `paid` → `refunded` is conditional (concurrent refunds: one wins) and
 * the ledger key `order_refund:<id>` guards as well; both commit together.
 */
export async function refundOrder(
  ctx: Ctx,
  order: OrderRow,
  refund: { reason: string; actorId: number },
): Promise<'refunded' | 'not_paid'> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const flipped = await trx
      .updateTable('orders')
      .set({
        status: 'refunded',
        refunded_at: now,
        refunded_by: refund.actorId,
        refund_reason: refund.reason,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (Number(flipped.numUpdatedRows) !== 1) return 'not_paid';
    await grant(trx, {
      userId: order.user_id,
      amount: order.credits,
      kind: 'refund',
      ref: `order:${order.order_no}`,
      idempotencyKey: `order_refund:${order.id}`,
      note: refund.reason,
      actorId: refund.actorId,
    });
    return 'refunded';
  });
}

export async function findOrder(ctx: Ctx, orderNo: string): Promise<OrderRow | undefined> {
  return ctx.db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A page of the user's orders, newest first, of one status or all. */
export function ordersPage(
  db: Executor,
  userId: number,
  page: Page & { status?: OrdersTable['status'] },
) {
  let base = db.selectFrom('orders').where('user_id', '=', userId);
  if (page.status) base = base.where('status', '=', page.status);
  return pageOf(base, page, (q) =>
    q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}
