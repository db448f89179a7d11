import { describe, expect, it } from 'vitest';
import { auth, user } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { randomUUID } from 'node:crypto';
import { bearer, expectServerErrors, guest } from '../../test/harness.js';
import { uniqueName, t, adminPassword, register, login, info, useAuthApp } from './auth.setup.js';

useAuthApp();

describe('accounts', () => {
  it('creates guests idempotently and acts as the guest with the Guestid header', async () => {
    const created: number[] = [];
    t.app.ctx.accountEvents.guestCreated.push(async (trx, e) => {
      const row = await trx
        .selectFrom('users')
        .select('kind')
        .where('id', '=', e.userId)
        .executeTakeFirst();
      expect(trx.isTransaction).toBe(true);
      expect(row?.kind).toBe('guest');
      created.push(e.userId);
    });
    const guestId = randomUUID();
    const body = { guest_id: guestId, keyword: 'ai art', bd_vid: 'abc', source: 'baidu' };
    const first = await callEndpoint(t.app, auth.createGuest, { body: body });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ guestId, created: true });
    const second = await callEndpoint(t.app, auth.createGuest, {
      body: {
        ...body,
        guest_id: guestId.toUpperCase(),
      },
    });
    expect(second.body.data.created).toBe(false);
    expect(created).toHaveLength(1);

    const bad = await callEndpoint(t.app, auth.createGuest, { body: { guest_id: 'not-a-uuid' } });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBe('A value sent must be a valid uuid.');
    expect(fieldsOf(bad)).toEqual(['guest_id']);

    const me = await info(guest(guestId));
    expect(me.status).toBe(200);
    // The registration answered what getInfo answers, so the browser needs no second call.
    expect(first.body.data.user).toEqual(me.body.data);
    expect(second.body.data.user).toEqual(me.body.data);
    expect(me.body.data.userInfo).toMatchObject({
      id: created[0],
      username: null,
      role: 'guest',
      isGuest: true,
      inviteCode: null,
    });
    expect((await info({ authorization: `Guestid ${guestId}` })).status).toBe(200);
    expect((await info(guest(randomUUID()))).status).toBe(401);
    // Guests cannot use the account calls.
    expect((await callEndpoint(t.app, user.listDevices, { guestId: guestId })).status).toBe(401);
  });

  it("moves a guest's data to the account in the registration's transaction", async () => {
    const moves: Array<{ fromUserId: number; toUserId: number; inTrx: boolean; seen: boolean }> =
      [];
    t.app.ctx.guestData.register('test-mover', async (trx, move) => {
      const target = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', move.toUserId)
        .executeTakeFirst();
      moves.push({ ...move, inTrx: trx.isTransaction, seen: target !== undefined });
    });
    const events: Array<{
      userId: number;
      inviterId: number | null;
      fromGuestUserId: number | null;
    }> = [];
    t.app.ctx.accountEvents.registered.push(async (_trx, e) => void events.push(e));

    const inviter = await register({ username: uniqueName('inviter'), password: 'inviter-pass' });
    const inviterInfo = (await info(bearer(inviter))).body.data.userInfo;

    const guestId = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: guestId } });
    const guestUserId = (await info(guest(guestId))).body.data.userInfo.id;
    const token = await register(
      {
        username: uniqueName('bound'),
        password: 'bound-password',
        invitedBy: inviterInfo.inviteCode!.toLowerCase(),
      },
      guest(guestId),
    );
    const account = (await info(bearer(token))).body.data.userInfo;
    expect(moves.at(-1)).toEqual({
      fromUserId: guestUserId,
      toUserId: account.id,
      inTrx: true,
      seen: true,
    });
    expect(events.at(-1)).toEqual({
      userId: account.id,
      inviterId: inviterInfo.id,
      fromGuestUserId: guestUserId,
      sameIp: 1,
      sameDevice: 0,
    });
    const guestRow = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select(['merged_into', 'kind'])
      .where('id', '=', guestUserId)
      .executeTakeFirstOrThrow();
    expect(guestRow).toEqual({ merged_into: account.id, kind: 'guest' });

    // Signing in with a Guestid header moves that guest's data too.
    const guest2 = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: guest2 } });
    const guest2UserId = (await info(guest(guest2))).body.data.userInfo.id;
    const username = uniqueName();
    await register({ username, password: 'some-password' });
    await callEndpoint(t.app, auth.login, {
      guestId: guest2,
      body: { username, password: 'some-password' },
    });
    expect(moves.at(-1)).toMatchObject({ fromUserId: guest2UserId, inTrx: true, seen: true });
    t.app.ctx.guestData.register('test-mover', async () => {});
  });

  it('rolls the whole registration back when a mover fails', async () => {
    // The failing mover is the point: a 500 and its error line.
    expectServerErrors(500, /mover broke/);
    t.app.ctx.guestData.register('failing-mover', async () => {
      throw new Error('mover broke');
    });
    const guestId = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: guestId } });
    const username = uniqueName();
    const res = await callEndpoint(t.app, auth.register, {
      guestId: guestId,
      body: { username, password: 'password-123' },
    });
    expect(res.status).toBe(500);
    expect(res.body.message).not.toContain('mover broke');
    t.app.ctx.guestData.register('failing-mover', async () => {});
    const users = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', username.toLowerCase())
      .execute();
    expect(users).toHaveLength(0);
    await register({ username, password: 'password-123' }, guest(guestId));
  });

  it('answers 400 naming the field and 409 for a taken username or email, also under a race', async () => {
    const short = await callEndpoint(t.app, auth.register, {
      body: { username: 'a', password: 'password-123' },
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 400, success: false });
    expect(short.body.message).toBe('Username must be at least 2 characters.');
    expect(fieldsOf(short)).toEqual(['username']);
    const weak = await callEndpoint(t.app, auth.register, {
      body: { username: uniqueName(), password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^Password must be at least \d+ characters\.$/);
    const badEmail = await callEndpoint(t.app, auth.register, {
      body: {
        username: uniqueName(),
        email: 'nope',
        password: 'password-123',
      },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Email address must be a valid email address.');

    const username = uniqueName('Bob');
    await register({ username, email: `${username}@example.com`, password: 'password-123' });
    const sameName = await callEndpoint(t.app, auth.register, {
      body: {
        username: username.toUpperCase(),
        password: 'password-123',
      },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('This username is already taken');
    expect(fieldsOf(sameName)).toEqual(['username']);
    const sameEmail = await callEndpoint(t.app, auth.register, {
      body: {
        username: uniqueName(),
        email: `${username.toUpperCase()}@example.com`,
        password: 'password-123',
      },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('This email address is already registered');
    expect(fieldsOf(sameEmail)).toEqual(['email']);

    const raced = uniqueName('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        callEndpoint(t.app, auth.register, { body: { username: raced, password: 'password-123' } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(fieldsOf(r)).toEqual(['username']);
  });

  it('lets only admins list users, without secrets', async () => {
    const userToken = await register({ username: uniqueName(), password: 'password-123' });
    const forbidden = await callEndpoint(t.app, user.adminListUsers, { token: userToken });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 403, success: false });
    expect(forbidden.body.message).toBeTruthy();
    expect((await callEndpoint(t.app, user.adminListUsers)).status).toBe(401);

    const adminToken = await login('root_admin', adminPassword);
    const page = await callEndpoint(t.app, user.adminListUsers, {
      token: adminToken,
      query: { page: 1, size: 2, kind: 'registered' },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.rows).toHaveLength(2);
    expect(page.body.data.count).toBeGreaterThan(2);
    expect(page.body.data.rows.every((r) => r.kind === 'registered')).toBe(true);
    const text = JSON.stringify(page.body);
    expect(text).not.toMatch(/password|token|argon2/i);

    const found = await callEndpoint(t.app, user.adminListUsers, {
      token: adminToken,
      query: { keyword: 'ROOT_ADM' },
    });
    expect(found.body.data).toMatchObject({
      count: 1,
      rows: [{ username: 'root_admin', role: 'admin' }],
    });
    const wildcard = await callEndpoint(t.app, user.adminListUsers, {
      token: adminToken,
      query: { keyword: '%25' },
    });
    expect(wildcard.body.data.count).toBe(0);
  });
});
