import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { credits, type UserBalance } from '@atelier/contracts';
import { parseArgs } from '../../cli/command.js';
import { nowIso } from '../../db/database.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, call, createTestApp, guest, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { dayIn } from './checkin.js';
import { createCodesCommand, grantCreditsCommand, ledgerCheckCommand } from './cli.js';
import { grant, hold, ledgerCheck, settle } from './ledger.js';

let t: TestApp;
let admin: TestUser;
const en = { 'x-lang': 'en-US' };

const get = <T>(url: string, headers: Record<string, string>, extra: Partial<InjectOptions> = {}) =>
  call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { ...en, ...headers }, ...extra });
const post = <T>(
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  extra: Partial<InjectOptions> = {},
) =>
  call<T>(t.app, {
    method: 'POST',
    url: `/api${url}`,
    headers: { ...en, ...headers },
    payload: payload as InjectOptions['payload'],
    ...extra,
  });

const balanceOf = async (headers: Record<string, string>) =>
  (await get<credits.Balance>('/balance/query', headers)).body.data;
const db = () => t.app.ctx.db.kysely;

async function createCodes(input: Record<string, unknown>) {
  const res = await post<{ codes: string[]; csv: string; batch: credits.CodeBatch }>(
    '/admin/credits/codes/create',
    bearer(admin.token),
    input,
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { auth: 10_000, global: 100_000 } } });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

describe('prices', () => {
  it('lists action prices and model info for the Offline demo models, to anyone', async () => {
    const prices = await get<{ rows: credits.Price[]; count: number }>('/queue/getItemPrice', {});
    expect(prices.status).toBe(200);
    const categories = new Set(prices.body.data.rows.map((p) => p.category));
    expect([...categories].sort()).toEqual(['chat', 'image', 'music', 'separation', 'video']);
    expect(prices.body.data.rows.every((p) => p.credits > 0 || p.inputPer1k > 0)).toBe(true);
    const models = await get<{ rows: credits.ModelInfo[] }>('/autoreply/queryModelInfo', {});
    const image = models.body.data.rows.find((m) => m.model === 'demo-image')!;
    expect(image.label).toContain('Offline demo');
    expect(image.capabilities).toEqual(expect.arrayContaining(['imagine', 'upscale', 'variation']));
  });

  it('lets an admin create, change and delete prices; a duplicate is 409', async () => {
    const h = bearer(admin.token);
    const created = await post<credits.AdminPrice>('/admin/credits/prices/create', h, {
      model: 'gpt-test',
      action: 'chat',
      category: 'chat',
      label: 'GPT test',
      unit: '1k_tokens',
      inputPer1k: 3,
      outputPer1k: 6,
      vipDiscountPercent: 20,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ priceKey: 'gpt-test:chat', vipDiscountPercent: 20 });
    const dup = await post('/admin/credits/prices/create', h, {
      model: 'gpt-test',
      action: 'chat',
      category: 'chat',
      label: 'again',
    });
    expect(dup.status).toBe(409);
    const updated = await post<credits.AdminPrice>('/admin/credits/prices/update', h, {
      id: created.body.data.id,
      outputPer1k: 8,
      enabled: false,
    });
    expect(updated.body.data).toMatchObject({ outputPer1k: 8, inputPer1k: 3, enabled: false });
    const publicList = await get<{ rows: credits.Price[] }>('/queue/getItemPrice', {});
    expect(publicList.body.data.rows.some((p) => p.priceKey === 'gpt-test:chat')).toBe(false);
    const adminList = await get<{ rows: credits.AdminPrice[] }>('/admin/credits/prices', h);
    expect(adminList.body.data.rows.some((p) => p.priceKey === 'gpt-test:chat')).toBe(true);
    expect(
      (await post('/admin/credits/prices/delete', h, { id: created.body.data.id })).status,
    ).toBe(200);
    expect(
      (await post('/admin/credits/prices/delete', h, { id: created.body.data.id })).status,
    ).toBe(404);
    const bad = await post('/admin/credits/prices/create', h, {
      model: 'x',
      action: 'y',
      category: 'chat',
      label: 'z',
      credits: -1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('credits');
  });
});

describe('gifts and guests', () => {
  const createGuest = async () => {
    const id = randomUUID();
    expect((await post('/user/createGuest', {}, { guest_id: id })).status).toBe(200);
    return id;
  };
  const register = async (
    username: string,
    headers: Record<string, string> = {},
    invitedBy?: string,
  ) => {
    const res = await post<{ token: string }>('/auth/register', headers, {
      username,
      password: 'a-good-password',
      ...(invitedBy ? { invitedBy } : {}),
    });
    expect(res.status).toBe(200);
    return res.body.data.token;
  };
  const info = async (token: string) =>
    (
      await get<{ userInfo: { id: number; inviteCode?: string }; userBalance: UserBalance }>(
        '/auth/getInfo',
        bearer(token),
      )
    ).body.data;

  it('gives a guest its trial, moves it on registration with the register gift, and rewards the inviter once', async () => {
    const g = await createGuest();
    expect((await balanceOf(guest(g))).credits).toBe(20);
    // Creating the same guest again grants nothing more.
    await post('/user/createGuest', {}, { guest_id: g });
    expect((await balanceOf(guest(g))).credits).toBe(20);

    const inviterToken = await register(`inviter_${Date.now()}`);
    const inviter = await info(inviterToken);
    expect(inviter.userBalance.credits).toBe(100);

    const token = await register(`invitee_${Date.now()}`, guest(g), inviter.userInfo.inviteCode);
    const me = await info(token);
    expect(me.userBalance.credits).toBe(120);
    expect((await info(inviterToken)).userBalance.credits).toBe(150);

    const kinds = (
      await get<{ rows: credits.LedgerEntry[] }>('/midjourney/balanceLog', bearer(token))
    ).body.data.rows.map((r) => [r.kind, r.amount]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['guest_transfer', 20],
        ['register_gift', 100],
      ]),
    );
    const guestRow = await db()
      .selectFrom('users')
      .select('id')
      .where('guest_id', '=', g)
      .executeTakeFirstOrThrow();
    const guestLedger = await db()
      .selectFrom('credit_ledger')
      .select(['kind', 'amount'])
      .where('user_id', '=', guestRow.id)
      .orderBy('id')
      .execute();
    expect(guestLedger).toEqual([
      { kind: 'guest_trial', amount: 20 },
      { kind: 'guest_transfer', amount: -20 },
    ]);

    // The registered event again (a retry) rewards the inviter no second time.
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const handler of t.app.ctx.accountEvents.registered)
          await handler(trx, {
            userId: me.userInfo.id,
            inviterId: inviter.userInfo.id,
            fromGuestUserId: null,
          });
      });
    expect((await info(inviterToken)).userBalance.credits).toBe(150);
    expect((await info(token)).userBalance.credits).toBe(120);
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('signing in from a fresh guest does not farm its trial, but bought credits move', async () => {
    const username = `farmer_${Date.now()}`;
    const token = await register(username);
    const g = await createGuest();
    const guestId = (
      await db()
        .selectFrom('users')
        .select('id')
        .where('guest_id', '=', g)
        .executeTakeFirstOrThrow()
    ).id;
    await grant(db(), {
      userId: guestId,
      amount: 7,
      kind: 'redeem',
      ref: 'test',
      idempotencyKey: `guest-redeem:${guestId}`,
    });
    const login = await post<{ token: string }>('/auth/login', guest(g), {
      username,
      password: 'a-good-password',
    });
    expect(login.status).toBe(200);
    expect((await info(token)).userBalance.credits).toBe(107);
    expect(await ledgerCheck(db())).toEqual([]);
  });
});

describe('redemption codes', () => {
  it('creates a batch of ≥80-bit codes stored hashed; redeeming adds credits and VIP once', async () => {
    const { codes, csv, batch } = await createCodes({
      count: 3,
      credits: 25,
      vipDays: 7,
      label: 'launch',
    });
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    expect(csv.split('\n')[1]).toContain(codes[0]);
    const stored = await db()
      .selectFrom('redeem_codes')
      .selectAll()
      .where('batch_id', '=', batch.id)
      .execute();
    expect(stored.map((s) => s.code_hash)).not.toContain(codes[0]);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ''));

    const u = await createUser(t.app);
    const res = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]!.toLowerCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('25');
    expect(res.body.data.balance).toMatchObject({ credits: 25, isVip: true });
    const again = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]! },
    });
    expect(again.status).toBe(409);

    const listed = await get<{ rows: credits.CodeBatch[] }>(
      '/admin/credits/codes/batches',
      bearer(admin.token),
    );
    expect(listed.body.data.rows.find((b) => b.id === batch.id)).toMatchObject({
      count: 3,
      redeemed: 1,
    });
    const exported = await get<{ csv: string }>(
      `/admin/credits/codes/export?batchId=${batch.id}`,
      bearer(admin.token),
    );
    expect(exported.body.data.csv).toContain(u.username);
    expect(exported.body.data.csv).toContain('redeemed');
    for (const c of codes) expect(exported.body.data.csv).not.toContain(c);
    const recharge = await get<{ rows: credits.LedgerEntry[] }>(
      '/balance/rechargeLog',
      bearer(u.token),
    );
    expect(recharge.body.data.rows).toMatchObject([{ kind: 'redeem', amount: 25, vipDays: 7 }]);
  });

  it('two concurrent redeems of one code: exactly one succeeds', async () => {
    const { codes } = await createCodes({ count: 1, credits: 40 });
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const results = await Promise.all([
      callEndpoint(t.app, credits.redeem, { token: a.token, body: { code: codes[0]! } }),
      callEndpoint(t.app, credits.redeem, { token: b.token, body: { code: codes[0]! } }),
      callEndpoint(t.app, credits.redeem, { token: a.token, body: { code: codes[0]! } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const total =
      (await balanceOf(bearer(a.token))).credits + (await balanceOf(bearer(b.token))).credits;
    expect(total).toBe(40);
  });

  it('an expired code is refused with a notice', async () => {
    const { codes } = await createCodes({
      count: 1,
      credits: 5,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const u = await createUser(t.app);
    const res = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]! },
    });
    expect(res.status).toBe(420);
    expect(res.body.message).toContain('expired');
  });

  it('the 6th wrong code in 10 minutes answers 429, per user and per IP', async () => {
    const { codes } = await createCodes({ count: 2, credits: 5 });
    const u = await createUser(t.app);
    const wrong = () => `WRONG-${randomUUID().slice(0, 5)}-CODE1-AAAAA`;
    for (let i = 0; i < 5; i++) {
      const res = await callEndpoint(t.app, credits.redeem, {
        token: u.token,
        body: { code: wrong() },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.status).toBe(404);
    }
    // Per user: even from a new IP and with a right code, the 6th try is refused.
    const sixth = await callEndpoint(t.app, credits.redeem, {
      token: u.token,
      body: { code: codes[0]! },
      remoteAddress: '10.1.0.99',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toContain('10 minutes');

    // Per IP: five users each guessing once from one address.
    for (let i = 0; i < 5; i++) {
      const other = await createUser(t.app);
      const res = await callEndpoint(t.app, credits.redeem, {
        token: other.token,
        body: { code: wrong() },
        remoteAddress: '10.2.0.1',
      });
      expect(res.status).toBe(404);
    }
    const fresh = await createUser(t.app);
    const blocked = await callEndpoint(t.app, credits.redeem, {
      token: fresh.token,
      body: { code: codes[1]! },
      remoteAddress: '10.2.0.1',
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await callEndpoint(t.app, credits.redeem, {
      token: fresh.token,
      body: { code: codes[1]! },
      remoteAddress: '10.3.0.1',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('check-in', () => {
  it('grants the daily reward once a day (420 the second time) and shows the month and streak', async () => {
    const u = await createUser(t.app);
    const today = dayIn(t.app.ctx.config.timeZone);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await db()
      .insertInto('credit_checkins')
      .values({ user_id: u.userId, day: yesterday, credits: 0, created_at: nowIso() })
      .execute();
    const first = await get<{ credits: number; streak: number; day: string; balance: UserBalance }>(
      '/user/checkin',
      bearer(u.token),
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ credits: 10, streak: 2, day: today });
    expect(first.body.data.balance.credits).toBe(10);
    const second = await callEndpoint(t.app, credits.checkin, { token: u.token });
    expect(second.status).toBe(420);
    expect(second.body.message).toContain('already checked in');
    expect((await balanceOf(bearer(u.token))).credits).toBe(10);

    const cal = await get<{
      days: string[];
      streak: number;
      checkedInToday: boolean;
      month: string;
    }>('/user/displaycheckin', bearer(u.token));
    expect(cal.body.data).toMatchObject({
      checkedInToday: true,
      streak: 2,
      month: today.slice(0, 7),
    });
    expect(cal.body.data.days).toContain(today);

    const g = randomUUID();
    await post('/user/createGuest', {}, { guest_id: g });
    expect((await get('/user/checkin', guest(g))).status).toBe(401);
  });

  it('uses the reward an admin configured', async () => {
    const h = bearer(admin.token);
    const changed = await post<credits.CreditSettings>('/admin/credits/settings', h, {
      dailyCheckin: 3,
    });
    expect(changed.body.data).toMatchObject({ dailyCheckin: 3, registerGift: 100 });
    const u = await createUser(t.app);
    expect((await callEndpoint(t.app, credits.checkin, { token: u.token })).body.data.credits).toBe(
      3,
    );
    await post('/admin/credits/settings', h, { dailyCheckin: 10 });
    expect(
      (await get<credits.CreditSettings>('/admin/credits/settings', h)).body.data.dailyCheckin,
    ).toBe(10);
  });
});

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
    const usage = await get<{ rows: credits.LedgerEntry[]; count: number }>(
      '/chatLog/usetokenList?page=1&size=2',
      h,
    );
    expect(usage.body.data.count).toBe(3);
    expect(usage.body.data.rows).toHaveLength(2);
    expect(usage.body.data.rows[0]).toMatchObject({ kind: 'charge', amount: -4, ref: 'draw:2' });
    const income = await get<{ rows: credits.LedgerEntry[] }>('/midjourney/getCoinList', h);
    expect(income.body.data.rows.map((r) => r.kind)).toEqual(['purchase']);
    const all = await get<{ rows: credits.LedgerEntry[]; count: number }>(
      '/midjourney/balanceLog?size=100',
      h,
    );
    expect(all.body.data.count).toBe(1 + 3 * 3);
    expect(all.body.data.rows[0]!.balanceAfter).toBe(48);
    const balance = await balanceOf(h);
    expect(balance).toMatchObject({ credits: 48, usedCredits: 12, heldCredits: 0 });

    const target = all.body.data.rows[0]!.id;
    const stolen = await post('/midjourney/deletebalanceLog', bearer(other.token), { id: target });
    expect(stolen.status).toBe(404);
    expect((await get<{ count: number }>('/midjourney/balanceLog', h)).body.data.count).toBe(10);
    expect((await post('/midjourney/deletebalanceLog', h, { id: target })).status).toBe(200);
    expect((await get<{ count: number }>('/midjourney/balanceLog', h)).body.data.count).toBe(9);
    const row = await db()
      .selectFrom('credit_ledger')
      .select(['hidden_at', 'amount'])
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    expect(await ledgerCheck(db())).toEqual([]);
    // The other user's lists never show this user's rows.
    expect(
      (await get<{ count: number }>('/midjourney/balanceLog', bearer(other.token))).body.data.count,
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
    const res = await post<{ balanceAfter: number }>('/admin/credits/adjust', h, {
      userId: u.userId,
      amount: 30,
      reason: 'compensation for a failed video',
    });
    expect(res.body.data.balanceAfter).toBe(30);
    const below = await post('/admin/credits/adjust', h, {
      userId: u.userId,
      amount: -31,
      reason: 'x',
    });
    expect(below.status).toBe(400);
    const nobody = await post('/admin/credits/adjust', h, {
      userId: 99_999_999,
      amount: 1,
      reason: 'x',
    });
    expect(nobody.status).toBe(404);
    const ledger = await get<{ rows: Array<{ note: string; actorId: number; kind: string }> }>(
      `/admin/credits/ledger?userId=${u.userId}`,
      h,
    );
    expect(ledger.body.data.rows).toMatchObject([
      { kind: 'admin_adjust', note: 'compensation for a failed video', actorId: admin.userId },
    ]);
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
