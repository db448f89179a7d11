import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { runAdmin } from '../../test/admin-cli.js';
import { createUser } from '../../test/users.js';

describe('payments: admin commands', () => {
  let t: TestApp;
  let printed: string[];

  const admin = async (...argv: string[]) => {
    const { code, text } = await runAdmin(t.app.ctx, argv[0]!, argv.slice(1));
    printed = [text];
    return code;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lists packages and orders, and marks a manual order paid once', async () => {
    expect(await admin('packages')).toBe(0);
    expect(printed.join('')).toMatch(/#1 {2}Starter {2}9\.90 CNY {2}100 credits/);

    const buyer = await createUser(t.app);
    const boss = await createUser(t.app, { role: 'admin' });
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/payments/gateways',
      headers: bearer(boss.token),
      payload: { gateway: 'manual', enabled: true, payWays: ['wechat'] },
    });
    const placed = await call<{ orderNo: string; credits: number }>(t.app, {
      method: 'POST',
      url: '/api/pay/order',
      headers: bearer(buyer.token),
      payload: { packageId: 1 },
    });
    const { orderNo, credits } = placed.body.data;

    expect(await admin('orders', '--status', 'pending')).toBe(0);
    expect(printed.join('')).toContain(orderNo);
    expect(await admin('orders', '--status', 'lost')).toBe(2);

    expect(await admin('mark-paid', orderNo)).toBe(0);
    expect(printed.join('')).toContain(`${credits} credits added`);
    expect(await admin('mark-paid', orderNo)).toBe(1);
    expect(printed.join('')).toContain('already paid');
    const balance = await t.app.ctx.db.kysely
      .selectFrom('credit_balances')
      .select('credits')
      .where('user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(balance.credits).toBe(credits);

    expect(await admin('reconcile-payments')).toBe(0);
    expect(printed.join('')).toContain('Checked 0');
  });
});
