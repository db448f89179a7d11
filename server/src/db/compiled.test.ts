import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createUser, type TestUser } from '../test/users.js';
import { compiledOnce, compiledWith } from './compiled.js';

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

  it("never reads another transaction's uncommitted rows (SQLite reads skip Kysely's driver)", async () => {
    const db = t.app.ctx.db.kysely;
    const u = users[0]!;
    const nicknameOf = compiledOnce((d, id: number) =>
      d.selectFrom('users').select('nickname').where('id', '=', id),
    );
    const [before] = await nicknameOf(db, u.userId);
    let during: Promise<unknown> | undefined;
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ nickname: 'not committed' })
        .where('id', '=', u.userId)
        .execute();
      during = nicknameOf(db, u.userId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await during).toEqual([before]);
  });

  it('refuses a query that leaves a parameter out', async () => {
    const unused = compiledOnce((db, _id: number) => db.selectFrom('users').select('id'));
    await expect(unused(t.app.ctx.db.kysely, 1)).rejects.toThrow(/not in/);
  });
});

const rename = compiledWith((db, v: { id: number; name: string; note: string }) =>
  db
    .updateTable('users')
    .set({ nickname: v.name, updated_at: v.note })
    .where('id', '=', v.id)
    .where('role', '<>', 'admin')
    .returning(['id', 'nickname', 'updated_at']),
);

describe('compiledWith', () => {
  it('sends each call its own values, a constant kept, in and out of a transaction', async () => {
    const db = t.app.ctx.db.kysely;
    const [a, b] = users as [TestUser, TestUser];
    expect(
      await rename(db, { id: a.userId, name: 'first', note: '2026-01-01T00:00:00.000Z' }),
    ).toEqual([{ id: a.userId, nickname: 'first', updated_at: '2026-01-01T00:00:00.000Z' }]);
    expect(
      await db
        .transaction()
        .execute((trx) =>
          rename(trx, { id: b.userId, name: 'second', note: '2026-01-02T00:00:00.000Z' }),
        ),
    ).toEqual([{ id: b.userId, nickname: 'second', updated_at: '2026-01-02T00:00:00.000Z' }]);
    const row = await db
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(row.nickname).toBe('first');
  });

  it('refuses a statement that leaves a value out', async () => {
    const unused = compiledWith((db, _v: { id: number }) => db.selectFrom('users').select('id'));
    await expect(unused(t.app.ctx.db.kysely, { id: 1 })).rejects.toThrow(/not a parameter/);
  });
});
