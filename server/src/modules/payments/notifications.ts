import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { loadGateway } from './gateway-settings.js';
import type { Acknowledgement, IncomingNotification } from './gateways/gateway.js';
import { amountMatches, findOrder, settleOrder, sha256 } from './orders.js';
import type { GatewayName, NotificationOutcome } from './tables.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

interface Logged {
  verified: boolean;
  outcome: NotificationOutcome;
  orderId?: number | null;
  orderNo?: string | null;
  detail?: string;
}

/** Outcomes the gateway is told were fine (it stops resending); the rest are refused. */
const accepted: NotificationOutcome[] = ['credited', 'already_paid', 'not_paid', 'ignored'];

/**
 * A gateway's notification: verified by its protocol, checked against the order (amount,
 * currency), credited at most once, logged (never with secrets), and answered as the protocol
 * expects. A rejected notification changes nothing but its log row.
 */
export async function handleNotification(
  ctx: Ctx,
  name: GatewayName,
  incoming: IncomingNotification,
  meta: { ip: string; raw: string },
): Promise<Acknowledgement | null> {
  const gateway = await loadGateway(ctx, name);
  let logged: Logged;
  if (!gateway) logged = { verified: false, outcome: 'not_configured' };
  else {
    try {
      logged = await process(ctx, gateway, incoming);
    } catch (error) {
      ctx.log.error({ err: error, gateway: name }, 'payment notification failed');
      logged = { verified: false, outcome: 'error', detail: 'internal error' };
    }
  }
  await ctx.db.kysely
    .insertInto('payment_notifications')
    .values({
      gateway: name,
      order_id: logged.orderId ?? null,
      order_no: logged.orderNo ?? null,
      verified: logged.verified ? 1 : 0,
      outcome: logged.outcome,
      detail: (logged.detail ?? '').slice(0, 500),
      body_hash: sha256(meta.raw),
      ip: meta.ip,
      created_at: nowIso(),
    })
    .execute();
  const ok = accepted.includes(logged.outcome);
  ctx.log[ok ? 'info' : 'warn'](
    {
      gateway: name,
      orderNo: logged.orderNo ?? null,
      outcome: logged.outcome,
      detail: logged.detail,
    },
    'payment notification',
  );
  // A gateway that is not configured is not there: 404, not a 5xx gateways would retry.
  if (!gateway) return null;
  return gateway.acknowledge(ok, logged.detail ?? logged.outcome);
}

async function process(
  ctx: Ctx,
  gateway: NonNullable<Awaited<ReturnType<typeof loadGateway>>>,
  incoming: IncomingNotification,
): Promise<Logged> {
  const verified = await gateway.verifyNotification(incoming);
  if (!verified.ok) return { verified: false, outcome: 'bad_signature', detail: verified.reason };
  if ('ignored' in verified)
    return { verified: true, outcome: 'ignored', detail: verified.ignored };
  const order = verified.outTradeNo ? await findOrder(ctx, verified.outTradeNo) : undefined;
  if (!order || order.gateway !== gateway.name)
    return { verified: true, outcome: 'unknown_order', orderNo: verified.outTradeNo.slice(0, 64) };
  const base = { verified: true, orderId: order.id, orderNo: order.order_no };
  if (!verified.paid) return { ...base, outcome: 'not_paid' };
  if (!amountMatches(order, verified.amountCents, verified.currency))
    return {
      ...base,
      outcome: 'amount_mismatch',
      detail: `paid ${verified.amountCents} ${verified.currency}, order is ${order.amount_cents} ${order.currency}`,
    };
  const outcome = await settleOrder(ctx, order, { tradeNo: verified.tradeNo, by: 'notify' });
  return { ...base, outcome };
}
