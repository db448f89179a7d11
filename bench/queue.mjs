// Task queue benchmark: 1,000 tasks through a fake upstream that answers after 50 ms, with the
// provider limited to 10 at a time, on the embedded queue (SQLite) and on BullMQ (PostgreSQL +
// Redis). Prints tasks/s, the scheduling overhead per task, and whether every task settled and
// the books agree. Figures, not a test.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fork } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_PROVIDER_CONCURRENCY ?? 10);
const USERS = 10;
const PRICE = 5;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

await ensureInstalled();
await ensureBuilt({ web: false });
const dist = (file) => import(pathToFileURL(path.join(root, 'server', 'dist', file)).href);
const { createDb, nowIso } = await dist('db/database.js');
const { migrateToLatest } = await dist('db/migrate.js');
const { loadConfig } = await dist('config.js');
const { grant, ledgerCheck } = await dist('modules/credits/ledger.js');
const { createPrice } = await dist('modules/credits/prices.js');
const { createTask, engineOf, registerTaskKind } = await dist('modules/tasks/index.js');

// The fake upstream runs in a child process, as a real one runs elsewhere: its CPU is not the
// engine's. Every call answers after LATENCY ms; it reports how many ran at once (the peak).
const upstream = fork(fileURLToPath(new URL('./queue-upstream.mjs', import.meta.url)), [
  String(LATENCY),
]);
const upstreamPort = await new Promise((resolve) =>
  upstream.once('message', (m) => resolve(m.port)),
);
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
/** How many calls ran at once, and their mean time as the upstream saw it, since the last ask. */
const askUpstream = () =>
  new Promise((resolve) => {
    upstream.once('message', resolve);
    upstream.send('ask');
  });
// Round trips to PostgreSQL: every statement the server sends (begin and commit included)
// passes through pg's Client#query, the same module the server loads. Counted per task, they do
// not depend on the machine's load as times do.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  statements++;
  const t = performance.now();
  const r = query.apply(this, args);
  if (r && r.then)
    r.then(
      () => (globalThis.__q ??= []).push(performance.now() - t),
      () => {},
    );
  return r;
};
/** The time of one PostgreSQL round trip (`select 1`), sampled while the tasks run. */
async function sampleRoundTrips(client, until) {
  const times = [];
  while (!until()) {
    const t = performance.now();
    await client.query('select 1');
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { meanMs: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length), n: times.length };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const callUpstream = () =>
  new Promise((resolve, reject) => {
    const req = http.request(`${upstreamUrl}/generate`, { method: 'POST', agent }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });

/** Upstream calls answered: the end is near once every task has had its call. */
let calls = 0;
/** Resolves once every task has had its call (set for each run). */
let allCalled = () => {};
// Each submit's upstream call as the runner saw it (the HTTP round trip included): the engine's
// scheduling overhead is the time a slot spends outside these calls.
let callMs = [];
const benchRunner = {
  kind: 'bench',
  async submit() {
    const t = performance.now();
    await callUpstream();
    callMs.push(performance.now() - t);
    if (++calls === TASKS) allCalled();
    return { type: 'done', files: [] };
  },
  async poll() {
    return { type: 'done', files: [] };
  },
};

const silent = {
  info() {},
  warn() {},
  error: (o, m) => console.error(m, o),
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
};

async function run(label, db, env) {
  await migrateToLatest(db);
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: env.dataDir, ...env.vars },
    { tasks: { workers: 16, userLimit: 1000, idlePollMs: 200 } },
  );
  const ctx = { config, db, log: silent, taskRunners: new Map() };
  registerTaskKind(ctx, benchRunner);
  await createPrice(db.kysely, {
    model: 'bench',
    action: 'gen',
    category: 'image',
    label: 'Bench',
    credits: PRICE,
  });
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const now = nowIso();
    const row = await db.kysely
      .insertInto('users')
      .values({
        kind: 'registered',
        role: 'user',
        username: `qb${i}`,
        username_key: `qb${i}`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grant(db.kysely, {
      userId: row.id,
      amount: TASKS * PRICE,
      kind: 'admin_adjust',
      ref: 'bench',
      idempotencyKey: `qb:${row.id}`,
    });
    users.push(row.id);
  }
  await askUpstream(); // resets its counts
  callMs = [];
  calls = 0;
  // Created first, 20 at a time (the API's side), then the workers start on a full queue.
  const t0 = performance.now();
  const ids = [];
  const createOne = async (i) => {
    const task = await createTask(ctx, {
      userId: users[i % USERS],
      kind: 'bench',
      action: 'gen',
      prompt: `task ${i}`,
      params: {},
      priceKey: 'bench:gen',
      providerId: 1,
      providerLimit: CONCURRENCY,
    });
    ids.push(task.id);
  };
  for (let i = 0; i < TASKS; i += 20)
    await Promise.all(Array.from({ length: Math.min(20, TASKS - i) }, (_, j) => createOne(i + j)));
  const created = performance.now();
  const engine = engineOf(ctx);
  await engine.start();
  const t1 = performance.now();
  const cpu0 = process.cpuUsage();
  let done = false;
  const roundTrip = env.probe ? sampleRoundTrips(env.probe, () => done) : null;
  const statements0 = statements;
  // The end: once the runner has made the last task's upstream call (it says so: no query, and
  // no polling, which added up to 20 ms to the time), the queue is read every 2 ms until no
  // task is left. Reading it all along (every 10 ms, as before) put 100 queries a second of the
  // bench's own beside the engine's on the same 2 cores.
  // (A task that never gets its call fails or is lost: the count of the end says so.)
  let giveUp;
  await new Promise((resolve) => {
    allCalled = resolve;
    giveUp = setTimeout(resolve, 300_000);
    if (calls >= TASKS) resolve();
  });
  clearTimeout(giveUp);
  let looks = 0;
  for (;;) {
    looks++;
    const left = await db.kysely
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', 'in', [1, 2])
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) break;
    await new Promise((r) => setTimeout(r, 2));
  }
  const seconds = (performance.now() - t1) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const sent = statements - statements0;
  done = true;
  const roundTrips = await roundTrip;
  // The engine's statements: less this loop's own looks at the queue and the samples.
  const perTask = (sent - looks - (roundTrips?.n ?? 0)) / TASKS;
  await engine.stop();
  const { peak, meanMs: upstreamOwn } = await askUpstream();
  const meanCall = callMs.reduce((a, b) => a + b, 0) / callMs.length;
  const rows = await db.kysely.selectFrom('tasks').select(['status']).execute();
  const succeeded = rows.filter((r) => Number(r.status) === 3).length;
  const differences = await ledgerCheck(db.kysely);
  const balances = await db.kysely
    .selectFrom('credit_balances')
    .select(['credits'])
    .where('user_id', 'in', users)
    .execute();
  const charged = balances.reduce((s, b) => s + (TASKS * PRICE - Number(b.credits)), 0);
  const ideal = (TASKS * LATENCY) / CONCURRENCY / 1000;
  const perSlotMs = ((seconds * CONCURRENCY) / TASKS) * 1000;
  console.log(
    `\n${label}: ${TASKS} tasks, upstream ${LATENCY} ms, provider concurrency ${CONCURRENCY}`,
  );
  console.log(
    `  created (hold + insert)    ${(TASKS / ((created - t0) / 1000)).toFixed(0)} tasks/s`,
  );
  console.log(
    `  throughput                 ${(TASKS / seconds).toFixed(1)} tasks/s (${seconds.toFixed(2)} s; ideal ${ideal.toFixed(2)} s)`,
  );
  console.log(
    `  upstream call              ${meanCall.toFixed(1)} ms mean as the runner saw it (${upstreamOwn.toFixed(1)} inside the upstream; nominal ${LATENCY})`,
  );
  console.log(
    `  scheduling overhead        ${(perSlotMs - meanCall).toFixed(2)} ms per task per provider slot, outside the upstream calls`,
  );
  console.log(
    `  … with the loopback HTTP   ${(perSlotMs - upstreamOwn).toFixed(2)} ms (${(perSlotMs - LATENCY).toFixed(1)} over the nominal ${LATENCY} ms)`,
  );
  console.log(
    `  CPU of this process        ${((cpu.user + cpu.system) / 1000 / TASKS).toFixed(2)} ms per task`,
  );
  if (roundTrips)
    console.log(
      `  PostgreSQL                 ${perTask.toFixed(1)} statements per task; one round trip took ${roundTrips.meanMs.toFixed(2)} ms mean meanwhile`,
    );
  const st = (a) => {
    if (!a?.length) return 'none';
    const s = [...a].sort((x, y) => x - y);
    return `n=${s.length} mean ${(s.reduce((x, y) => x + y, 0) / s.length).toFixed(2)} p50 ${s[s.length >> 1].toFixed(2)} p90 ${s[Math.floor(s.length * 0.9)].toFixed(2)}`;
  };
  console.log('  handover', st(globalThis.__hand));
  console.log('  pg query', st(globalThis.__q));
  globalThis.__hand = [];
  globalThis.__q = [];
  console.log(`  peak upstream concurrency  ${peak} (limit ${CONCURRENCY})`);
  console.log(
    `  settled                    ${succeeded}/${TASKS} succeeded, ${TASKS - succeeded} lost or failed`,
  );
  console.log(`  credits charged            ${charged} (expected ${succeeded * PRICE})`);
  console.log(
    `  ledger check               ${differences.length === 0 ? 'every balance equals its ledger' : `${differences.length} DIFFERENCES`}`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-queue-'));
const sqlite = createDb({ sqliteFile: path.join(dir, 'atelier.db') });
try {
  await run('Embedded queue (SQLite)', sqlite, { dataDir: dir, vars: {} });
} finally {
  await sqlite.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

const schema = `bench_queue_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: PG_URL });
let reachable = true;
try {
  await admin.connect();
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  redis.disconnect();
} catch (error) {
  reachable = false;
  console.log(`\nBullMQ: skipped (PostgreSQL or Redis unreachable: ${error.message})`);
}
if (reachable) {
  await admin.query(`create schema ${schema}`);
  const postgres = createDb({ databaseUrl: PG_URL, databaseSchema: schema, poolSize: 10 });
  const probe = new pg.Client({ connectionString: PG_URL });
  await probe.connect();
  const pdir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-queue-'));
  try {
    await run('BullMQ queue (PostgreSQL + Redis)', postgres, {
      dataDir: pdir,
      probe,
      vars: {
        DATABASE_URL: PG_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL,
        REDIS_PREFIX: `${schema}:`,
      },
    });
  } finally {
    await probe.end();
    await postgres.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    fs.rmSync(pdir, { recursive: true, force: true });
  }
}
await admin.end().catch(() => {});
upstream.kill();
agent.destroy();
