import { createHmac, timingSafeEqual } from 'node:crypto';
import { GatewayError, gatewayFetch, headerOf, parseJson, type PaymentGateway } from './gateway.js';

export interface StripeSettings {
  baseUrl: string;
  /** sk_live_… / sk_test_… */
  secretKey: string;
  /** whsec_… of the webhook endpoint. */
  webhookSecret: string;
}

const TOLERANCE_SECONDS = 300;

/** `Stripe-Signature: t=…,v1=…`: HMAC-SHA256(secret, `${t}.${rawBody}`), any v1 may match. */
export function verifyStripeSignature(
  header: string,
  rawBody: string,
  secret: string,
  now = Date.now(),
): string | null {
  const parts = header.split(',').map((p) => p.trim().split('=', 2) as [string, string?]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return 'signature header missing';
  if (Math.abs(now / 1000 - Number(t)) > TOLERANCE_SECONDS) return 'timestamp too far from now';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest('hex');
  const match = signatures.some(
    (s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), Buffer.from(expected)),
  );
  return match ? null : 'bad signature';
}

interface CheckoutSession {
  id?: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string>;
  amount_total?: number;
  currency?: string;
  payment_status?: string;
}

const paidOf = (session: CheckoutSession) =>
  session.payment_status === 'paid' || session.payment_status === 'no_payment_required';

export function stripeGateway(s: StripeSettings): PaymentGateway {
  const base = s.baseUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${s.secretKey}` };

  const fail = (status: number, text: string) => {
    let message = `HTTP ${status}`;
    try {
      const error = (JSON.parse(text) as { error?: { message?: string } }).error;
      if (error?.message) message = error.message;
    } catch {
      // keep the status
    }
    return new GatewayError('stripe', message);
  };

  return {
    name: 'stripe',
    currencies: null,

    async create(order, { returnUrl }) {
      const form = new URLSearchParams({
        mode: 'payment',
        'line_items[0][price_data][currency]': order.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(order.amountCents),
        'line_items[0][price_data][product_data][name]': order.description,
        'line_items[0][quantity]': '1',
        success_url: `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}paid=1`,
        cancel_url: returnUrl,
        client_reference_id: order.orderNo,
        'metadata[order_no]': order.orderNo,
      });
      const res = await gatewayFetch('stripe', `${base}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `create-${order.orderNo}`,
        },
        body: form.toString(),
      });
      if (res.status !== 200) throw fail(res.status, res.text);
      const session = parseJson('stripe', res.text);
      if (typeof session.id !== 'string' || typeof session.url !== 'string')
        throw new GatewayError('stripe', 'answered no session id or url');
      return { tradeNo: session.id, payUrl: session.url };
    },

    async query(order) {
      if (!order.tradeNo) return { paid: false };
      const res = await gatewayFetch(
        'stripe',
        `${base}/v1/checkout/sessions/${encodeURIComponent(order.tradeNo)}`,
        { method: 'GET', headers: auth },
      );
      if (res.status === 404) return { paid: false };
      if (res.status !== 200) throw fail(res.status, res.text);
      const session = parseJson('stripe', res.text) as CheckoutSession;
      return {
        paid: paidOf(session),
        amountCents: session.amount_total,
        currency: session.currency?.toUpperCase(),
        tradeNo: session.id,
      };
    },

    async verifyNotification({ headers, rawBody }) {
      const problem = verifyStripeSignature(
        headerOf(headers, 'stripe-signature'),
        rawBody,
        s.webhookSecret,
      );
      if (problem) return { ok: false, reason: problem };
      let event: { type?: string; data?: { object?: CheckoutSession } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        return { ok: false, reason: 'body is not JSON' };
      }
      const paidEvents = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
      const session = event.data?.object;
      if (!event.type || !paidEvents.includes(event.type) || !session)
        return { ok: true, ignored: `event ${event.type ?? '?'}` };
      return {
        ok: true,
        outTradeNo: session.client_reference_id ?? session.metadata?.order_no ?? '',
        amountCents: session.amount_total ?? Number.NaN,
        currency: (session.currency ?? '').toUpperCase(),
        tradeNo: session.id ?? '',
        paid: paidOf(session),
      };
    },

    acknowledge(ok, reason) {
      return {
        status: ok ? 200 : 400,
        contentType: 'application/json',
        body: JSON.stringify(ok ? { received: true } : { error: reason ?? 'rejected' }),
      };
    },
  };
}
