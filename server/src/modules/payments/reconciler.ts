import { runPeriodicJob } from '../../lib/periodic.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { BackgroundTask } from '../module.js';
import { loadGateway } from './gateway-settings.js';
import type { PaymentGateway } from './gateways/gateway.js';
import { amountMatches, gatewayOrderOf, settleOrder, type OrderRow } from './orders.js';
import type { GatewayName } from './tables.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

/** A notification normally comes within seconds; after this the gateway is asked. */
export const RECONCILE_AFTER_MINUTES = 2;
/** Ask about one order at most this often. */
export const RECONCILE_EVERY_MINUTES = 2;
/** Orders are asked about until this long after they expired (a late payment still counts). */
export const RECONCILE_FOR_HOURS = 24;
const BATCH = 100;

export interface ReconcileResult {
  checked: number;
  credited: number;
  expired: number;
  failed: number;
}

/**
 * Asks the gateway about orders still unpaid a few minutes after creation, so a lost
 * notification still credits the order; then expires pending orders past their expiry.
 * `now` lets tests travel in time.
 */
export async function reconcilePayments(
  ctx: Ctx,
  options: { now?: Date } = {},
): Promise<ReconcileResult> {
  const now = options.now ?? new Date();
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
  const result: ReconcileResult = { checked: 0, credited: 0, expired: 0, failed: 0 };
  const due = await ctx.db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', ['pending', 'expired'])
    .where('gateway', '!=', 'manual')
    .where('created_at', '<=', minutesAgo(RECONCILE_AFTER_MINUTES))
    .where('expires_at', '>=', minutesAgo(RECONCILE_FOR_HOURS * 60))
    .where((eb) =>
      eb.or([
        eb('last_checked_at', 'is', null),
        eb('last_checked_at', '<=', minutesAgo(RECONCILE_EVERY_MINUTES)),
      ]),
    )
    .orderBy('created_at')
    .limit(BATCH)
    .execute();
  const gateways = new Map<GatewayName, PaymentGateway | null>();
  for (const order of due) {
    if (!gateways.has(order.gateway))
      gateways.set(order.gateway, await loadGateway(ctx, order.gateway));
    const gateway = gateways.get(order.gateway);
    if (!gateway) continue;
    result.checked++;
    const outcome = await reconcileOrder(ctx, gateway, order, now);
    if (outcome === 'credited') result.credited++;
    if (outcome === 'failed') result.failed++;
  }
  const expired = await ctx.db.kysely
    .updateTable('orders')
    .set({ status: 'expired', updated_at: nowIso() })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  result.expired = Number(expired.numUpdatedRows);
  return result;
}

/** Asks the gateway about one order and credits it when paid in full. */
export async function reconcileOrder(
  ctx: Ctx,
  gateway: PaymentGateway,
  order: OrderRow,
  now = new Date(),
): Promise<'credited' | 'already_paid' | 'unpaid' | 'mismatch' | 'failed'> {
  await ctx.db.kysely
    .updateTable('orders')
    .set({ last_checked_at: now.toISOString() })
    .where('id', '=', order.id)
    .execute();
  try {
    const answer = await gateway.query(gatewayOrderOf(order));
    if (!answer.paid) return 'unpaid';
    if (!amountMatches(order, answer.amountCents, answer.currency)) {
      ctx.log.warn(
        {
          orderNo: order.order_no,
          gateway: gateway.name,
          amountCents: answer.amountCents,
          currency: answer.currency,
        },
        'gateway reports a payment that does not match the order; not credited',
      );
      return 'mismatch';
    }
    const outcome = await settleOrder(ctx, order, { tradeNo: answer.tradeNo, by: 'reconcile' });
    if (outcome === 'credited')
      ctx.log.info(
        { orderNo: order.order_no, gateway: gateway.name },
        'reconciler credited an order whose notification never came',
      );
    return outcome;
  } catch (error) {
    ctx.log.warn(
      { orderNo: order.order_no, gateway: gateway.name, problem: (error as Error).message },
      'payment query failed',
    );
    return 'failed';
  }
}

/** Runs the reconciler every minute in the serving process. */
export function startReconciler(ctx: Ctx, everyMs = 60_000): BackgroundTask {
  return runPeriodicJob(ctx, 'payment reconciler', everyMs, () => reconcilePayments(ctx));
}
