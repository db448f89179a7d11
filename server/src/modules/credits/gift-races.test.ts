import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, credits } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, guest, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { grant, payDueInvites } from './index.js';

/**
 * Limits that count (an inviter's rewards of the day, an IP's gifts of the day) must hold when
 * many requests race: each takes its place with one upsert in its own transaction, where
 * reading a count first let them all see it below the limit (PostgreSQL, READ COMMITTED).
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

async function signUp(opts: { ip: string; invitedBy?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: opts.ip,
    headers: { 'x-lang': 'en-US' },
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

async function newInviter() {
  const token = tokenOf(await signUp({ ip: freshIp() }));
  const info = await me(token);
  return { token, id: info.userInfo.id, code: info.userInfo.inviteCode! };
}

describe('the daily cap under racing settles', () => {
  it('holds when many invitees become due at once: no more than the cap is paid', async () => {
    await callEndpoint(t.app, credits.adminUpdateSettings, {
      token: admin.token,
      body: { inviteDailyCap: 2 },
    });
    const inviter = await newInviter();
    const before = (await me(inviter.token)).userBalance.credits;
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = (await me(tokenOf(await signUp({ ip: freshIp(), invitedBy: inviter.code }))))
        .userInfo.id;
      // A purchase makes the reward due; nothing is paid until a settle looks.
      await grant(db(), {
        userId: id,
        amount: 10,
        kind: 'purchase',
        ref: `order:R${id}`,
        idempotencyKey: `order:race:${id}`,
      });
      ids.push(id);
    }
    // Every invitee's order settles at the same moment (each pays its own invite).
    const paid = await Promise.all(ids.map((inviteeId) => payDueInvites(t.app.ctx, { inviteeId })));
    expect(paid.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await me(inviter.token)).userBalance.credits).toBe(before + 100);
    expect(await invites(inviter.token)).toMatchObject({ paidCredits: 100, pendingCredits: 300 });
    await callEndpoint(t.app, credits.adminUpdateSettings, {
      token: admin.token,
      body: { inviteDailyCap: 10 },
    });
  });
});

describe('gifts under racing sign-ups', () => {
  it('go to no more sign-ups and guests of one IP than the limits, however many race', async () => {
    const ip = freshIp();
    const signUps = await Promise.all(Array.from({ length: 6 }, () => signUp({ ip })));
    const made = signUps.filter((r) => r.statusCode === 200);
    const gifts = await Promise.all(made.map(async (r) => (await me(tokenOf(r))).userBalance));
    // SIGNUP_GIFTS_PER_IP is 2 here.
    expect(gifts.filter((b) => b.credits === 100)).toHaveLength(2);

    const config = t.app.ctx.config.signup;
    const before = config.guestTrialsPerIp;
    config.guestTrialsPerIp = 2;
    try {
      const guestIp = freshIp();
      const ids = Array.from({ length: 6 }, () => randomUUID());
      const statuses = await Promise.all(
        ids.map(
          async (g) =>
            (
              await t.app.inject({
                method: 'POST',
                url: '/api/user/createGuest',
                remoteAddress: guestIp,
                payload: { guest_id: g },
              })
            ).statusCode,
        ),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      const trials = await Promise.all(
        ids.map(
          async (g) =>
            (await callEndpoint(t.app, auth.currentUser, { headers: guest(g) })).body.data
              .userBalance.credits,
        ),
      );
      expect(trials.filter((c) => c === 20)).toHaveLength(2);
    } finally {
      config.guestTrialsPerIp = before;
    }
  });
});
