import { describe, expect, it, vi } from 'vitest';
import { credits } from '@atelier/contracts';
import { parseArgs } from '../../cli/command.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, call } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { createCodesCommand, grantCreditsCommand, ledgerCheckCommand } from './cli.js';
import { grant, hold, ledgerCheck, settle } from './ledger.js';
import { t, admin, balanceOf, db, useCreditsApp } from './routes.setup.js';

useCreditsApp();

describe('history of money', () => {
  it('lists usage, income and every change, paged; a user hides only their own rows', async () => {
    const u = await createUser(t.app);
    const other = await createUser(t.app);
    await grant(db(), {
      userId: u.userId,
      amount: 60,
      kind: 'purchase',
      ref: 'order:x',
      idempotencyKey: `h1:${u.userId}`,
    });
    for (let i = 0; i < 3; i++) {
      const { holdId } = await hold(db(), { userId: u.userId, amount: 10, ref: `draw:${i}` });
      await settle(db(), { holdId, actualAmount: 4 });
    }
    const h = bearer(u.token);
    const usage = await callEndpoint(t.app, credits.usageLog, {
      headers: h,
      query: { page: 1, size: 2 },
    });
    expect(usage.body.data.count).toBe(3);
    expect(usage.body.data.rows).toHaveLength(2);
    expect(usage.body.data.rows[0]).toMatchObject({ kind: 'charge', amount: -4, ref: 'draw:2' });
    const income = await callEndpoint(t.app, credits.incomeLog, { headers: h });
    expect(income.body.data.rows.map((r) => r.kind)).toEqual(['purchase']);
    const all = await callEndpoint(t.app, credits.balanceLog, { headers: h, query: { size: 100 } });
    expect(all.body.data.count).toBe(1 + 3 * 3);
    expect(all.body.data.rows[0]!.balanceAfter).toBe(48);
    const balance = await balanceOf(h);
    expect(balance).toMatchObject({ credits: 48, usedCredits: 12, heldCredits: 0 });

    const target = all.body.data.rows[0]!.id;
    const stolen = await callEndpoint(t.app, credits.hideBalanceLogRow, {
      token: other.token,
      body: { id: target },
    });
    expect(stolen.status).toBe(404);
    expect((await callEndpoint(t.app, credits.balanceLog, { headers: h })).body.data.count).toBe(
      10,
    );
    expect(
      (await callEndpoint(t.app, credits.hideBalanceLogRow, { headers: h, body: { id: target } }))
        .status,
    ).toBe(200);
    expect((await callEndpoint(t.app, credits.balanceLog, { headers: h })).body.data.count).toBe(9);
    const row = await db()
      .selectFrom('credit_ledger')
      .select(['hidden_at', 'amount'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    expect(await ledgerCheck(db())).toEqual([]);
    // The other user's lists never show this user's rows.
    expect(
      (await callEndpoint(t.app, credits.balanceLog, { token: other.token })).body.data.count,
    ).toBe(0);
  });
});

describe('admin', () => {
  it('non-admins get 403 on every admin endpoint; anonymous callers 401', async () => {
    const u = await createUser(t.app);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/admin/credits/prices'],
      [
        'POST',
        '/admin/credits/prices/create',
        { model: 'a', action: 'b', category: 'chat', label: 'c' },
      ],
      ['POST', '/admin/credits/prices/update', { id: 1, credits: 0 }],
      ['POST', '/admin/credits/prices/delete', { id: 1 }],
      ['POST', '/admin/credits/codes/create', { count: 1, credits: 1000 }],
      ['GET', '/admin/credits/codes/batches'],
      ['GET', '/admin/credits/codes/export?batchId=1'],
      ['POST', '/admin/credits/adjust', { userId: u.userId, amount: 1000, reason: 'me' }],
      ['GET', '/admin/credits/ledger'],
      ['GET', '/admin/credits/settings'],
      ['POST', '/admin/credits/settings', { registerGift: 100000 }],
    ];
    for (const [method, url, payload] of calls) {
      const asUser = await call(t.app, {
        method: method as 'GET',
        url: `/api${url}`,
        headers: bearer(u.token),
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(asUser.status, url).toBe(403);
      const anonymous = await call(t.app, {
        method: method as 'GET',
        url: `/api${url}`,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(anonymous.status, url).toBe(401);
    }
    expect((await balanceOf(bearer(u.token))).credits).toBe(0);
  });

  it('adjusts a balance with a reason, as a ledger row', async () => {
    const u = await createUser(t.app);
    const h = bearer(admin.token);
    const res = await callEndpoint(t.app, credits.adminAdjustBalance, {
      headers: h,
      body: {
        userId: u.userId,
        amount: 30,
        reason: 'compensation for a failed video',
      },
    });
    expect(res.body.data.balanceAfter).toBe(30);
    const below = await callEndpoint(t.app, credits.adminAdjustBalance, {
      headers: h,
      body: {
        userId: u.userId,
        amount: -31,
        reason: 'x',
      },
    });
    expect(below.status).toBe(400);
    const nobody = await callEndpoint(t.app, credits.adminAdjustBalance, {
      headers: h,
      body: {
        userId: 99_999_999,
        amount: 1,
        reason: 'x',
      },
    });
    expect(nobody.status).toBe(404);
    const ledger = await callEndpoint(t.app, credits.adminListLedger, {
      headers: h,
      query: { userId: u.userId },
    });
    expect(ledger.body.data.rows).toMatchObject([
      { kind: 'admin_adjust', note: 'compensation for a failed video', actorId: admin.userId },
    ]);
  });
});

describe('an unknown user', () => {
  it('the admin adjustment answers 404 "No such user", whatever the amount, and writes nothing', async () => {
    const h = bearer(admin.token);
    for (const amount of [5, -5]) {
      const res = await callEndpoint(t.app, credits.adminAdjustBalance, {
        headers: h,
        body: { userId: 99_999_998, amount, reason: 'x' },
      });
      expect(res.status, String(amount)).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'No such user', data: null });
    }
    const zh = await callEndpoint(t.app, credits.adminAdjustBalance, {
      headers: h,
      lang: 'zh-CN',
      body: { userId: 99_999_998, amount: 5, reason: 'x' },
    });
    expect(zh.body.message).toBe('用户不存在');
    const rows = await db()
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', 99_999_998)
      .execute();
    expect(rows).toEqual([]);
  });

  it('grant-credits says "No user named", and finds a user whatever the case of the name', async () => {
    const said: string[] = [];
    const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      said.push(String(chunk));
      return true;
    });
    const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(
        await grantCreditsCommand.run(
          t.app.ctx,
          parseArgs(['nobody-at-all', '3', '--reason', 'x']),
        ),
      ).toBe(1);
      expect(said.join('')).toBe('No user named nobody-at-all.\n');
      const u = await createUser(t.app);
      expect(
        await grantCreditsCommand.run(
          t.app.ctx,
          parseArgs([u.username.toUpperCase(), '3', '--reason', 'x']),
        ),
      ).toBe(0);
      expect((await balanceOf(bearer(u.token))).credits).toBe(3);
      // Below zero: the refusal names the balance left, its figure filled in.
      said.length = 0;
      expect(
        await grantCreditsCommand.run(t.app.ctx, parseArgs([u.username, '-5', '--reason', 'x'])),
      ).toBe(1);
      expect(said.join('')).toMatch(/^Not changed: .*\b3\b/);
      expect(said.join('')).not.toContain('{');
    } finally {
      errSpy.mockRestore();
      outSpy.mockRestore();
    }
  });
});

describe('admin CLI', () => {
  it('ledger-check passes on consistent books and reports a tampered balance; grant-credits and create-codes work', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const u = await createUser(t.app);
      expect(
        await grantCreditsCommand.run(
          t.app.ctx,
          parseArgs([u.username, '12', '--reason', 'support ticket 7']),
        ),
      ).toBe(0);
      expect(await grantCreditsCommand.run(t.app.ctx, parseArgs([u.username, '12']))).toBe(2);
      expect(
        await grantCreditsCommand.run(t.app.ctx, parseArgs(['nobody-here', '12', '--reason', 'x'])),
      ).toBe(1);
      expect((await balanceOf(bearer(u.token))).credits).toBe(12);

      lines.length = 0;
      expect(
        await createCodesCommand.run(
          t.app.ctx,
          parseArgs(['--count', '2', '--credits', '9', '--csv']),
        ),
      ).toBe(0);
      const csv = lines.join('').trim().split('\n');
      expect(csv[0]).toBe('code,credits,vip_days,expires_at,label');
      const code = csv[1]!.split(',')[0]!;
      expect(
        (await callEndpoint(t.app, credits.redeem, { token: u.token, body: { code } })).status,
      ).toBe(200);
      expect(
        await createCodesCommand.run(t.app.ctx, parseArgs(['--count', '0', '--credits', '9'])),
      ).toBe(2);

      expect(await ledgerCheckCommand.run(t.app.ctx, parseArgs([]))).toBe(0);
      await db()
        .updateTable('credit_balances')
        .set({ credits: 999 })
        .where('user_id', '=', u.userId)
        .execute();
      lines.length = 0;
      expect(await ledgerCheckCommand.run(t.app.ctx, parseArgs([]))).toBe(1);
      expect(lines.join('')).toContain(`${u.userId},999,21,978`);
      await db()
        .updateTable('credit_balances')
        .set({ credits: 21 })
        .where('user_id', '=', u.userId)
        .execute();
    } finally {
      spy.mockRestore();
      errSpy.mockRestore();
    }
  });
});
