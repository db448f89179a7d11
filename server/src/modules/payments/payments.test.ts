import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';

type Text = Record<'en-US' | 'zh-CN' | 'zh-TW', string>;
interface Pkg {
  id: number;
  name: Text;
  description: Text;
  priceCents: number;
  currency: string;
  credits: number;
  vipDays: number;
  onSale: boolean;
}
interface Order {
  orderNo: string;
  status: string;
  gateway: string;
  credits: number;
  codeUrl: string | null;
}

describe('packages, orders and admin payments', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  const en = { 'x-lang': 'en-US' };

  const as = (user: TestUser) => ({ ...bearer(user.token), ...en });
  const balance = async (userId: number) =>
    (await t.app.ctx.db.kysely
      .selectFrom('credit_balances')
      .select(['credits', 'vip_until'])
      .where('user_id', '=', userId)
      .executeTakeFirst()) ?? { credits: 0, vip_until: null };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'admin' });
    buyer = await createUser(t.app);
    other = await createUser(t.app);
  });
  afterAll(async () => t?.close());

  it('lists the seeded packages on sale as the price list, to anyone', async () => {
    const res = await call<{ rows: Pkg[]; count: number }>(t.app, {
      url: '/api/autoreply/queryPrice?page=1&size=100',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBeGreaterThanOrEqual(3);
    expect(res.body.data.rows[0]).toMatchObject({ currency: 'CNY', onSale: true });
    const prices = res.body.data.rows.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  const creditSources = async () =>
    (await call<{ credits: unknown }>(t.app, { url: '/api/config/queryFronet' })).body.data.credits;

  it('tells the web that nothing can be bought on a fresh install, and how credits come', async () => {
    expect(await creditSources()).toEqual({ purchase: false, registerGift: 100, dailyCheckin: 10 });
    const ways = await call<{ ways: unknown[] }>(t.app, { url: '/api/pay/ways' });
    expect(ways.body.data.ways).toEqual([]);
  });

  it('answers 420 when no gateway serves the pay way, and 401 to a guest', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/pay/order',
      headers: as(buyer),
      payload: { packageId: 1 },
    });
    expect(res.status).toBe(420);
    expect(res.body.message).toMatch(/not available/);
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/pay/order',
      payload: { packageId: 1 },
    });
    expect(anonymous.status).toBe(401);
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/pay/order',
      headers: as(buyer),
      payload: { packageId: 1, payWay: 'bitcoin' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Payment method must be one of /);
    expect(bad.body.data).toMatchObject({ errors: [{ field: 'payWay' }] });
  });

  it('keeps every admin payments call to admins', async () => {
    const calls = [
      { method: 'GET', url: '/api/admin/payments/packages' },
      {
        method: 'POST',
        url: '/api/admin/payments/packages',
        payload: { name: 'x', priceCents: 1, credits: 1 },
      },
      { method: 'POST', url: '/api/admin/payments/packages/update', payload: { id: 1, name: 'x' } },
      { method: 'POST', url: '/api/admin/payments/packages/delete', payload: { id: 1 } },
      { method: 'GET', url: '/api/admin/payments/orders' },
      { method: 'POST', url: '/api/admin/payments/orders/markPaid', payload: { orderNo: 'P1' } },
      { method: 'GET', url: '/api/admin/payments/notifications' },
      { method: 'GET', url: '/api/admin/payments/gateways' },
      {
        method: 'POST',
        url: '/api/admin/payments/gateways',
        payload: { gateway: 'manual', enabled: true },
      },
    ] as const;
    for (const c of calls) {
      expect((await call(t.app, { ...c, headers: as(buyer) })).status, c.url).toBe(403);
      expect((await call(t.app, { ...c })).status, c.url).toBe(401);
    }
    const pkgs = await call<{ rows: Pkg[] }>(t.app, { url: '/api/autoreply/queryPrice' });
    expect(pkgs.body.data.rows.find((p) => p.id === 1)?.name['en-US']).not.toBe('x');
  });

  it('lets admins add, change, hide and remove packages', async () => {
    const created = await call<Pkg>(t.app, {
      method: 'POST',
      url: '/api/admin/payments/packages',
      headers: as(admin),
      payload: {
        name: 'Card pack',
        priceCents: 500,
        currency: 'usd',
        credits: 50,
        vipDays: 7,
        sort: -1,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ currency: 'USD', onSale: true, vipDays: 7 });
    // One string is the text of every language.
    expect(created.body.data.name).toEqual({
      'en-US': 'Card pack',
      'zh-CN': 'Card pack',
      'zh-TW': 'Card pack',
    });
    const id = created.body.data.id;
    const onSale = async () =>
      (await call<{ rows: Pkg[] }>(t.app, { url: '/api/autoreply/queryPrice?size=100' })).body.data
        .rows;
    expect((await onSale())[0]!.id).toBe(id);

    const hidden = await call<Pkg>(t.app, {
      method: 'POST',
      url: '/api/admin/payments/packages/update',
      headers: as(admin),
      payload: { id, onSale: false, credits: 60, name: { 'en-US': 'Cards', 'zh-CN': '卡包' } },
    });
    // What the update leaves out stays as it was; a language left out is filled from the others.
    expect(hidden.body.data).toMatchObject({
      onSale: false,
      credits: 60,
      vipDays: 7,
      currency: 'USD',
      sort: -1,
      name: { 'en-US': 'Cards', 'zh-CN': '卡包', 'zh-TW': '卡包' },
    });
    expect((await onSale()).some((p) => p.id === id)).toBe(false);
    const all = await call<{ rows: Pkg[] }>(t.app, {
      url: '/api/admin/payments/packages?size=100',
      headers: as(admin),
    });
    expect(all.body.data.rows.some((p) => p.id === id)).toBe(true);

    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/admin/payments/packages',
      headers: as(admin),
      payload: { name: 'Free', priceCents: 0, credits: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^priceCents/);

    const removed = await call(t.app, {
      method: 'POST',
      url: '/api/admin/payments/packages/delete',
      headers: as(admin),
      payload: { id },
    });
    expect(removed.status).toBe(200);
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/admin/payments/packages/delete',
      headers: as(admin),
      payload: { id },
    });
    expect(again.status).toBe(404);
  });

  it('stores gateway secrets sealed and never shows them', async () => {
    const secretKey = 'sk_test_never_shown_0123456789';
    const incomplete = await call(t.app, {
      method: 'POST',
      url: '/api/admin/payments/gateways',
      headers: as(admin),
      payload: { gateway: 'stripe', enabled: true, secrets: { secretKey } },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toMatch(/webhookSecret/);

    const saved = await call<{
      secrets: Record<string, string>;
      enabled: boolean;
      notifyUrl: string;
    }>(t.app, {
      method: 'POST',
      url: '/api/admin/payments/gateways',
      headers: as(admin),
      payload: { gateway: 'stripe', secrets: { secretKey, webhookSecret: 'whsec_never_shown' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      enabled: false,
      secrets: { secretKey: 'set', webhookSecret: 'set' },
      notifyUrl: expect.stringMatching(/\/api\/pay\/notify\/stripe$/),
    });
    const listed = await t.app.inject({ url: '/api/admin/payments/gateways', headers: as(admin) });
    expect(listed.body).toContain('"set"');
    const row = await t.app.ctx.db.kysely
      .selectFrom('payment_gateways')
      .select('secrets')
      .where('gateway', '=', 'stripe')
      .executeTakeFirstOrThrow();
    for (const text of [listed.body, row.secrets, t.logs.lines().join('\n')]) {
      expect(text).not.toContain(secretKey);
      expect(text).not.toContain('whsec_never_shown');
    }
    const cleared = await call<{ secrets: Record<string, string> }>(t.app, {
      method: 'POST',
      url: '/api/admin/payments/gateways',
      headers: as(admin),
      payload: { gateway: 'stripe', secrets: { webhookSecret: null } },
    });
    expect(cleared.body.data.secrets).toEqual({ secretKey: 'set', webhookSecret: 'not set' });
  });

  describe('manual payments', () => {
    let placed: Order;

    beforeAll(async () => {
      const enabled = await call(t.app, {
        method: 'POST',
        url: '/api/admin/payments/gateways',
        headers: as(admin),
        payload: { gateway: 'manual', enabled: true, payWays: ['alipay'] },
      });
      expect(enabled.status).toBe(200);
    });

    it('shows the pay ways an enabled gateway serves', async () => {
      const res = await call<{ ways: unknown[] }>(t.app, { url: '/api/pay/ways' });
      expect(res.body.data.ways).toEqual([{ payWay: 'alipay', gateway: 'manual' }]);
      expect(await creditSources()).toMatchObject({ purchase: true });
    });

    it('places an order that only its owner sees', async () => {
      const res = await call<Order>(t.app, {
        method: 'POST',
        url: '/api/pay/order',
        headers: as(buyer),
        payload: { packageId: 3, payWay: 'alipay' },
      });
      expect(res.status).toBe(200);
      placed = res.body.data;
      expect(placed).toMatchObject({ status: 'pending', gateway: 'manual', packageName: 'Pro' });

      const mine = await call<Order>(t.app, {
        url: `/api/pay/order?orderNo=${placed.orderNo}`,
        headers: as(buyer),
      });
      expect(mine.body.data.orderNo).toBe(placed.orderNo);
      const theirs = await call(t.app, {
        url: `/api/pay/order?orderNo=${placed.orderNo}`,
        headers: as(other),
      });
      expect(theirs.status).toBe(404);
      const list = await call<{ rows: Order[]; count: number }>(t.app, {
        url: '/api/pay/orders',
        headers: as(buyer),
      });
      expect(list.body.data).toMatchObject({ count: 1, rows: [{ orderNo: placed.orderNo }] });
      const otherList = await call<{ count: number }>(t.app, {
        url: '/api/pay/orders',
        headers: as(other),
      });
      expect(otherList.body.data.count).toBe(0);
    });

    it('is credited once when an admin marks it paid', async () => {
      const before = await balance(buyer.userId);
      const paid = await call<Order & { paidBy: string }>(t.app, {
        method: 'POST',
        url: '/api/admin/payments/orders/markPaid',
        headers: as(admin),
        payload: { orderNo: placed.orderNo },
      });
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ status: 'paid', paidBy: 'admin' });
      const after = await balance(buyer.userId);
      expect(after.credits).toBe(before.credits + placed.credits);
      expect(after.vip_until).not.toBeNull();

      const twice = await call(t.app, {
        method: 'POST',
        url: '/api/admin/payments/orders/markPaid',
        headers: as(admin),
        payload: { orderNo: placed.orderNo },
      });
      expect(twice.status).toBe(400);
      expect((await balance(buyer.userId)).credits).toBe(after.credits);
      const status = await call<Order>(t.app, {
        url: `/api/pay/order?orderNo=${placed.orderNo}`,
        headers: as(buyer),
      });
      expect(status.body.data.status).toBe('paid');
    });

    it('lists orders for admins by status', async () => {
      const paid = await call<{ rows: Array<{ orderNo: string; userId: number }>; count: number }>(
        t.app,
        {
          url: '/api/admin/payments/orders?status=paid',
          headers: as(admin),
        },
      );
      expect(paid.body.data.rows).toEqual([
        expect.objectContaining({ orderNo: placed.orderNo, userId: buyer.userId }),
      ]);
      const pending = await call<{ count: number }>(t.app, {
        url: '/api/admin/payments/orders?status=pending',
        headers: as(admin),
      });
      expect(pending.body.data.count).toBe(0);
    });

    it('keeps the package name of an order in the buyer’s language', async () => {
      const chineseBuyer = await createUser(t.app);
      const inChinese = await call<Order & { packageName: string }>(t.app, {
        method: 'POST',
        url: '/api/pay/order',
        headers: { ...bearer(chineseBuyer.token), 'x-lang': 'zh-CN' },
        payload: { packageId: 3, payWay: 'alipay' },
      });
      expect(inChinese.status).toBe(200);
      expect(inChinese.body.data.packageName).toBe('专业包');
    });

    it('answers 404 for an unknown order and refuses a notification for an unconfigured gateway', async () => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/admin/payments/orders/markPaid',
        headers: as(admin),
        payload: { orderNo: 'P404' },
      });
      expect(res.status).toBe(404);
      const notify = await t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/wechat',
        headers: { 'content-type': 'application/json', 'x-lang': 'en-US' },
        payload: '{"id":"x"}',
      });
      // 404 in the envelope: a 5xx would make the gateway retry and monitors page.
      expect(notify.statusCode).toBe(404);
      expect(notify.json()).toEqual({
        code: 404,
        success: false,
        message: 'The payment gateway wechat is not configured',
        data: null,
      });
      const logged = await call<{ rows: Array<{ outcome: string; verified: boolean }> }>(t.app, {
        url: '/api/admin/payments/notifications',
        headers: as(admin),
      });
      expect(logged.body.data.rows[0]).toMatchObject({
        outcome: 'not_configured',
        verified: false,
      });
    });
  });
});
