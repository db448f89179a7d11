import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { WrongTries } from './wrong-tries.js';

describe('WrongTries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('counts the tries of the window by the key that tried most, and forgets on clear', async () => {
    const db = t.app.ctx.db.kysely;
    const tries = new WrongTries('redeem_failures', 60_000);
    const now = Date.now();
    await tries.record(db, { user_id: 1, ip: '10.0.0.1' }, now - 120_000); // outside the window
    await tries.record(db, { user_id: 1, ip: '10.0.0.1' }, now - 1000);
    await tries.record(db, { user_id: 2, ip: '10.0.0.1' }, now - 500);
    await tries.record(db, { user_id: 2, ip: '10.0.0.1' }, now - 100);
    expect(await tries.count(db, { user_id: 1 }, now)).toBe(1);
    // The address tried three times within the window, whichever account it used.
    expect(await tries.count(db, { user_id: 1, ip: '10.0.0.1' }, now)).toBe(3);
    expect(await tries.count(db, { user_id: 3, ip: '10.0.0.9' }, now)).toBe(0);
    // Later, the early tries leave the window.
    expect(await tries.count(db, { ip: '10.0.0.1' }, now + 59_800)).toBe(1);
    await tries.clear(db, 'ip', '10.0.0.1');
    expect(await tries.count(db, { user_id: 2, ip: '10.0.0.1' }, now)).toBe(0);
  });

  it('works the same on the sign-in table', async () => {
    const db = t.app.ctx.db.kysely;
    const tries = new WrongTries('login_failures', 60_000);
    await tries.record(db, { account_key: 'name:zoe', ip: '10.0.0.2' });
    await tries.record(db, { account_key: 'name:zoe', ip: '10.0.0.3' });
    expect(await tries.count(db, { account_key: 'name:zoe' })).toBe(2);
    await tries.clear(db, 'account_key', 'name:zoe');
    expect(await tries.count(db, { account_key: 'name:zoe' })).toBe(0);
  });
});
