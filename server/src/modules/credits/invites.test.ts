import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, credits } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, guest, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { grant, hold, settle } from './index.js';

/**
 * Farming credits with throwaway accounts: an invite pays its inviter only once the invitee
 * buys or spends credits, at most `inviteDailyCap` a day, and shows as pending until then;
 * the sign-up gift goes to a few sign-ups per IP a day (SIGNUP_GIFTS_PER_IP) and once per
 * device, and sign-ups past that wait a growing delay.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNUP_GIFTS_PER_IP: '2' } });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

const db = () => t.app.ctx.db.kysely;
let ipCounter = 10;
/** A fresh address per call, so one test's sign-ups do not count against another's. */
const freshIp = () => `198.51.100.${ipCounter++}`;

async function signUp(opts: { ip: string; invitedBy?: string; guestId?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: opts.ip,
    headers: { 'x-lang': 'en-US', ...(opts.guestId ? guest(opts.guestId) : {}) },
    payload: {
      username: `u${randomUUID().slice(0, 8)}`,
      password: 'a-good-password',
      ...(opts.invitedBy ? { invitedBy: opts.invitedBy } : {}),
    },
  });
}
const tokenOf = (res: Awaited<ReturnType<typeof signUp>>) =>
  (res.json() as { data: { token: string } }).data.token;
const me = async (token: string) =>
  (await callEndpoint(t.app, auth.currentUser, { token })).body.data;
const invites = async (token: string) =>
  (await callEndpoint(t.app, credits.myInvites, { token, query: {} })).body.data;

/** A paid use: credits held and charged, as every paid call does. */
async function spend(userId: number, amount: number) {
  const { holdId } = await hold(db(), { userId, amount, ref: 'test:use' });
  await settle(db(), { holdId, actualAmount: amount });
}

async function newInviter() {
  const res = await signUp({ ip: freshIp() });
  const token = tokenOf(res);
  const info = await me(token);
  return { token, id: info.userInfo.id, code: info.userInfo.inviteCode! };
}

describe('invite rewards', () => {
  it('pay nothing for throwaway sign-ups: they stay pending', async () => {
    const inviter = await newInviter();
    const before = (await me(inviter.token)).userBalance.credits;
    for (let i = 0; i < 5; i++) {
      const g = randomUUID();
      await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
      expect(
        (await signUp({ ip: freshIp(), invitedBy: inviter.code, guestId: g })).statusCode,
      ).toBe(200);
    }
    expect((await me(inviter.token)).userBalance.credits).toBe(before);
    const view = await invites(inviter.token);
    expect(view).toMatchObject({
      inviteCode: inviter.code,
      reward: 50,
      count: 5,
      pendingCredits: 250,
      paidCredits: 0,
    });
    expect(view.rows.every((r) => r.status === 'pending' && r.paidAt === null)).toBe(true);
  });

  it('pay once the invitee spends or buys credits, within the daily cap', async () => {
    await callEndpoint(t.app, credits.adminUpdateSettings, {
      token: admin.token,
      body: { inviteDailyCap: 2 },
    });
    const inviter = await newInviter();
    const before = (await me(inviter.token)).userBalance.credits;
    const invitees = [];
    for (let i = 0; i < 3; i++)
      invitees.push(await me(tokenOf(await signUp({ ip: freshIp(), invitedBy: inviter.code }))));
    // A free use (nothing charged) is not a paid use.
    const { holdId } = await hold(db(), { userId: invitees[0]!.userInfo.id, amount: 5, ref: 'x' });
    await settle(db(), { holdId, actualAmount: 0 });
    expect((await invites(inviter.token)).paidCredits).toBe(0);

    // Spending past the gift (100) with credits it redeemed is a paid use.
    await grant(db(), {
      userId: invitees[0]!.userInfo.id,
      amount: 50,
      kind: 'redeem',
      ref: 'code:T0',
      idempotencyKey: `redeem:test:${invitees[0]!.userInfo.id}`,
    });
    await spend(invitees[0]!.userInfo.id, 101);
    await grant(db(), {
      userId: invitees[1]!.userInfo.id,
      amount: 500,
      kind: 'purchase',
      ref: 'order:T1',
      idempotencyKey: `order:test:${invitees[1]!.userInfo.id}`,
    });
    await grant(db(), {
      userId: invitees[2]!.userInfo.id,
      amount: 10,
      kind: 'purchase',
      ref: 'order:T2',
      idempotencyKey: `order:test:${invitees[2]!.userInfo.id}`,
    });
    const view = await invites(inviter.token);
    expect(view).toMatchObject({ count: 3, paidCredits: 100, pendingCredits: 50, dailyCap: 2 });
    expect((await me(inviter.token)).userBalance.credits).toBe(before + 100);
    // Paying again changes nothing: each reward is paid once.
    await invites(inviter.token);
    expect((await me(inviter.token)).userBalance.credits).toBe(before + 100);
    await callEndpoint(t.app, credits.adminUpdateSettings, {
      token: admin.token,
      body: { inviteDailyCap: 10 },
    });
  });
});

describe('invite rewards and gift credits', () => {
  it('are not paid for spending what the invitee was given (gift, trial, check-ins)', async () => {
    const inviter = await newInviter();
    const before = (await me(inviter.token)).userBalance.credits;
    // A guest with its trial becomes an account (gift + trial carried over: 120), checks in.
    const g = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
    const invitee = await me(
      tokenOf(await signUp({ ip: freshIp(), invitedBy: inviter.code, guestId: g })),
    );
    const id = invitee.userInfo.id;
    expect(invitee.userBalance.credits).toBe(120);
    await grant(db(), {
      userId: id,
      amount: 10,
      kind: 'checkin',
      ref: 'day:test',
      idempotencyKey: `checkin:test:${id}`,
    });
    // Every free credit spent, over several uses: still pending.
    await spend(id, 100);
    await spend(id, 30);
    expect((await me(inviter.token)).userBalance.credits).toBe(before);
    expect(await invites(inviter.token)).toMatchObject({ pendingCredits: 50, paidCredits: 0 });
    // A credit it paid for, spent: paid.
    await grant(db(), {
      userId: id,
      amount: 5,
      kind: 'redeem',
      ref: 'code:T3',
      idempotencyKey: `redeem:test:${id}`,
    });
    await spend(id, 1);
    expect(await invites(inviter.token)).toMatchObject({ pendingCredits: 0, paidCredits: 50 });
    expect((await me(inviter.token)).userBalance.credits).toBe(before + 50);
  });

  it('are paid when the invitee bought credits as a guest, before signing up', async () => {
    const inviter = await newInviter();
    const g = randomUUID();
    const made = await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
    expect(made.status).toBe(200);
    const guestId = (await callEndpoint(t.app, auth.currentUser, { headers: guest(g) })).body.data
      .userInfo.id;
    await grant(db(), {
      userId: guestId,
      amount: 300,
      kind: 'purchase',
      ref: 'order:G1',
      idempotencyKey: `order:test:guest:${guestId}`,
    });
    expect((await signUp({ ip: freshIp(), invitedBy: inviter.code, guestId: g })).statusCode).toBe(
      200,
    );
    expect(await invites(inviter.token)).toMatchObject({ pendingCredits: 0, paidCredits: 50 });
  });
});

describe('sign-up gifts', () => {
  it('go to the first sign-ups of an IP a day and once per device; later ones wait', async () => {
    const ip = freshIp();
    const first = await me(tokenOf(await signUp({ ip })));
    const second = await me(tokenOf(await signUp({ ip })));
    expect([first.userBalance.credits, second.userBalance.credits]).toEqual([100, 100]);
    const third = await signUp({ ip });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ message: expect.stringMatching(/try again in \d+ s/) });
    // Past the delay (moved back here), the sign-up goes through, without a gift.
    await db()
      .updateTable('signup_records')
      .set({ created_at: new Date(Date.now() - 60_000).toISOString() })
      .where('ip', '=', ip)
      .execute();
    const late = await signUp({ ip });
    expect(late.statusCode).toBe(200);
    expect((await me(tokenOf(late))).userBalance.credits).toBe(0);
    // The delay grows: the next one right after must wait longer than the first did.
    const again = await signUp({ ip });
    expect(again.statusCode).toBe(429);

    // One device (guest id) gets the gift once, whatever address it comes from.
    const device = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: device } });
    const a = await me(tokenOf(await signUp({ ip: freshIp(), guestId: device })));
    const b = await me(tokenOf(await signUp({ ip: freshIp(), guestId: device })));
    expect(a.userBalance.credits).toBe(120);
    expect(b.userBalance.credits).toBe(0);
  });
});

describe('sign-up gifts per IP, set in the console', () => {
  it('follow the operator’s signupGiftsPerIp over SIGNUP_GIFTS_PER_IP, shown in the settings', async () => {
    const settings = async () =>
      (await callEndpoint(t.app, credits.adminGetSettings, { token: admin.token })).body.data;
    // Until the operator sets it, the environment's (2 here) is shown and applies.
    expect((await settings()).signupGiftsPerIp).toBe(2);
    const saved = await callEndpoint(t.app, credits.adminUpdateSettings, {
      token: admin.token,
      body: { signupGiftsPerIp: 1 },
    });
    expect(saved.body.data.signupGiftsPerIp).toBe(1);
    const ip = freshIp();
    const first = await me(tokenOf(await signUp({ ip })));
    expect(first.userBalance.credits).toBe(100);
    // The second of the IP is past the operator's 1: it waits, then comes without a gift.
    expect((await signUp({ ip })).statusCode).toBe(429);
    await db()
      .updateTable('signup_records')
      .set({ created_at: new Date(Date.now() - 60_000).toISOString() })
      .where('ip', '=', ip)
      .execute();
    const second = await signUp({ ip });
    expect(second.statusCode).toBe(200);
    expect((await me(tokenOf(second))).userBalance.credits).toBe(0);
    // Bad input names the field.
    const bad = await callEndpoint(t.app, credits.adminUpdateSettings, {
      token: admin.token,
      body: { signupGiftsPerIp: -1 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('signupGiftsPerIp');
    await callEndpoint(t.app, credits.adminUpdateSettings, {
      token: admin.token,
      body: { signupGiftsPerIp: 2 },
    });
  });
});

describe('guest trials', () => {
  it('go to the first GUEST_TRIALS_PER_IP guests of an IP a day', async () => {
    const config = t.app.ctx.config.signup;
    const before = config.guestTrialsPerIp;
    config.guestTrialsPerIp = 2;
    try {
      const ip = freshIp();
      const credits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const g = randomUUID();
        const made = await t.app.inject({
          method: 'POST',
          url: '/api/user/createGuest',
          remoteAddress: ip,
          payload: { guest_id: g },
        });
        expect(made.statusCode).toBe(200);
        const info = await callEndpoint(t.app, auth.currentUser, { headers: guest(g) });
        credits.push(info.body.data.userBalance.credits);
      }
      expect(credits).toEqual([20, 20, 0, 0]);
      // Another address starts afresh.
      const g = randomUUID();
      await t.app.inject({
        method: 'POST',
        url: '/api/user/createGuest',
        remoteAddress: freshIp(),
        payload: { guest_id: g },
      });
      const other = await callEndpoint(t.app, auth.currentUser, { headers: guest(g) });
      expect(other.body.data.userBalance.credits).toBe(20);
    } finally {
      config.guestTrialsPerIp = before;
    }
  });
});

describe('IPv6 callers', () => {
  it('count by their /64: fresh addresses of one network bring no fresh gifts or calls', async () => {
    const net = (i: number) => `2001:db8:34:${ipCounter}::${i.toString(16)}`;
    ipCounter++;
    const gifts: number[] = [];
    for (let i = 1; i <= 2; i++)
      gifts.push((await me(tokenOf(await signUp({ ip: net(i) })))).userBalance.credits);
    expect(gifts).toEqual([100, 100]);
    // The third from the same /64 waits, as from one address.
    expect((await signUp({ ip: net(3) })).statusCode).toBe(429);

    // Guest creations (RATE_LIMIT_AUTH, 20 a minute) count per /64 too.
    const other = (i: number) => `2001:db8:35:${ipCounter}::${i.toString(16)}`;
    const statuses = new Set<number>();
    for (let i = 1; i <= 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/createGuest',
        remoteAddress: other(i),
        payload: { guest_id: randomUUID() },
      });
      statuses.add(res.statusCode);
    }
    expect([...statuses].sort()).toEqual([200, 429]);
  });
});
