import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';

let t: TestApp;
let root: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  root = await createUser(t.app, { role: 'admin' });
  buyer = await createUser(t.app);
  const enabled = await callEndpoint(t.app, payments.adminUpdateGateway, {
    token: root.token,
    body: { gateway: 'manual', enabled: true, payWays: ['alipay'] },
  });
  expect(enabled.status).toBe(200);
});
afterAll(() => t.close());

const credits = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;

/** A manual order of the buyer, marked paid by the admin when `paid`. */
async function order(paid: boolean): Promise<payments.AdminOrder> {
  const placed = await callEndpoint(t.app, payments.createOrder, {
    token: buyer.token,
    body: { packageId: 1, payWay: 'alipay' },
  });
  expect(placed.status).toBe(200);
  const { orderNo } = placed.body.data;
  if (paid)
    expect(
      (await callEndpoint(t.app, payments.adminMarkPaid, { token: root.token, body: { orderNo } }))
        .status,
    ).toBe(200);
  const listed = await callEndpoint(t.app, payments.adminListOrders, {
    token: root.token,
    query: { orderNo },
  });
  return listed.body.data.rows[0]!;
}

const refund = (id: number, reason = 'The service was down for a day') =>
  callEndpoint(t.app, payments.adminRefundOrder, {
    token: root.token,
    headers: { 'x-lang': 'en-US' },
    body: { id, reason },
  });

const refundRows = (orderId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('credit_ledger')
    .selectAll()
    .where('idempotency_key', '=', `order_refund:${orderId}`)
    .execute();

describe('refunding an order to credits', () => {
  it('gives the order’s credits back once, with the reason, marks it refunded for both sides and audits it', async () => {
    const paid = await order(true);
    const before = await credits(buyer.userId);
    const res = await refund(paid.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'refunded',
      refundedBy: root.userId,
      refundReason: 'The service was down for a day',
    });
    expect(res.body.message).toContain(`${paid.credits} credits`);
    expect(await credits(buyer.userId)).toBe(before + paid.credits);
    expect(await refundRows(paid.id)).toMatchObject([
      { kind: 'refund', amount: paid.credits, note: 'The service was down for a day' },
    ]);

    const again = await refund(paid.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order has already been refunded');
    expect(await credits(buyer.userId)).toBe(before + paid.credits);

    const mine = await callEndpoint(t.app, payments.listOrders, { token: buyer.token });
    expect(mine.body.data.rows.find((o) => o.orderNo === paid.orderNo)).toMatchObject({
      status: 'refunded',
    });
    const filtered = await callEndpoint(t.app, payments.adminListOrders, {
      token: root.token,
      query: { status: 'refunded' },
    });
    expect(filtered.body.data.rows.map((o) => o.id)).toEqual([paid.id]);

    // A late notification or a second "mark paid" cannot turn it back into a paid order.
    const remark = await callEndpoint(t.app, payments.adminMarkPaid, {
      token: root.token,
      body: { orderNo: paid.orderNo },
    });
    expect(remark.status).toBe(400);
    const after = await callEndpoint(t.app, payments.adminListOrders, {
      token: root.token,
      query: { orderNo: paid.orderNo },
    });
    expect(after.body.data.rows[0]!.status).toBe('refunded');

    const audit = await callEndpoint(t.app, A.listAudit, {
      token: root.token,
      query: { action: '/admin/payments/orders/refund' },
    });
    expect(audit.body.data.rows).toHaveLength(1);
    expect(audit.body.data.rows[0]).toMatchObject({
      target: `id:${paid.id}`,
      before: { status: 'paid' },
      after: { status: 'refunded', refund_reason: 'The service was down for a day' },
    });
  });

  it('refuses an order that is not paid, and a missing reason, naming the field', async () => {
    const pending = await order(false);
    const res = await refund(pending.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a paid order can be refunded; this one is pending');
    const paid = await order(true);
    for (const reason of ['', '   ']) {
      const bad = await refund(paid.id, reason);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('reason');
    }
    const unknown = await refund(987_654);
    expect(unknown.status).toBe(404);
    expect(await refundRows(paid.id)).toHaveLength(0);
    const asUser = await callEndpoint(t.app, payments.adminRefundOrder, {
      token: buyer.token,
      body: { id: paid.id, reason: 'me' },
    });
    expect(asUser.status).toBe(403);
  });

  it('concurrent refunds of one order write one ledger row', async () => {
    const paid = await order(true);
    const before = await credits(buyer.userId);
    const results = await Promise.all([refund(paid.id), refund(paid.id), refund(paid.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await refundRows(paid.id)).toHaveLength(1);
    expect(await credits(buyer.userId)).toBe(before + paid.credits);
  });
});
