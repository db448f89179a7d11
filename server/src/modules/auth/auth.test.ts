import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginDevice, UserInfo } from '@atelier/contracts';
import { bearer, call, createTestApp, guest, type TestApp } from '../../test/harness.js';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const en = { 'x-lang': 'en-US' };
/** The fields a failed answer names for its form (`data.errors`). */
const fieldsOf = (res: { body: { data: unknown } }) =>
  ((res.body.data as { errors?: Array<{ field: string }> } | null)?.errors ?? []).map(
    (e) => e.field,
  );

let seq = 0;
const uniqueName = (prefix = 'user') => `${prefix}_${Date.now().toString(36)}${seq++}`;

describe('accounts', () => {
  let t: TestApp;
  const adminPassword = 'admin-password-123';

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        adminUsername: 'root_admin',
        adminPassword,
        rateLimit: { auth: 1000, global: 10000 },
      },
    });
  });
  afterAll(async () => t.close());

  const post = <T>(url: string, payload: object, headers: Record<string, string> = {}) =>
    call<T>(t.app, { method: 'POST', url, payload, headers: { ...en, ...headers } });
  const get = <T>(url: string, headers: Record<string, string> = {}) =>
    call<T>(t.app, { method: 'GET', url, headers: { ...en, ...headers } });

  async function register(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await post<{ token: string }>('/api/auth/register', body, headers);
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.token;
  }
  async function login(username: string, password: string, ua = CHROME_MAC) {
    const res = await post<{ token: string }>(
      '/api/auth/login',
      { username, password },
      { 'user-agent': ua },
    );
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.token;
  }
  const info = async (headers: Record<string, string>) =>
    get<{ userInfo: UserInfo; userBalance: UserInfo['userBalance'] }>('/api/auth/getInfo', headers);

  it('registers, signs in, reads and updates the profile, lists and deletes login devices', async () => {
    const username = uniqueName('Alice');
    const password = 'correct horse battery';
    const first = await register({ username, email: `${username}@example.com`, password });
    expect((await post('/api/auth/logout', {}, bearer(first))).status).toBe(200);
    expect((await info(bearer(first))).status).toBe(401);

    const mac = await login(username.toLowerCase(), password, CHROME_MAC);
    const phone = await login(`${username}@EXAMPLE.com`, password, SAFARI_IPHONE);

    const me = await info(bearer(mac));
    expect(me.status).toBe(200);
    expect(me.body.data.userInfo).toMatchObject({
      username,
      email: `${username}@example.com`,
      nickname: username,
      role: 'user',
      isGuest: false,
    });
    expect(me.body.data.userInfo.inviteCode).toMatch(/^[A-Z2-9]{10}$/);
    // The balance comes from the installed reader (the credits module's), in both places.
    const balance = await t.app.ctx.balances.read(me.body.data.userInfo.id);
    expect(me.body.data.userBalance).toEqual(balance);
    expect(me.body.data.userInfo.userBalance).toEqual(balance);

    const updated = await post<UserInfo>(
      '/api/user/update',
      {
        avatar: 'https://img.example.com/a.png',
        nickname: 'Ally',
        sign: 'Drawing all day',
        personaRole: 'A patient art teacher',
      },
      bearer(mac),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      avatar: 'https://img.example.com/a.png',
      nickname: 'Ally',
      sign: 'Drawing all day',
      personaRole: 'A patient art teacher',
    });
    expect((await info(bearer(phone))).body.data.userInfo.nickname).toBe('Ally');
    const badAvatar = await post('/api/user/update', { avatar: 'not a link' }, bearer(mac));
    expect(badAvatar.status).toBe(400);
    expect(badAvatar.body.message).toBe('Avatar link must be a valid link (https://…).');
    expect(fieldsOf(badAvatar)).toEqual(['avatar']);

    const devices = await get<{ rows: LoginDevice[]; count: number }>(
      '/api/user/getLoginDeviceList',
      bearer(mac),
    );
    expect(devices.status).toBe(200);
    expect(devices.body.data.count).toBe(2);
    const names = devices.body.data.rows.map((d) => d.deviceName).sort();
    expect(names).toEqual(['Chrome on macOS', 'Safari on iPhone']);
    const current = devices.body.data.rows.find((d) => d.current)!;
    expect(current.deviceName).toBe('Chrome on macOS');
    expect(current.ip).toBe('127.0.0.1');
    expect(Date.parse(current.firstSeenAt)).toBeLessThanOrEqual(Date.parse(current.lastSeenAt));

    const other = devices.body.data.rows.find((d) => !d.current)!;
    const deleted = await post('/api/user/delLoginDevice', { id: other.id }, bearer(mac));
    expect(deleted.status).toBe(200);
    const gone = await info(bearer(phone));
    expect(gone.status).toBe(401);
    expect(gone.body).toMatchObject({ code: 401, success: false });
    expect((await info(bearer(mac))).status).toBe(200);
    const again = await post('/api/user/delLoginDevice', { id: other.id }, bearer(mac));
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('There is no such login device');
  });

  it('shows the device asking as used now, and leaves the others as they were', async () => {
    const username = uniqueName();
    await register({ username, password: 'password-1' });
    const current = await login(username, 'password-1', CHROME_MAC);
    const phone = await login(username, 'password-1', SAFARI_IPHONE);
    // Both were last used four minutes ago: within the five minutes the sign-in check leaves
    // the row alone, so only the list itself makes the current one fresh.
    const fourMinutesAgo = new Date(Date.now() - 4 * 60_000).toISOString();
    const ids = await t.app.ctx.db.kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.username', '=', username)
      .execute();
    await t.app.ctx.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: fourMinutesAgo })
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    const before = Date.now();
    const list = await get<{ rows: LoginDevice[] }>(
      '/api/user/getLoginDeviceList',
      bearer(current),
    );
    const rows = list.body.data.rows;
    const mine = rows.find((d) => d.current)!;
    expect(mine.deviceName).toBe('Chrome on macOS');
    expect(Date.parse(mine.lastSeenAt)).toBeGreaterThanOrEqual(before - 1000);
    // The freshest comes first; the phone was not used and keeps its time.
    expect(rows[0]!.id).toBe(mine.id);
    const other = rows.find((d) => d.deviceName === 'Safari on iPhone')!;
    expect(Date.parse(other.lastSeenAt)).toBe(Date.parse(fourMinutesAgo));
    expect((await info(bearer(phone))).status).toBe(200);
  });

  it("cannot sign out another user's device", async () => {
    const a = await register({ username: uniqueName(), password: 'password-a-1' });
    const b = await register({ username: uniqueName(), password: 'password-b-1' });
    const bDevices = await get<{ rows: LoginDevice[] }>('/api/user/getLoginDeviceList', bearer(b));
    const res = await post(
      '/api/user/delLoginDevice',
      { id: bDevices.body.data.rows[0]!.id },
      bearer(a),
    );
    expect(res.status).toBe(404);
    expect((await info(bearer(b))).status).toBe(200);
  });

  it('a password change signs out every device', async () => {
    const username = uniqueName();
    const t1 = await register({ username, password: 'old-password-1' });
    const t2 = await login(username, 'old-password-1');
    const wrong = await post(
      '/api/user/updatePassword',
      { oldPassword: 'not-the-password', password: 'new-password-1' },
      bearer(t1),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is wrong');
    expect(fieldsOf(wrong)).toEqual(['oldPassword']);
    expect((await info(bearer(t1))).status).toBe(200);

    const changed = await post(
      '/api/user/updatePassword',
      { oldPassword: 'old-password-1', password: 'new-password-1' },
      bearer(t2),
    );
    expect(changed.status).toBe(200);
    expect((await info(bearer(t1))).status).toBe(401);
    expect((await info(bearer(t2))).status).toBe(401);
    const old = await post('/api/auth/login', { username, password: 'old-password-1' });
    expect(old.status).toBe(400);
    await login(username, 'new-password-1');
  });

  it('locks an account for 15 minutes after 10 failed sign-ins, even for the right password', async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    await register({ username, email, password: 'the-right-one' });
    for (let i = 1; i <= 10; i++) {
      const res = await post('/api/auth/login', {
        username: i % 2 ? username : email,
        password: `wrong-${i}`,
      });
      expect(res.status, `attempt ${i}`).toBe(400);
      expect(res.body.message).toContain('password');
    }
    const locked = await post('/api/auth/login', { username, password: 'the-right-one' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 429, success: false });
    expect(locked.body.message).toContain('15 minutes');
    expect(
      (await post('/api/auth/login', { username: email, password: 'the-right-one' })).status,
    ).toBe(429);
    const { count } = await t.app.ctx.db.kysely
      .selectFrom('account_locks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThanOrEqual(1);
  });

  it('answers an unknown account like a wrong password, taking as long', async () => {
    const username = uniqueName();
    await register({ username, password: 'known-password' });
    const time = async (name: string) => {
      const started = performance.now();
      const res = await post('/api/auth/login', { username: name, password: 'wrong-password' });
      return { ms: performance.now() - started, res };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    let messages = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const w = await time(username);
      const u = await time(uniqueName('nobody'));
      wrong.push(w.ms);
      unknown.push(u.ms);
      expect(w.res.status).toBe(400);
      expect(u.res.status).toBe(400);
      messages = messages.add(w.res.body.message).add(u.res.body.message);
    }
    expect(messages.size).toBe(1);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    // Without the dummy hash an unknown account answers in ~1 ms against tens of ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3);
  });

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
    const first = await post<{ guestId: string; created: boolean }>('/api/user/createGuest', body);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ guestId, created: true });
    const second = await post<{ created: boolean }>('/api/user/createGuest', {
      ...body,
      guest_id: guestId.toUpperCase(),
    });
    expect(second.body.data.created).toBe(false);
    expect(created).toHaveLength(1);

    const bad = await post('/api/user/createGuest', { guest_id: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBe('A value sent must be a valid uuid.');
    expect(fieldsOf(bad)).toEqual(['guest_id']);

    const me = await info(guest(guestId));
    expect(me.status).toBe(200);
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
    expect((await get('/api/user/getLoginDeviceList', guest(guestId))).status).toBe(401);
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
    await post('/api/user/createGuest', { guest_id: guestId });
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
    });
    const guestRow = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select(['merged_into', 'kind'])
      .where('id', '=', guestUserId)
      .executeTakeFirstOrThrow();
    expect(guestRow).toEqual({ merged_into: account.id, kind: 'guest' });

    // Signing in with a Guestid header moves that guest's data too.
    const guest2 = randomUUID();
    await post('/api/user/createGuest', { guest_id: guest2 });
    const guest2UserId = (await info(guest(guest2))).body.data.userInfo.id;
    const username = uniqueName();
    await register({ username, password: 'some-password' });
    await post('/api/auth/login', { username, password: 'some-password' }, guest(guest2));
    expect(moves.at(-1)).toMatchObject({ fromUserId: guest2UserId, inTrx: true, seen: true });
    t.app.ctx.guestData.register('test-mover', async () => {});
  });

  it('rolls the whole registration back when a mover fails', async () => {
    t.app.ctx.guestData.register('failing-mover', async () => {
      throw new Error('mover broke');
    });
    const guestId = randomUUID();
    await post('/api/user/createGuest', { guest_id: guestId });
    const username = uniqueName();
    const res = await post(
      '/api/auth/register',
      { username, password: 'password-123' },
      guest(guestId),
    );
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
    const short = await post('/api/auth/register', { username: 'a', password: 'password-123' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 400, success: false });
    expect(short.body.message).toBe('Username must be at least 2 characters.');
    expect(fieldsOf(short)).toEqual(['username']);
    const weak = await post('/api/auth/register', { username: uniqueName(), password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^Password must be at least \d+ characters\.$/);
    const badEmail = await post('/api/auth/register', {
      username: uniqueName(),
      email: 'nope',
      password: 'password-123',
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Email address must be a valid email address.');

    const username = uniqueName('Bob');
    await register({ username, email: `${username}@example.com`, password: 'password-123' });
    const sameName = await post('/api/auth/register', {
      username: username.toUpperCase(),
      password: 'password-123',
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe('This username is already taken');
    expect(fieldsOf(sameName)).toEqual(['username']);
    const sameEmail = await post('/api/auth/register', {
      username: uniqueName(),
      email: `${username.toUpperCase()}@example.com`,
      password: 'password-123',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('This email address is already registered');
    expect(fieldsOf(sameEmail)).toEqual(['email']);

    const raced = uniqueName('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/auth/register', { username: raced, password: 'password-123' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(fieldsOf(r)).toEqual(['username']);
  });

  it('lets only admins list users, without secrets', async () => {
    const userToken = await register({ username: uniqueName(), password: 'password-123' });
    const forbidden = await get('/api/admin/users', bearer(userToken));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 403, success: false });
    expect(forbidden.body.message).toBeTruthy();
    expect((await get('/api/admin/users')).status).toBe(401);

    const adminToken = await login('root_admin', adminPassword);
    const page = await get<{ rows: Array<Record<string, unknown>>; count: number }>(
      '/api/admin/users?page=1&size=2&kind=registered',
      bearer(adminToken),
    );
    expect(page.status).toBe(200);
    expect(page.body.data.rows).toHaveLength(2);
    expect(page.body.data.count).toBeGreaterThan(2);
    expect(page.body.data.rows.every((r) => r.kind === 'registered')).toBe(true);
    const text = JSON.stringify(page.body);
    expect(text).not.toMatch(/password|token|argon2/i);

    const found = await get<{ rows: Array<{ username: string; role: string }>; count: number }>(
      '/api/admin/users?keyword=ROOT_ADM',
      bearer(adminToken),
    );
    expect(found.body.data).toMatchObject({
      count: 1,
      rows: [{ username: 'root_admin', role: 'admin' }],
    });
    const wildcard = await get<{ count: number }>(
      '/api/admin/users?keyword=%25',
      bearer(adminToken),
    );
    expect(wildcard.body.data.count).toBe(0);
  });
});

describe('rate limits on sign-in calls', () => {
  it('answers 429 with the envelope past the per-IP limit', async () => {
    const t = await createTestApp({ config: { rateLimit: { auth: 3, global: 1000 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call(t.app, {
          method: 'POST',
          url: '/api/user/createGuest',
          payload: { guest_id: randomUUID() },
          headers: en,
        });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).toMatchObject({ code: 429, success: false });
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('secrets', () => {
  it('never appear in a response or a log line', async () => {
    const t = await createTestApp({
      config: { logLevel: 'info', rateLimit: { auth: 1000, global: 10000 } },
    });
    try {
      const bodies: string[] = [];
      const send = async (method: 'GET' | 'POST', url: string, payload?: object, headers = {}) => {
        const res = await t.app.inject({ method, url, payload, headers: { ...en, ...headers } });
        bodies.push(res.body, JSON.stringify(res.headers));
        return res;
      };
      const password = 'Sup3r-Secret-Passw0rd';
      const newPassword = 'An0ther-Secret-Passw0rd';
      const guestId = randomUUID();
      await send('POST', '/api/user/createGuest', { guest_id: guestId });
      const reg = await send(
        'POST',
        '/api/auth/register',
        { username: 'secret_keeper', password },
        guest(guestId),
      );
      const token1 = (reg.json() as { data: { token: string } }).data.token;
      await send('POST', '/api/auth/login', {
        username: 'secret_keeper',
        password: 'wrong-password-x',
      });
      const log = await send('POST', '/api/auth/login', { username: 'secret_keeper', password });
      const token2 = (log.json() as { data: { token: string } }).data.token;
      await send('GET', '/api/auth/getInfo', undefined, bearer(token1));
      await send('GET', '/api/user/getLoginDeviceList', undefined, bearer(token2));
      await send('POST', '/api/user/update', { nickname: 'Keeper' }, bearer(token2));
      await send(
        'POST',
        '/api/user/updatePassword',
        { oldPassword: password, password: newPassword },
        bearer(token2),
      );
      await send('GET', '/api/auth/getInfo', undefined, bearer(token1));
      const token3 = (
        (
          await send('POST', '/api/auth/login', {
            username: 'secret_keeper',
            password: newPassword,
          })
        ).json() as {
          data: { token: string };
        }
      ).data.token;
      await send('POST', '/api/auth/logout', {}, bearer(token3));
      await send('POST', '/api/auth/register', { username: 'x', password: newPassword });

      const db = t.app.ctx.db.kysely;
      const { password_hash } = await db
        .selectFrom('users')
        .select('password_hash')
        .where('username_key', '=', 'secret_keeper')
        .executeTakeFirstOrThrow();
      const { hashToken } = await import('../../http/identity.js');
      const secrets = [
        password,
        newPassword,
        password_hash!,
        token1,
        token2,
        token3,
        hashToken(token1),
        hashToken(token2),
        hashToken(token3),
        t.app.ctx.config.secretKey!,
      ];
      const lines = t.logs.lines();
      expect(lines.length).toBeGreaterThan(10);
      for (const secret of secrets) for (const line of lines) expect(line).not.toContain(secret);
      // A session token leaves the server once: in the answer that creates it, and nowhere else.
      for (const body of bodies) {
        const own = /"token":"([^"]+)"/.exec(body)?.[1];
        for (const secret of secrets) if (secret !== own) expect(body).not.toContain(secret);
      }
      expect(password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await t.close();
    }
  });
});
