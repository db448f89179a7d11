import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, credits as Contract } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, createTestApp, guest, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { hold, ledgerCheck, settle } from './ledger.js';

let t: TestApp;
let admin: TestUser;
type LogEndpoint = typeof Contract.topUpLog | typeof Contract.usageLog | typeof Contract.balanceLog;

const db = () => t.app.ctx.db.kysely;
const list = async (endpoint: LogEndpoint, headers: Record<string, string>) =>
  (await callEndpoint(t.app, endpoint, { query: { size: 100 }, headers })).body.data;

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { auth: 10_000, global: 100_000 } } });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

async function newGuest(): Promise<{ guestId: string; userId: number }> {
  const guestId = randomUUID();
  expect(
    (await callEndpoint(t.app, auth.createGuest, { body: { guest_id: guestId } })).status,
  ).toBe(200);
  const row = await db()
    .selectFrom('users')
    .select('id')
    .where('guest_id', '=', guestId)
    .executeTakeFirstOrThrow();
  return { guestId, userId: row.id };
}

async function redeem(headers: Record<string, string>, credits: number) {
  const created = await callEndpoint(t.app, Contract.adminCreateCodes, {
    token: admin.token,
    body: { count: 1, credits },
  });
  const res = await callEndpoint(t.app, Contract.redeem, {
    headers,
    body: { code: created.body.data.codes[0]! },
  });
  expect(res.status, res.body.message).toBe(200);
}

/** Work paid the way the chat and the task engine pay: a hold with a price, then settle. */
async function spend(userId: number, priceKey: string, ref: string, amount: number) {
  const { holdId } = await hold(db(), { userId, amount, ref, priceKey });
  await settle(db(), { holdId, actualAmount: amount });
}

describe("a guest's history", () => {
  it('moves to the account it registers, naming what each charge paid for', async () => {
    const g = await newGuest();
    await redeem(guest(g.guestId), 50);
    await spend(g.userId, 'demo-image:imagine', 'task:77', 4);
    await spend(g.userId, 'demo-chat:chat', 'chat:12', 1);
    await spend(g.userId, 'demo-chat:chat', 'chat:mind', 1);
    // Work still running when the guest registers: its hold stays (and settles) with the guest.
    const running = await hold(db(), {
      userId: g.userId,
      amount: 4,
      ref: 'task:78',
      priceKey: 'demo-image:imagine',
    });

    const reg = await callEndpoint(t.app, auth.register, {
      guestId: g.guestId,
      body: { username: `heir_${Date.now()}`, password: 'a-good-password' },
    });
    expect(reg.status).toBe(200);
    const h = bearer(reg.body.data.token);

    const recharge = await list(Contract.topUpLog, h);
    expect(recharge.rows).toEqual([
      expect.objectContaining({ kind: 'redeem', amount: 50, fromGuest: true, spentOn: null }),
    ]);
    const usage = await list(Contract.usageLog, h);
    expect(usage.count).toBe(3);
    expect(usage.rows.map((r) => [r.amount, r.fromGuest, r.spentOn])).toEqual([
      [
        -1,
        true,
        {
          source: 'mind',
          refId: null,
          model: 'demo-chat',
          action: 'chat',
          category: 'chat',
          label: 'Offline demo chat',
          kind: null,
        },
      ],
      [
        -1,
        true,
        {
          source: 'chat',
          refId: 12,
          model: 'demo-chat',
          action: 'chat',
          category: 'chat',
          label: 'Offline demo chat',
          kind: null,
        },
      ],
      [
        -4,
        true,
        {
          source: 'task',
          refId: 77,
          model: 'demo-image',
          action: 'imagine',
          category: 'image',
          label: 'Offline demo: imagine',
          kind: null,
        },
      ],
    ]);
    const all = await list(Contract.balanceLog, h);
    expect(all.rows.some((r) => r.ref === 'task:78')).toBe(false);
    expect(all.rows.filter((r) => !r.fromGuest).map((r) => r.kind)).toEqual(
      expect.arrayContaining(['register_gift', 'guest_transfer']),
    );

    // The guest keeps what is still its own: the running work and the transfer out.
    const guestAll = await list(Contract.balanceLog, guest(g.guestId));
    expect(guestAll.rows.filter((r) => r.kind !== 'guest_transfer')).toEqual([
      expect.objectContaining({ kind: 'hold', ref: 'task:78', fromGuest: false }),
    ]);
    await settle(db(), { holdId: running.holdId, actualAmount: 4 });
    const guestUsage = await list(Contract.usageLog, guest(g.guestId));
    expect(guestUsage.rows.map((r) => [r.ref, r.fromGuest])).toEqual([['task:78', false]]);

    // The account hides a moved row; the guest cannot touch the rows it gave away.
    const moved = usage.rows[0]!.id;
    expect(
      (
        await callEndpoint(t.app, Contract.hideBalanceLogRow, {
          guestId: g.guestId,
          body: { id: moved },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callEndpoint(t.app, Contract.hideBalanceLogRow, { headers: h, body: { id: moved } }))
        .status,
    ).toBe(200);
    expect((await list(Contract.usageLog, h)).count).toBe(2);
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('moves again on a later sign-in only what the guest did since', async () => {
    const password = 'a-good-password';
    const account = async (name: string) => {
      const username = `${name}_${Date.now()}`;
      const res = await callEndpoint(t.app, auth.register, { body: { username, password } });
      return { username, h: bearer(res.body.data.token) };
    };
    const signIn = async (username: string, guestId: string) =>
      expect(
        (await callEndpoint(t.app, auth.login, { guestId, body: { username, password } })).status,
      ).toBe(200);
    const first = await account('first');
    const second = await account('second');
    const g = await newGuest();
    await redeem(guest(g.guestId), 30);
    await signIn(first.username, g.guestId);
    // Signed out, the browser is that guest again; what it does now is its own until the next.
    await redeem(guest(g.guestId), 40);
    expect((await list(Contract.topUpLog, guest(g.guestId))).rows.map((r) => r.amount)).toEqual([
      40,
    ]);
    await signIn(second.username, g.guestId);

    const amounts = async (h: Record<string, string>) =>
      (await list(Contract.topUpLog, h)).rows.map((r) => r.amount);
    expect(await amounts(first.h)).toEqual([30]);
    expect(await amounts(second.h)).toEqual([40]);
    expect(await amounts(guest(g.guestId))).toEqual([]);
    expect(await ledgerCheck(db())).toEqual([]);
  });
});
