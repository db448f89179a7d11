import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database.js';
import { testDatabaseUrl, testDialect } from '../test/harness.js';

/*
 * PostgreSQL connections keep the statements they run parsed (named prepared statements), at
 * most a bounded number each; the answers are the same as unnamed statements give.
 */
describe.skipIf(testDialect !== 'postgres')('named statements on PostgreSQL', () => {
  let db: Db;
  beforeAll(() => {
    db = createDb({ databaseUrl: testDatabaseUrl, poolSize: 1 });
  });
  afterAll(async () => db.destroy());

  const prepared = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(
        db.kysely,
      )
    ).rows[0]!.n;

  it('reuses a statement it ran before, and answers with the new values', async () => {
    const run = (v: number) =>
      sql<{ v: number }>`select ${v}::int + 1 as v, 'the same text every time' as t`.execute(
        db.kysely,
      );
    expect((await run(1)).rows[0]!.v).toBe(2);
    const before = await prepared();
    expect(before).toBeGreaterThan(0);
    expect((await run(41)).rows[0]!.v).toBe(42);
    expect(await prepared()).toBe(before);
  });

  it('keeps at most 200 per connection, the least recent deallocated, inside transactions too', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 260; i++) {
        const text = sql.raw(`'distinct statement number ${i}'`);
        const { rows } = await sql<{ v: number }>`select ${i}::int as v, ${text} as t`.execute(trx);
        expect(rows[0]!.v).toBe(i);
      }
    });
    expect(await prepared()).toBeLessThanOrEqual(200);
    expect(await prepared()).toBeGreaterThan(150);
  });

  it('a statement that fails to parse is not taken as parsed', async () => {
    const broken = sql`select ${1}::int as v from no_such_table_here`;
    await expect(broken.execute(db.kysely)).rejects.toThrow(/no_such_table_here/);
    await expect(broken.execute(db.kysely)).rejects.toThrow(/no_such_table_here/);
  });
});
