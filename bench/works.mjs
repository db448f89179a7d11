// The public square's first page (`GET /api/works/square`, the /designerWork data call) at
// 10,000 published works and 100,000 likes: requests/s and p99 on SQLite and PostgreSQL, newest
// first and most liked first, with the query plans that show which index each order walks.
// Figures, not a test.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuilt, ensureInstalled, root, startBuiltServer } from '../scripts/lib.mjs';

const WORKS = Number(process.env.BENCH_WORKS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const LIKES_PER_USER = Number(process.env.BENCH_LIKES_PER_USER ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

await ensureInstalled();
await ensureBuilt({ web: false });
// Kysely's `sql` tag, as the server resolves it (the bench has no dependency of its own on it).
const { sql } = createRequire(path.join(root, 'server', 'package.json'))('kysely');
const dist = (file) => import(pathToFileURL(path.join(root, 'server', 'dist', file)).href);
const { createDb } = await dist('db/database.js');
const { migrateToLatest } = await dist('db/migrate.js');

async function insertMany(db, table, rows, batch = 500) {
  for (let i = 0; i < rows.length; i += batch)
    await db.kysely
      .insertInto(table)
      .values(rows.slice(i, i + batch))
      .execute();
}

/** USERS designers, WORKS published works (tasks + works + a tag each), and the likes. */
async function fill(db) {
  const t0 = Date.now();
  const base = Date.parse('2026-01-01T00:00:00Z');
  const iso = (ms) => new Date(ms).toISOString();
  await insertMany(
    db,
    'users',
    Array.from({ length: USERS }, (_, i) => ({
      kind: 'registered',
      role: 'user',
      username: `wb${i}`,
      username_key: `wb${i}`,
      created_at: iso(base),
      updated_at: iso(base),
    })),
  );
  const users = (await db.kysely.selectFrom('users').select('id').orderBy('id').execute()).map(
    (r) => r.id,
  );
  const file = (i) =>
    JSON.stringify([
      {
        key: `bench/${i}.png`,
        thumbKey: `bench/${i}-t.png`,
        width: 1024,
        height: 576,
        mime: 'image/png',
        size: 100_000,
      },
    ]);
  await insertMany(
    db,
    'tasks',
    Array.from({ length: WORKS }, (_, i) => ({
      user_id: users[i % users.length],
      kind: i % 5 === 0 ? 'chat-draw' : 'mj',
      action: 'imagine',
      prompt: `bench prompt number ${i}, a lighthouse by the sea`,
      params: JSON.stringify({ modelId: 1, flags: { seed: i, aspect: '16:9' } }),
      status: 3,
      progress: 100,
      files: file(i),
      run_after: base,
      deadline: base,
      created_at: iso(base + i * 1000),
      finished_at: iso(base + i * 1000 + 500),
    })),
  );
  const tasks = await db.kysely
    .selectFrom('tasks')
    .select(['id', 'user_id', 'kind'])
    .orderBy('id')
    .execute();
  await insertMany(
    db,
    'works',
    tasks.map((t, i) => ({
      id: t.id,
      user_id: t.user_id,
      kind: t.kind,
      title: `Work ${i}`,
      tags: JSON.stringify([`tag${i % 50}`]),
      is_public: 1,
      listed: 1,
      published_at: iso(base + i * 1000 + 600),
      created_at: iso(base + i * 1000 + 600),
      updated_at: iso(base + i * 1000 + 600),
    })),
  );
  await insertMany(
    db,
    'work_tags',
    tasks.map((t, i) => ({ work_id: t.id, tag: `tag${i % 50}` })),
  );
  const likes = [];
  for (const [u, userId] of users.entries())
    for (let j = 0; j < LIKES_PER_USER; j++)
      likes.push({
        type: 'like',
        target_type: 'work',
        target_id: tasks[(u * 97 + j * 13) % tasks.length].id,
        user_id: userId,
        created_at: iso(base),
      });
  await insertMany(db, 'reactions', likes, 1000);
  await db.kysely
    .updateTable('works')
    .set({
      like_count: sql`(select count(*) from reactions r where r.type = 'like' and r.target_type = 'work' and r.target_id = works.id)`,
    })
    .execute();
  return { seconds: (Date.now() - t0) / 1000, likes: likes.length };
}

async function plans(db) {
  const newest = `select id from works where listed = 1 order by published_at desc, id desc limit 24`;
  const liked = `select id from works where listed = 1 order by like_count desc, id desc limit 24`;
  const out = [];
  for (const [name, q] of [
    ['newest', newest],
    ['most liked', liked],
  ]) {
    const rows =
      db.dialect === 'postgres'
        ? (await sql.raw(`explain ${q}`).execute(db.kysely)).rows.map((r) => r['QUERY PLAN'])
        : (await sql.raw(`explain query plan ${q}`).execute(db.kysely)).rows.map((r) => r.detail);
    out.push(`  plan (${name}): ${rows.join(' | ')}`);
  }
  return out;
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(base, query, pid) {
  // One second first, unmeasured: the first list after the fill otherwise pays for the fill's
  // garbage and the JIT warming up.
  await autocannon({
    url: `${base}/api/works/square?${query}`,
    connections: CONNECTIONS,
    duration: 1,
  });
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({
    url: `${base}/api/works/square?${query}`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    // The server's CPU per answer: unlike req/s, it hardly moves with the machine's load.
    cpuUs: ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, r.requests.total),
    load: os.loadavg()[0],
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

async function run(label, db, dataDir, pgEnv = {}) {
  await migrateToLatest(db);
  const filled = await fill(db);
  await (db.dialect === 'postgres'
    ? sql`analyze`.execute(db.kysely)
    : sql`analyze`.execute(db.kysely));
  const first = await db.kysely
    .selectFrom('works')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('listed', '=', 1)
    .executeTakeFirstOrThrow();
  console.log(
    `\n${label}: ${WORKS} published works, ${filled.likes} likes (filled in ${filled.seconds.toFixed(1)} s); ${first.n} listed`,
  );
  for (const line of await plans(db)) console.log(line);
  await db.destroy();
  // The built server in a process of its own, as in production: the load generator does not
  // share its thread. Anonymous lists come from a 5 s cache (docs/works.md);
  // PUBLIC_CACHE_SECONDS=0 measures every request reaching the database.
  const server = await startBuiltServer(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_EXAMPLES: 'false',
      RATE_LIMIT_GLOBAL: '10000000',
      PUBLIC_CACHE_SECONDS: process.env.PUBLIC_CACHE_SECONDS ?? '5',
      ...pgEnv,
    },
    { dataDir },
  );
  const { base } = server;
  // The server's first seconds carry its start-up work (background jobs' first rounds, the JIT):
  // measured, the first list cost 280-420 µs of server CPU per answer against 55-60 µs for the
  // same list measured right after it. Three seconds of load before any list is measured.
  await autocannon({
    url: `${base}/api/works/square?page=1&size=24`,
    connections: CONNECTIONS,
    duration: 3,
  });
  for (const [name, q] of [
    ['newest   ', 'page=1&size=24'],
    ['most liked', 'page=1&size=24&sort=liked'],
    ['by tag    ', 'page=1&size=24&tag=tag7'],
  ]) {
    const m = await measure(base, q, server.pid);
    console.log(
      `  ${name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx/errors ${m.bad}, ` +
        `server CPU ${m.cpuUs.toFixed(0)} µs per answer, load ${m.load.toFixed(1)}`,
    );
  }
  server.stop();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-works-'));
const sqlite = createDb({ sqliteFile: path.join(dir, 'atelier.db') });
try {
  await run('SQLite (WAL, one file)', sqlite, dir);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const schema = `bench_works_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: PG_URL });
try {
  await admin.connect();
} catch (error) {
  console.log(`\nPostgreSQL: skipped (${PG_URL} unreachable: ${error.message})`);
  process.exit(0);
}
await admin.query(`create schema ${schema}`);
const postgres = createDb({ databaseUrl: PG_URL, databaseSchema: schema, poolSize: 10 });
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-works-pg-'));
try {
  await run('PostgreSQL', postgres, pgDir, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
} finally {
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  fs.rmSync(pgDir, { recursive: true, force: true });
}
