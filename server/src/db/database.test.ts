import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './database.js';
import { isOutage } from '../lib/outage.js';
import { testDatabaseUrl, testDialect } from '../test/harness.js';
import { freePort } from '../../test/ports.js';

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

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

/*
 * Connections lost under the pool (a restart, a failover, pg_terminate_backend, a proxy's idle
 * timeout): the process lives on, the loss is written once, the next query gets a new
 * connection. Only this test's own connections are terminated (by their application_name):
 * the shared server's other sessions are left alone.
 */
describe.skipIf(testDialect !== 'postgres')('lost connections on PostgreSQL', () => {
  const name = `atelier-lost-${process.pid}-${Date.now().toString(36)}`;
  const lines: string[] = [];
  let db: Db;
  let admin: pg.Client;
  beforeAll(async () => {
    const url = new URL(testDatabaseUrl);
    url.searchParams.set('application_name', name);
    db = createDb({ databaseUrl: url.toString(), poolSize: 3 });
    db.reportTo!({
      warn: (_details, message) => lines.push(`warn: ${message}`),
      info: (_details, message) => lines.push(`info: ${message}`),
    });
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await db.destroy();
    await admin.end();
  });

  const terminate = async () =>
    (
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [name],
      )
    ).rowCount;
  const one = async () => (await sql<{ v: number }>`select 1 as v`.execute(db.kysely)).rows[0]!.v;

  it('survives its idle connections terminated, says so once, and connects again', async () => {
    // Three connections open at once, then idle in the pool.
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db.kysely)));
    expect(await terminate()).toBe(3);
    await until(async () => lines.length > 0, 30_000, 'the loss to be written');
    // A query may still meet a connection whose end the pool has not read yet (it fails, as
    // a request would with a 503); the pool then opens new ones.
    await until(
      () =>
        one().then(
          (v) => v === 1,
          () => false,
        ),
      10_000,
      'a query to succeed',
    );
    expect(lines).toEqual([
      'warn: database unreachable: requests that need it answer 503 until it is back',
      'info: database reachable again',
    ]);
  });

  it('fails the transaction whose connection is terminated, as an outage, and goes on', async () => {
    lines.length = 0;
    const failed = db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      // Checked out, between two statements: its connection goes away.
      await terminate();
      // Until the client has read its connection's end (its 'error', written as the outage).
      await until(async () => lines.length > 0, 30_000, 'the loss to be read');
      await sql`select 2`.execute(trx);
    });
    const error = await failed.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isOutage(error)).toBe(true);
    await until(
      () =>
        one().then(
          (v) => v === 1,
          () => false,
        ),
      10_000,
      'a query to succeed',
    );
    expect(lines).toContain(
      'warn: database unreachable: requests that need it answer 503 until it is back',
    );
  });
});

describe('an unreachable PostgreSQL server', () => {
  it('fails each query at once, as an outage, and says so once', async () => {
    const port = await freePort(); // nothing listens there
    const db = createDb({ databaseUrl: `postgres://root@127.0.0.1:${port}/none`, poolSize: 2 });
    const warnings: string[] = [];
    db.reportTo!({ warn: (_d, m) => warnings.push(m), info: () => undefined });
    try {
      const started = Date.now();
      for (let i = 0; i < 3; i++) {
        const error = await sql`select 1`.execute(db.kysely).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isOutage(error)).toBe(true);
      }
      await expect(db.ping()).rejects.toThrow(/ECONNREFUSED/);
      // Nothing ever listens there: a generous bound still tells "at once" from retrying.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(warnings).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});

describe.skipIf(testDialect !== 'postgres')('the statement bound on PostgreSQL', () => {
  it('has the server cancel a statement past it (a 503); the connection goes on', async () => {
    const db = createDb({ databaseUrl: testDatabaseUrl, poolSize: 1, statementTimeoutMs: 200 });
    try {
      const error = await sql`select pg_sleep(5)`.execute(db.kysely).then(
        () => null,
        (e: unknown) => e,
      );
      // 57014: cancelled by statement_timeout; answered as an outage (503, try again).
      expect((error as { code?: string }).code).toBe('57014');
      expect(isOutage(error)).toBe(true);
      expect((await sql<{ v: number }>`select 1 as v`.execute(db.kysely)).rows[0]!.v).toBe(1);
      // Migrations run without it.
      const unbounded = db.unbounded!();
      try {
        await sql`select pg_sleep(0.4)`.execute(unbounded.kysely);
      } finally {
        await unbounded.destroy();
      }
    } finally {
      await db.destroy();
    }
  });
});

/**
 * A PostgreSQL server that lets clients in and then never answers a query: a server frozen
 * (stalled on its disk) or a network that drops packets without closing anything. It speaks
 * the protocol's start only (https://www.postgresql.org/docs/current/protocol-flow.html):
 * AuthenticationOk and ReadyForQuery after the startup message, then silence.
 */
async function startSilentPostgres() {
  const sockets = new Set<net.Socket>();
  let opened = 0;
  let closed = 0;
  const server = net.createServer((socket) => {
    opened++;
    sockets.add(socket);
    socket.once('close', () => {
      closed++;
      sockets.delete(socket);
    });
    socket.on('error', () => undefined);
    socket.once('data', () => {
      const ok = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]); // 'R', length 8, AuthenticationOk
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // 'Z', length 5, idle
      socket.write(Buffer.concat([ok, ready]));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://root@127.0.0.1:${port}/none`,
    counts: () => ({ opened, closed }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('a PostgreSQL server that answers nothing', () => {
  it('fails a query after the bound, drops its connection, then fails at once until it answers', async () => {
    const silent = await startSilentPostgres();
    const db = createDb({ databaseUrl: silent.url, poolSize: 2, statementTimeoutMs: 300 });
    const warnings: string[] = [];
    db.reportTo!({ warn: (_d, m) => warnings.push(m), info: () => undefined });
    const failure = () =>
      sql`select 1`.execute(db.kysely).then(
        () => null,
        (e: unknown) => e,
      );
    try {
      let started = Date.now();
      expect(isOutage(await failure())).toBe(true);
      // 300 ms and the grace of 500 ms; a generous bound still tells it from no bound.
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(700);
      expect(took).toBeLessThan(5000);
      // Known to be away: the next queries fail at once, while one connection at a time
      // tries whether it is back.
      started = Date.now();
      for (let i = 0; i < 3; i++) {
        const error = await failure();
        expect(isOutage(error)).toBe(true);
        expect((error as { code?: string }).code).toBe('57P03');
      }
      expect(Date.now() - started).toBeLessThan(500);
      // The silent connection was dropped, and so was the probe's, not kept for a next query.
      await until(async () => silent.counts().closed >= 2, 5000, 'silent connections dropped');
      expect(warnings).toHaveLength(1);
    } finally {
      await db.destroy();
      await silent.close();
    }
  });
});
