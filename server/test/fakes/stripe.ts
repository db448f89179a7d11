import { createHmac, randomBytes } from 'node:crypto';
import { deliver, json, startFakeServer, type Delivery, type FakeServer } from './http.js';

/**
 * Stripe Checkout: form-encoded `POST /v1/checkout/sessions` and `GET /v1/checkout/sessions/:id`
 * with the secret key as Bearer, and `checkout.session.completed` webhooks signed with
 * `Stripe-Signature: t=…,v1=HMAC-SHA256(whsec, "t.body")`.
 */
export interface FakeStripe extends FakeServer {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the endpoint an operator registers in the Stripe dashboard). */
  webhookUrl: string;
  sessions: Map<string, Session>;
  /** The session created for one of our orders. */
  sessionOf(orderNo: string): Session;
  pay(orderNo: string, options?: { notify?: boolean }): Promise<Delivery | null>;
  notify(
    orderNo: string,
    change?: {
      amountTotal?: number;
      currency?: string;
      orderNo?: string;
      signWith?: string;
      skewSeconds?: number;
      type?: string;
      /** Report the session paid (or not) whatever its state. */
      paid?: boolean;
    },
  ): Promise<Delivery>;
  replay(): Promise<Delivery>;
}

interface Session {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
}

export const stripeSignatureHeader = (
  body: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export async function startFakeStripe(options: { webhookUrl?: string } = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Session>();
  let last: { headers: Record<string, string>; body: string } | null = null;
  const error = (status: number, message: string) =>
    json(status, { error: { type: 'invalid_request_error', message } });

  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return error(401, 'Invalid API Key provided');
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const form = new URLSearchParams(req.body);
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
      const currency = form.get('line_items[0][price_data][currency]');
      if (form.get('mode') !== 'payment') return error(400, 'mode must be payment');
      if (!Number.isInteger(amount) || amount < 1 || !currency)
        return error(400, 'Missing price_data');
      if (!form.get('success_url')) return error(400, 'Missing required param: success_url.');
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const session: Session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * quantity,
        currency,
        client_reference_id: form.get('client_reference_id'),
        metadata,
        success_url: form.get('success_url')!,
        cancel_url: form.get('cancel_url') ?? '',
      };
      sessions.set(id, session);
      return json(200, session);
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const session = sessions.get(m[1]!);
      return session ? json(200, session) : error(404, `No such checkout.session: '${m[1]}'`);
    }
    return error(404, 'Unrecognized request URL');
  });

  const fake: FakeStripe = {
    ...server,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl ?? '',
    sessions,
    sessionOf(orderNo) {
      const session = [...sessions.values()].find((s) => s.client_reference_id === orderNo);
      if (!session) throw new Error(`fake stripe: no session for ${orderNo}`);
      return session;
    },
    async notify(orderNo, change = {}) {
      const session = fake.sessionOf(orderNo);
      const object = {
        ...session,
        ...(change.amountTotal !== undefined ? { amount_total: change.amountTotal } : {}),
        ...(change.currency ? { currency: change.currency } : {}),
        ...(change.paid !== undefined
          ? {
              payment_status: change.paid ? 'paid' : 'unpaid',
              status: change.paid ? 'complete' : 'open',
            }
          : {}),
        ...(change.orderNo
          ? { client_reference_id: change.orderNo, metadata: { order_no: change.orderNo } }
          : {}),
      };
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2024-06-20',
        created: Math.floor(Date.now() / 1000),
        type: change.type ?? 'checkout.session.completed',
        livemode: false,
        data: { object },
      });
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignatureHeader(
          body,
          change.signWith ?? webhookSecret,
          Math.floor(Date.now() / 1000) + (change.skewSeconds ?? 0),
        ),
      };
      last = { headers, body };
      return deliver(fake.webhookUrl, { method: 'POST', headers, body });
    },
    async pay(orderNo, opts = {}) {
      const session = fake.sessionOf(orderNo);
      session.status = 'complete';
      session.payment_status = 'paid';
      return opts.notify === false ? null : fake.notify(orderNo);
    },
    async replay() {
      if (!last) throw new Error('fake stripe: nothing sent yet');
      return deliver(fake.webhookUrl, { method: 'POST', ...last });
    },
  };
  return fake;
}
