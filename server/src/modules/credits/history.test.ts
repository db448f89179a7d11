import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { credits as Contract } from '@atelier/contracts';
import { bearer, call, createTestApp, guest, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { hold, ledgerCheck, settle } from './ledger.js';

let t: TestApp;
let admin: TestUser;
const en = { 'x-lang': 'en-US' };
type Page = { rows: Contract.HistoryEntry[]; count: number };

const get = <T>(url: string, headers: Record<string, string>) =>
  call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { ...en, ...headers } });
const post = <T>(url: string, headers: Record<string, string>, payload: object) =>
  call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: { ...en, ...headers }, payload });
const db = () => t.app.ctx.db.kysely;
const list = async (path: string, headers: Record<string, string>) =>
  (await get<Page>(`${path}?size=100`, headers)).body.data;

beforeAll(async () => {
  t = await createTestApp({ config: { rateLimit: { auth: 10_000, global: 100_000 } } });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

async function newGuest(): Promise<{ guestId: string; userId: number }> {
  const guestId = randomUUID();
  expect((await post('/user/createGuest', {}, { guest_id: guestId })).status).toBe(200);
  const row = await db()
    .selectFrom('users')
    .select('id')
    .where('guest_id', '=', guestId)
    .executeTakeFirstOrThrow();
  return { guestId, userId: row.id };
}

async function redeem(headers: Record<string, string>, credits: number) {
  const created = await post<{ codes: string[] }>(
    '/admin/credits/codes/create',
    bearer(admin.token),
    { count: 1, credits },
  );
  const res = await post('/balance/changeToken', headers, { code: created.body.data.codes[0]! });
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

    const reg = await post<{ token: string }>('/auth/register', guest(g.guestId), {
      username: `heir_${Date.now()}`,
      password: 'a-good-password',
    });
    expect(reg.status).toBe(200);
    const h = bearer(reg.body.data.token);

    const recharge = await list('/balance/rechargeLog', h);
    expect(recharge.rows).toEqual([
      expect.objectContaining({ kind: 'redeem', amount: 50, fromGuest: true, spentOn: null }),
    ]);
    const usage = await list('/chatLog/usetokenList', h);
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
        },
      ],
    ]);
    const all = await list('/midjourney/balanceLog', h);
    expect(all.rows.some((r) => r.ref === 'task:78')).toBe(false);
    expect(all.rows.filter((r) => !r.fromGuest).map((r) => r.kind)).toEqual(
      expect.arrayContaining(['register_gift', 'guest_transfer']),
    );

    // The guest keeps what is still its own: the running work and the transfer out.
    const guestAll = await list('/midjourney/balanceLog', guest(g.guestId));
    expect(guestAll.rows.filter((r) => r.kind !== 'guest_transfer')).toEqual([
      expect.objectContaining({ kind: 'hold', ref: 'task:78', fromGuest: false }),
    ]);
    await settle(db(), { holdId: running.holdId, actualAmount: 4 });
    const guestUsage = await list('/chatLog/usetokenList', guest(g.guestId));
    expect(guestUsage.rows.map((r) => [r.ref, r.fromGuest])).toEqual([['task:78', false]]);

    // The account hides a moved row; the guest cannot touch the rows it gave away.
    const moved = usage.rows[0]!.id;
    expect(
      (await post('/midjourney/deletebalanceLog', guest(g.guestId), { id: moved })).status,
    ).toBe(404);
    expect((await post('/midjourney/deletebalanceLog', h, { id: moved })).status).toBe(200);
    expect((await list('/chatLog/usetokenList', h)).count).toBe(2);
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('moves again on a later sign-in only what the guest did since', async () => {
    const password = 'a-good-password';
    const account = async (name: string) => {
      const username = `${name}_${Date.now()}`;
      const res = await post<{ token: string }>('/auth/register', {}, { username, password });
      return { username, h: bearer(res.body.data.token) };
    };
    const signIn = async (username: string, guestId: string) =>
      expect((await post('/auth/login', guest(guestId), { username, password })).status).toBe(200);
    const first = await account('first');
    const second = await account('second');
    const g = await newGuest();
    await redeem(guest(g.guestId), 30);
    await signIn(first.username, g.guestId);
    // Signed out, the browser is that guest again; what it does now is its own until the next.
    await redeem(guest(g.guestId), 40);
    expect(
      (await list('/balance/rechargeLog', guest(g.guestId))).rows.map((r) => r.amount),
    ).toEqual([40]);
    await signIn(second.username, g.guestId);

    const amounts = async (h: Record<string, string>) =>
      (await list('/balance/rechargeLog', h)).rows.map((r) => r.amount);
    expect(await amounts(first.h)).toEqual([30]);
    expect(await amounts(second.h)).toEqual([40]);
    expect(await amounts(guest(g.guestId))).toEqual([]);
    expect(await ledgerCheck(db())).toEqual([]);
  });
});
