import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands.js';
import { runAdmin } from '../../test/admin-cli.js';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { seedAdmin } from './admins.js';
import { createAdminCommand, resetPasswordCommand } from './cli.js';

const en = { 'x-lang': 'en-US' };

describe('admin bootstrap and the account commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { adminUsername: 'boss', rateLimit: { auth: 1000, global: 10000 } },
    });
  });
  afterAll(async () => t.close());

  const run = (command: typeof createAdminCommand, argv: string[]) =>
    runAdmin(t.app.ctx, command, argv);
  const login = (username: string, password: string) =>
    call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      headers: en,
    });
  const roleOf = async (token: string) =>
    (
      await call<{ userInfo: { role: string } }>(t.app, {
        url: '/api/auth/getInfo',
        headers: bearer(token),
      })
    ).body.data.userInfo?.role;

  it('registers both commands', () => {
    expect(commands.map((c) => c.name)).toEqual(
      expect.arrayContaining(['create-admin', 'reset-password']),
    );
  });

  it('creates the first admin once, printing the generated password only when it creates it', async () => {
    const db = t.app.ctx.db.kysely;
    expect(await seedAdmin(t.app.ctx)).toEqual([]);
    await db.deleteFrom('users').where('username_key', '=', 'boss').execute();

    const badName = { ...t.app.ctx, config: { ...t.app.ctx.config, adminUsername: 'the boss' } };
    expect((await seedAdmin(badName))[0]).toContain('ADMIN_USERNAME');
    const lines = await seedAdmin(t.app.ctx);
    expect(lines).toHaveLength(1);
    const password = /^Admin login: boss \/ (\S+)$/.exec(lines[0]!)?.[1];
    expect(password).toBeTruthy();
    const res = await login('boss', password!);
    expect(res.status).toBe(200);
    expect(await roleOf(res.body.data.token)).toBe('admin');
    expect(await seedAdmin(t.app.ctx)).toEqual([]);

    await db.deleteFrom('users').where('username_key', '=', 'boss').execute();
    const chosen = 'chosen-admin-password';
    const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, adminPassword: chosen } };
    const told = await seedAdmin(ctx);
    expect(told).toEqual(['Admin login: boss / (the ADMIN_PASSWORD you set)']);
    expect((await login('boss', chosen)).status).toBe(200);
  });

  it('create-admin creates an admin with a given or generated password, or promotes a user', async () => {
    const given = await run(createAdminCommand, ['chief', '--password', 'chief-password']);
    expect(given).toEqual({ code: 0, text: 'Admin chief created.\n' });
    const chief = await login('chief', 'chief-password');
    expect(await roleOf(chief.body.data.token)).toBe('admin');

    const generated = await run(createAdminCommand, ['deputy']);
    expect(generated.code).toBe(0);
    const password = /^Admin login: deputy \/ (\S+)\n$/.exec(generated.text)?.[1];
    expect(password).toHaveLength(16);
    expect((await login('deputy', password!)).status).toBe(200);

    const reg = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'plain_user', password: 'plain-password' },
    });
    expect(await roleOf(reg.body.data.token)).toBe('user');
    const promoted = await run(createAdminCommand, ['Plain_User']);
    expect(promoted).toEqual({ code: 0, text: 'Plain_User is now an admin.\n' });
    expect(await roleOf(reg.body.data.token)).toBe('admin');

    expect((await run(createAdminCommand, [])).code).toBe(2);
    const badName = await run(createAdminCommand, ['x']);
    expect(badName.code).toBe(2);
    expect(badName.text).toContain('username');
    expect((await run(createAdminCommand, ['someone', '--password'])).code).toBe(2);
    const weak = await run(createAdminCommand, ['someone', '--password', 'short']);
    expect(weak.code).toBe(2);
    expect(weak.text).toContain('password');
  });

  it('reset-password sets a new password, signs out every device and lifts a lock', async () => {
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'forgetful', password: 'first-password' },
    });
    const a = (await login('forgetful', 'first-password')).body.data.token;
    const b = (await login('forgetful', 'first-password')).body.data.token;
    for (let i = 0; i < 10; i++) await login('forgetful', `wrong-${i}`);
    expect((await login('forgetful', 'first-password')).status).toBe(429);

    const reset = await run(resetPasswordCommand, ['forgetful']);
    expect(reset.code).toBe(0);
    const password = /^New password of forgetful: (\S+) /.exec(reset.text)?.[1];
    expect(password).toBeTruthy();
    for (const token of [a, b])
      expect((await call(t.app, { url: '/api/auth/getInfo', headers: bearer(token) })).status).toBe(
        401,
      );
    expect((await login('forgetful', 'first-password')).status).toBe(400);
    expect((await login('forgetful', password!)).status).toBe(200);

    const given = await run(resetPasswordCommand, ['forgetful', '--password=second-password']);
    expect(given.code).toBe(0);
    expect(given.text).not.toContain('second-password');
    expect((await login('forgetful', 'second-password')).status).toBe(200);

    const unknown = await run(resetPasswordCommand, ['nobody_here']);
    expect(unknown.code).toBe(1);
    expect(unknown.text).toContain('nobody_here');
  });
});
