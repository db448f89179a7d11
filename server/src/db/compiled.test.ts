import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createUser, type TestUser } from '../test/users.js';
import { compiledOnce } from './compiled.js';

/** Hot queries compiled once (compiled.ts) answer what the query built each time answers. */
let t: TestApp;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  users = [await createUser(t.app), await createUser(t.app)];
});
afterAll(async () => t.close());

const byIdAndKind = compiledOnce((db, id: number, kind: 'guest' | 'registered') =>
  db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('role', '<>', 'admin'),
);

describe('compiledOnce', () => {
  it('answers as the built query for each call, in and out of a transaction', async () => {
    const db = t.app.ctx.db.kysely;
    for (const u of users) {
      const built = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', '=', u.userId)
        .where('kind', '=', 'registered')
        .where('role', '<>', 'admin')
        .execute();
      expect(built).toHaveLength(1);
      expect(await byIdAndKind(db, u.userId, 'registered')).toEqual(built);
      expect(
        await db.transaction().execute((trx) => byIdAndKind(trx, u.userId, 'registered')),
      ).toEqual(built);
      expect(await byIdAndKind(db, u.userId, 'guest')).toEqual([]);
    }
  });

  it('refuses a query that leaves a parameter out', async () => {
    const unused = compiledOnce((db, _id: number) => db.selectFrom('users').select('id'));
    await expect(unused(t.app.ctx.db.kysely, 1)).rejects.toThrow(/not in/);
  });
});
