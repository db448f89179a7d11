import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEpay, type FakeEpay } from '../../../test/fakes/epay.js';
import type { Delivery } from '../../../test/fakes/http.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fakes/stripe.js';
import { startFakeWechatPay, type FakeWechatPay } from '../../../test/fakes/wechatpay.js';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { reconcilePayments } from './reconciler.js';
import { freePort } from '../../../test/ports.js';

interface Order {
  orderNo: string;
  status: string;
  codeUrl: string | null;
  payUrl: string | null;
  credits: number;
  amountCents: number;
}

/** What each protocol looks like to a test: how to pay, replay, forge, and what its answers mean. */
interface Driver {
  payWay: 'wechat' | 'alipay' | 'card';
  pay(orderNo: string, notify?: boolean): Promise<Delivery | null>;
  /** Sends the payment notification again, unchanged. */
  resend(orderNo: string): Promise<Delivery>;
  forged(orderNo: string): Promise<Delivery>;
  wrongAmount(orderNo: string, amountCents: number): Promise<Delivery>;
  unknownOrder(orderNo: string): Promise<Delivery>;
  accepted(d: Delivery | null): void;
  refused(d: Delivery): void;
}

describe('payments through the real gateway protocols', () => {
  let t: TestApp;
  let epay: FakeEpay;
  let wechat: FakeWechatPay;
  let stripe: FakeStripe;
  let buyer: TestUser;
  let admin: TestUser;
  let packageId: number;
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const balance = async (userId: number) =>
    (
      await t.app.ctx.db.kysely
        .selectFrom('credit_balances')
        .select('credits')
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.credits ?? 0;
  const purchases = async (userId: number) =>
    (
      await t.app.ctx.db.kysely
        .selectFrom('credit_ledger')
        .select('ref')
        .where('user_id', '=', userId)
        .where('kind', '=', 'purchase')
        .execute()
    ).map((r) => r.ref);
  const order = async (orderNo: string) =>
    (
      await call<Order>(t.app, {
        url: `/api/pay/order?orderNo=${orderNo}`,
        headers: bearer(buyer.token),
      })
    ).body.data;
  const placeOrder = async (payWay: string) => {
    const res = await call<Order>(t.app, {
      method: 'POST',
      url: '/api/pay/order',
      headers: bearer(buyer.token),
      payload: { packageId, payWay },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  };
  const outcomes = async (orderNo: string) =>
    (
      await t.app.ctx.db.kysely
        .selectFrom('payment_notifications')
        .select(['outcome', 'verified'])
        .where('order_no', '=', orderNo)
        .orderBy('id')
        .execute()
    ).map((r) => r.outcome);

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const apiV3Key = randomBytes(16).toString('hex');
    [epay, wechat, stripe] = await Promise.all([
      startFakeEpay(),
      startFakeWechatPay({
        mchid: '1900000109',
        appid: 'wxd678efh567hg6787',
        merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        merchantPublicKey: merchant.publicKey,
        apiV3Key,
      }),
      startFakeStripe({ webhookUrl: `${publicUrl}/api/pay/notify/stripe` }),
    ]);
    t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
    await t.app.listen({ host: '127.0.0.1', port });
    admin = await createUser(t.app, { role: 'admin' });
    buyer = await createUser(t.app);
    const configure = async (payload: Record<string, unknown>) => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/admin/payments/gateways',
        headers: bearer(admin.token),
        payload,
      });
      expect(res.status, res.body.message).toBe(200);
    };
    await configure({
      gateway: 'epay',
      enabled: true,
      payWays: ['alipay'],
      settings: { baseUrl: epay.url, pid: epay.pid },
      secrets: { key: epay.key },
    });
    await configure({
      gateway: 'wechat',
      enabled: true,
      payWays: ['wechat'],
      settings: {
        baseUrl: wechat.url,
        mchid: wechat.mchid,
        appid: wechat.appid,
        serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        platformPublicKey: wechat.platformPublicKeyPem,
        platformSerial: wechat.platformSerial,
      },
      secrets: {
        privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        apiV3Key,
      },
    });
    await configure({
      gateway: 'stripe',
      enabled: true,
      payWays: ['card'],
      settings: { baseUrl: stripe.url },
      secrets: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
    });
    const list = await call<{ rows: Array<{ id: number; credits: number }> }>(t.app, {
      url: '/api/autoreply/queryPrice?page=1&size=100',
    });
    packageId = list.body.data.rows[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([epay?.close(), wechat?.close(), stripe?.close()]);
  });

  const drivers: Record<'epay' | 'wechat' | 'stripe', () => Driver> = {
    epay: () => ({
      payWay: 'alipay',
      pay: (no, notify = true) => epay.pay(no, { notify }),
      resend: (no) => epay.notify(no),
      forged: (no) => epay.notify(no, { signWith: 'not-the-merchant-key' }),
      wrongAmount: (no, cents) => epay.notify(no, { money: ((cents - 1) / 100).toFixed(2) }),
      unknownOrder: (no) => epay.notify(no, { outTradeNo: 'P0000000000000000000' }),
      accepted: (d) => expect(d).toEqual({ status: 200, body: 'success' }),
      refused: (d) => expect(d.body).not.toBe('success'),
    }),
    wechat: () => ({
      payWay: 'wechat',
      pay: (no, notify = true) => wechat.pay(no, { notify }),
      resend: () => wechat.replay(),
      forged: (no) => wechat.notify(no, { signWith: forger.privateKey, paid: true }),
      wrongAmount: (no, cents) => wechat.notify(no, { total: cents - 1, paid: true }),
      unknownOrder: (no) => wechat.notify(no, { outTradeNo: 'P0000000000000000000', paid: true }),
      accepted: (d) => expect(d?.status).toBe(204),
      refused: (d) => {
        expect(d.status).toBeGreaterThanOrEqual(400);
        expect(JSON.parse(d.body)).toMatchObject({ code: 'FAIL' });
      },
    }),
    stripe: () => ({
      payWay: 'card',
      pay: (no, notify = true) => stripe.pay(no, { notify }),
      resend: () => stripe.replay(),
      forged: (no) => stripe.notify(no, { signWith: 'whsec_forged', paid: true }),
      wrongAmount: (no, cents) => stripe.notify(no, { amountTotal: cents - 1, paid: true }),
      unknownOrder: (no) => stripe.notify(no, { orderNo: 'P0000000000000000000', paid: true }),
      accepted: (d) => expect(d?.status).toBe(200),
      refused: (d) => expect(d.status).toBe(400),
    }),
  };

  describe.each(['epay', 'wechat', 'stripe'] as const)('%s', (name) => {
    const driver = () => drivers[name]();

    it('creates the order at the gateway and credits it once when paid', async () => {
      const placed = await placeOrder(driver().payWay);
      expect(placed).toMatchObject({ status: 'pending', gateway: name });
      expect(placed.codeUrl ?? placed.payUrl).toBeTruthy();
      const before = await balance(buyer.userId);
      driver().accepted(await driver().pay(placed.orderNo));
      expect(await balance(buyer.userId)).toBe(before + placed.credits);
      expect(await order(placed.orderNo)).toMatchObject({ status: 'paid', codeUrl: null });
      expect(await purchases(buyer.userId)).toContain(`order:${placed.orderNo}`);
      expect(await outcomes(placed.orderNo)).toEqual(['credited']);
    });

    it('credits once when the same notification comes 10 times', async () => {
      const placed = await placeOrder(driver().payWay);
      const before = await balance(buyer.userId);
      driver().accepted(await driver().pay(placed.orderNo));
      const again = await Promise.all(
        Array.from({ length: 9 }, () => driver().resend(placed.orderNo)),
      );
      for (const d of again) driver().accepted(d);
      expect(await balance(buyer.userId)).toBe(before + placed.credits);
      const refs = await purchases(buyer.userId);
      expect(refs.filter((r) => r === `order:${placed.orderNo}`)).toHaveLength(1);
      const seen = await outcomes(placed.orderNo);
      expect(seen).toHaveLength(10);
      expect(seen.filter((o) => o === 'credited')).toHaveLength(1);
    });

    it('changes nothing for a forged signature, a wrong amount or an unknown order', async () => {
      const placed = await placeOrder(driver().payWay);
      const before = await balance(buyer.userId);
      driver().refused(await driver().forged(placed.orderNo));
      driver().refused(await driver().wrongAmount(placed.orderNo, placed.amountCents));
      driver().refused(await driver().unknownOrder(placed.orderNo));
      expect(await balance(buyer.userId)).toBe(before);
      expect((await order(placed.orderNo)).status).toBe('pending');
      const logged = await t.app.ctx.db.kysely
        .selectFrom('payment_notifications')
        .select(['outcome', 'verified', 'order_no'])
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      expect(logged.reverse()).toEqual([
        { outcome: 'bad_signature', verified: 0, order_no: null },
        { outcome: 'amount_mismatch', verified: 1, order_no: placed.orderNo },
        { outcome: 'unknown_order', verified: 1, order_no: 'P0000000000000000000' },
      ]);
    });

    it('credits a payment whose notification was lost, through the reconciler', async () => {
      const placed = await placeOrder(driver().payWay);
      const before = await balance(buyer.userId);
      expect(await driver().pay(placed.orderNo, false)).toBeNull();
      // Right after creation the reconciler leaves the order alone (the notify may still come).
      expect((await reconcilePayments(t.app.ctx)).credited).toBe(0);
      const later = new Date(Date.now() + 3 * 60_000);
      const round = await reconcilePayments(t.app.ctx, { now: later });
      expect(round.credited).toBe(1);
      expect(await balance(buyer.userId)).toBe(before + placed.credits);
      expect(await order(placed.orderNo)).toMatchObject({ status: 'paid' });
      // A notification arriving after all is answered as fine and credits nothing more.
      driver().accepted(await driver().pay(placed.orderNo));
      expect(await balance(buyer.userId)).toBe(before + placed.credits);
    });
  });

  it('asks the gateway while the buyer polls a minute-old order whose notification is lost', async () => {
    const placed = await placeOrder('alipay');
    const before = await balance(buyer.userId);
    await epay.pay(placed.orderNo, { notify: false });
    expect((await order(placed.orderNo)).status).toBe('pending'); // too young to ask about
    await t.app.ctx.db.kysely
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 90_000).toISOString() })
      .where('order_no', '=', placed.orderNo)
      .execute();
    expect(await order(placed.orderNo)).toMatchObject({ status: 'paid' });
    expect(await balance(buyer.userId)).toBe(before + placed.credits);
  });

  it('expires unpaid orders, and still credits a late payment of an expired order', async () => {
    const placed = await placeOrder('wechat');
    const before = await balance(buyer.userId);
    const round = await reconcilePayments(t.app.ctx, { now: new Date(Date.now() + 31 * 60_000) });
    expect(round.expired).toBeGreaterThanOrEqual(1);
    expect(await order(placed.orderNo)).toMatchObject({ status: 'expired', codeUrl: null });
    expect(await wechat.pay(placed.orderNo)).toMatchObject({ status: 204 });
    expect(await order(placed.orderNo)).toMatchObject({ status: 'paid' });
    expect(await balance(buyer.userId)).toBe(before + placed.credits);
  });

  it('credits once when the notification and the reconciler race', async () => {
    const placed = await placeOrder('wechat');
    const before = await balance(buyer.userId);
    await wechat.pay(placed.orderNo, { notify: false });
    const later = new Date(Date.now() + 3 * 60_000);
    const [delivery] = await Promise.all([
      wechat.notify(placed.orderNo),
      reconcilePayments(t.app.ctx, { now: later }),
      reconcilePayments(t.app.ctx, { now: later }),
    ]);
    expect(delivery.status).toBe(204);
    expect(await balance(buyer.userId)).toBe(before + placed.credits);
    const refs = await purchases(buyer.userId);
    expect(refs.filter((r) => r === `order:${placed.orderNo}`)).toHaveLength(1);
  });

  it('refuses a WeChat Pay resource sealed with another APIv3 key, and a Stripe payment in another currency', async () => {
    const wx = await placeOrder('wechat');
    const forgedKey = await wechat.notify(wx.orderNo, { paid: true, apiV3Key: 'x'.repeat(32) });
    expect(forgedKey.status).toBeGreaterThanOrEqual(400);
    const card = await placeOrder('card');
    const otherCurrency = await stripe.notify(card.orderNo, { paid: true, currency: 'usd' });
    expect(otherCurrency.status).toBe(400);
    expect((await order(wx.orderNo)).status).toBe('pending');
    expect((await order(card.orderNo)).status).toBe('pending');
    expect(await outcomes(card.orderNo)).toEqual(['amount_mismatch']);
  });

  it('refuses a WeChat Pay notification signed more than 300 s ago', async () => {
    const placed = await placeOrder('wechat');
    wechat.orders.get(placed.orderNo)!.paid = true;
    const res = await wechat.notify(placed.orderNo, { skewSeconds: -301 });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await order(placed.orderNo)).status).toBe('pending');
  });

  it('refuses a Stripe webhook signed more than 300 s ago', async () => {
    const placed = await placeOrder('card');
    const res = await stripe.notify(placed.orderNo, { paid: true, skewSeconds: -301 });
    expect(res.status).toBe(400);
    expect((await order(placed.orderNo)).status).toBe('pending');
  });

  it('logs notifications without secrets', async () => {
    const text = t.logs.lines().join('\n');
    expect(text).toContain('payment notification');
    for (const secret of [epay.key, stripe.secretKey, stripe.webhookSecret, wechat.apiV3Key])
      expect(text).not.toContain(secret);
  });
});
