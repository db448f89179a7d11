import { describe, expect, it } from 'vitest';
import { auth, user } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import {
  CHROME_MAC,
  SAFARI_IPHONE,
  uniqueName,
  t,
  register,
  login,
  info,
  useAuthApp,
} from './auth.setup.js';

useAuthApp();

describe('accounts', () => {
  it('registers, signs in, reads and updates the profile, lists and deletes login devices', async () => {
    const username = uniqueName('Alice');
    const password = 'correct horse battery';
    const first = await register({ username, email: `${username}@example.com`, password });
    expect((await callEndpoint(t.app, auth.logout, { token: first })).status).toBe(200);
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

    const updated = await callEndpoint(t.app, user.updateProfile, {
      token: mac,
      body: {
        nickname: 'Ally',
        sign: 'Drawing all day',
        personaRole: 'A patient art teacher',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      nickname: 'Ally',
      sign: 'Drawing all day',
      personaRole: 'A patient art teacher',
    });
    expect((await info(bearer(phone))).body.data.userInfo.nickname).toBe('Ally');
    const badAvatar = await callEndpoint(t.app, user.updateProfile, {
      token: mac,
      body: { avatar: 'not a link' },
    });
    expect(badAvatar.status).toBe(400);
    expect(badAvatar.body.message).toBe(
      'Avatar link must be an https:// link or one of your pictures.',
    );
    expect(fieldsOf(badAvatar)).toEqual(['avatar']);

    const devices = await callEndpoint(t.app, user.listDevices, { token: mac });
    expect(devices.status).toBe(200);
    expect(devices.body.data.count).toBe(2);
    const names = devices.body.data.rows.map((d) => d.deviceName).sort();
    expect(names).toEqual(['Chrome on macOS', 'Safari on iPhone']);
    const current = devices.body.data.rows.find((d) => d.current)!;
    expect(current.deviceName).toBe('Chrome on macOS');
    expect(current.ip).toBe('127.0.0.1');
    expect(Date.parse(current.firstSeenAt)).toBeLessThanOrEqual(Date.parse(current.lastSeenAt));

    const other = devices.body.data.rows.find((d) => !d.current)!;
    const deleted = await callEndpoint(t.app, user.signOutDevice, {
      token: mac,
      body: { id: other.id },
    });
    expect(deleted.status).toBe(200);
    const gone = await info(bearer(phone));
    expect(gone.status).toBe(401);
    expect(gone.body).toMatchObject({ code: 401, success: false });
    expect((await info(bearer(mac))).status).toBe(200);
    const again = await callEndpoint(t.app, user.signOutDevice, {
      token: mac,
      body: { id: other.id },
    });
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
    const list = await callEndpoint(t.app, user.listDevices, { token: current });
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
    const bDevices = await callEndpoint(t.app, user.listDevices, { token: b });
    const res = await callEndpoint(t.app, user.signOutDevice, {
      token: a,
      body: { id: bDevices.body.data.rows[0]!.id },
    });
    expect(res.status).toBe(404);
    expect((await info(bearer(b))).status).toBe(200);
  });

  it('a password change signs out every device', async () => {
    const username = uniqueName();
    const t1 = await register({ username, password: 'old-password-1' });
    const t2 = await login(username, 'old-password-1');
    const wrong = await callEndpoint(t.app, user.changePassword, {
      token: t1,
      body: { oldPassword: 'not-the-password', password: 'new-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is wrong');
    expect(fieldsOf(wrong)).toEqual(['oldPassword']);
    expect((await info(bearer(t1))).status).toBe(200);

    const changed = await callEndpoint(t.app, user.changePassword, {
      token: t2,
      body: { oldPassword: 'old-password-1', password: 'new-password-1' },
    });
    expect(changed.status).toBe(200);
    expect((await info(bearer(t1))).status).toBe(401);
    expect((await info(bearer(t2))).status).toBe(401);
    const old = await callEndpoint(t.app, auth.login, {
      body: { username, password: 'old-password-1' },
    });
    expect(old.status).toBe(400);
    await login(username, 'new-password-1');
  });

  it('slows wrong passwords down from an address instead of locking the owner out', async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    // Registered (a session) from 127.0.0.1: the owner's known address.
    await register({ username, email, password: 'the-right-one' });
    const login = (password: string, ip: string, name = username) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: { 'x-lang': 'en-US' },
        payload: { username: name, password },
      });
    const attacker = '203.0.113.9';
    for (let i = 1; i <= 5; i++) {
      const res = await login(`wrong-${i}`, attacker, i % 2 ? username : email);
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    // Past the free tries: the next must wait, even with the right password.
    const slowed = await login('the-right-one', attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 429, success: false });
    expect(slowed.json().message).toMatch(/try again in \d+ s/);
    // Another unknown address waits too: guessing from many addresses is slowed as one.
    expect((await login('the-right-one', '198.51.100.77')).statusCode).toBe(429);
    // The owner, from an address the account signed in from, is not kept out.
    expect((await login('the-right-one', '127.0.0.1')).statusCode).toBe(200);
    expect(
      Number(
        (
          await t.app.ctx.db.kysely
            .selectFrom('account_locks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it('lets the owner in from an address it signed in from, after signing out there', async () => {
    const username = uniqueName();
    const token = await register({ username, password: 'the-right-one' });
    const login = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: { 'x-lang': 'en-US' },
        payload: { username, password },
      });
    // The owner signed in from 127.0.0.1 (the sign-up), then signed out everywhere on seeing
    // the attack: no session of theirs is left to say where they sign in from.
    expect((await callEndpoint(t.app, auth.logout, { token })).status).toBe(200);
    for (let i = 1; i <= 8; i++) await login(`wrong-${i}`, '203.0.113.19');
    expect((await login('the-right-one', '203.0.113.19')).statusCode).toBe(429);
    expect((await login('the-right-one', '127.0.0.1')).statusCode).toBe(200);
  });

  it('makes each wait longer than the last', async () => {
    const username = uniqueName();
    await register({ username, password: 'the-right-one' });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.10',
        headers: { 'x-lang': 'en-US' },
        payload: { username, password: 'wrong' },
      });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await login();
      if (res.statusCode === 429) {
        waits.push(Number(/(\d+) s/.exec(res.json().message)![1]));
        // Waited out (the failures moved back in time), so the next try is taken.
        await t.app.ctx.db.kysely
          .updateTable('login_failures')
          .set({ created_at: new Date(Date.now() - 14 * 60_000).toISOString() })
          .where('ip', '=', '203.0.113.10')
          .execute();
      } else expect(res.statusCode).toBe(400);
    }
    expect(waits.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
  });

  it('answers an unknown account like a wrong password, taking as long', async () => {
    const username = uniqueName();
    await register({ username, password: 'known-password' });
    const time = async (name: string) => {
      const started = performance.now();
      const res = await callEndpoint(t.app, auth.login, {
        body: { username: name, password: 'wrong-password' },
      });
      return { ms: performance.now() - started, res };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    let messages = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const w = await time(username);
      const u = await time(uniqueName('nobody'));
      wrong.push(w.ms);
      unknown.push(u.ms);
      expect(w.res.status).toBe(400);
      expect(u.res.status).toBe(400);
      messages = messages.add(w.res.body.message).add(u.res.body.message);
    }
    expect(messages.size).toBe(1);
    // Without the dummy hash an unknown account answers in ~1 ms against tens of ms. The
    // quickest of five tries each: the one a busy machine disturbed least.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.3);
  });
});
