// Credits benchmark: hold + settle throughput of the ledger on SQLite and on PostgreSQL.
// N concurrent users each run hold(5) → settle(3) in a loop for a few seconds, straight
// against the built ledger module (no HTTP), then the books are checked. Figures, not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

await ensureInstalled();
await ensureBuilt({ web: false });
const dist = (file) => import(pathToFileURL(path.join(root, 'server', 'dist', file)).href);
const { createDb, nowIso } = await dist('db/database.js');
const { migrateToLatest } = await dist('db/migrate.js');
const { grant, hold, settle, ledgerCheck } = await dist('modules/credits/ledger.js');

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const ms = (n) => `${n.toFixed(2)} ms`;

async function createUsers(db) {
  const ids = [];
  for (let i = 0; i < USERS; i++) {
    const now = nowIso();
    const row = await db.kysely
      .insertInto('users')
      .values({
        kind: 'registered',
        role: 'user',
        username: `bench${i}`,
        username_key: `bench${i}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grant(db.kysely, {
      userId: row.id,
      amount: 1_000_000_000,
      kind: 'admin_adjust',
      ref: 'bench',
      idempotencyKey: `bench:${row.id}`,
    });
    ids.push(row.id);
  }
  return ids;
}

async function run(label, db) {
  await migrateToLatest(db);
  const users = await createUsers(db);
  const holdTimes = [];
  const settleTimes = [];
  const deadline = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    users.map(async (userId) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const { holdId } = await hold(db.kysely, { userId, amount: 5, ref: 'bench' });
        const t1 = performance.now();
        await settle(db.kysely, { holdId, actualAmount: 3 });
        const t2 = performance.now();
        holdTimes.push(t1 - t0);
        settleTimes.push(t2 - t1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const differences = await ledgerCheck(db.kysely);
  holdTimes.sort((a, b) => a - b);
  settleTimes.sort((a, b) => a - b);
  const pairs = holdTimes.length;
  console.log(`\n${label}: ${USERS} concurrent users, ${DURATION} s`);
  console.log(`  hold+settle pairs/s  ${(pairs / seconds).toFixed(0)} (${pairs} pairs)`);
  console.log(`  ledger operations/s  ${((pairs * 2) / seconds).toFixed(0)}`);
  console.log(
    `  hold    p50 ${ms(percentile(holdTimes, 50))}   p99 ${ms(percentile(holdTimes, 99))}`,
  );
  console.log(
    `  settle  p50 ${ms(percentile(settleTimes, 50))}   p99 ${ms(percentile(settleTimes, 99))}`,
  );
  console.log(
    `  ledger check: ${differences.length === 0 ? 'every balance equals its ledger' : `${differences.length} DIFFERENCES`}`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-credits-'));
const sqlite = createDb({ sqliteFile: path.join(dir, 'atelier.db') });
try {
  await run('SQLite (WAL, one file)', sqlite);
} finally {
  await sqlite.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

const schema = `bench_credits_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: PG_URL });
try {
  await admin.connect();
} catch (error) {
  console.log(`\nPostgreSQL: skipped (${PG_URL} unreachable: ${error.message})`);
  process.exit(0);
}
await admin.query(`create schema ${schema}`);
const postgres = createDb({ databaseUrl: PG_URL, databaseSchema: schema, poolSize: 10 });
try {
  await run('PostgreSQL (pool of 10)', postgres);
} finally {
  await postgres.destroy();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
