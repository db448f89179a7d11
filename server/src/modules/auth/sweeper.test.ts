import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../http/identity.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startAccountSweeper, sweepAccounts } from './sweeper.js';

describe('account sweeper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('deletes ended sessions, old failures and lifted locks, and keeps the rest', async () => {
    const db = t.app.ctx.db.kysely;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'sweepme', password: 'sweep-password' },
    });
    expect(reg.statusCode).toBe(200);
    const userId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', 'sweepme')
        .executeTakeFirstOrThrow()
    ).id;
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken('ended-session'),
        device_name: 'Old phone',
        user_agent: '',
        ip: '127.0.0.1',
        created_at: ago(90),
        last_seen_at: ago(60),
        expires_at: ago(1),
      })
      .execute();
    await db
      .insertInto('login_failures')
      .values([
        { account_key: 'name:old', ip: '127.0.0.1', created_at: ago(16) },
        { account_key: 'name:recent', ip: '127.0.0.1', created_at: ago(14) },
      ])
      .execute();
    await db
      .insertInto('account_locks')
      .values([
        { account_key: 'name:lifted', locked_until: ago(1) },
        { account_key: 'name:locked', locked_until: ago(-10) },
      ])
      .execute();

    await db
      .insertInto('guest_origins')
      .values([{ user_id: userId, ip: '127.0.0.1', day: '2000-01-01', created_at: ago(3 * 1440) }])
      .execute();

    expect(await sweepAccounts(db)).toBe(4);
    expect(await db.selectFrom('guest_origins').select('user_id').execute()).toEqual([]);
    const sessions = await db
      .selectFrom('sessions')
      .select('device_name')
      .where('user_id', '=', userId)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.device_name).not.toBe('Old phone');
    expect(
      (await db.selectFrom('login_failures').select('account_key').execute()).map(
        (r) => r.account_key,
      ),
    ).toEqual(['name:recent']);
    expect(
      (await db.selectFrom('account_locks').select('account_key').execute()).map(
        (r) => r.account_key,
      ),
    ).toEqual(['name:locked']);
    expect(await sweepAccounts(db)).toBe(0);
  });

  it('runs in the background until stopped', async () => {
    const db = t.app.ctx.db.kysely;
    await db
      .insertInto('account_locks')
      .values({ account_key: 'name:bg', locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const task = startAccountSweeper(t.app.ctx, 20);
    const deadline = Date.now() + 25_000;
    while (Date.now() < deadline) {
      const left = await db
        .selectFrom('account_locks')
        .select('account_key')
        .where('account_key', '=', 'name:bg')
        .execute();
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await task.stop();
    expect(
      await db
        .selectFrom('account_locks')
        .select('account_key')
        .where('account_key', '=', 'name:bg')
        .execute(),
    ).toEqual([]);
  });
});
