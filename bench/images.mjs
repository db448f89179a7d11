// Images benchmark: pictures per second through the `image` kind (DALL·E / gpt-image) on the
// task engine — with the offline demo (real painting with sharp, stored with a thumbnail) and
// through a fake OpenAI images upstream answering a small base64 PNG after 50 ms — plus the
// scheduling overhead per task, on the embedded queue (SQLite) and on BullMQ (PostgreSQL +
// Redis). The whole app runs (real runner, storage, thumbnails, holds). Figures, not a test.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';

const DEMO_TASKS = Number(process.env.BENCH_DEMO_TASKS ?? 30);
const FAKE_TASKS = Number(process.env.BENCH_TASKS ?? 200);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_PROVIDER_CONCURRENCY ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

await ensureInstalled();
await ensureBuilt({ web: false });
const dist = (file) => import(pathToFileURL(path.join(root, 'server', 'dist', file)).href);
const { createDb } = await dist('db/database.js');
const { loadConfig } = await dist('config.js');
const { buildApp } = await dist('app.js');
const { prepareDatabase } = await dist('boot.js');
const { grant, ledgerCheck } = await dist('modules/credits/ledger.js');
const { createTask, engineOf } = await dist('modules/tasks/index.js');
const { createProvider } = await dist('modules/providers/providers.js');
const { createModel } = await dist('modules/chat/index.js');
const { sharp } = await dist('lib/sharp.js');

// The fake upstream: `POST /v1/images/generations` answers one 256×256 PNG as b64_json after LATENCY ms.
const png = (
  await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer()
).toString('base64');
let inFlight = 0;
let peak = 0;
const upstream = http.createServer((req, res) => {
  inFlight++;
  peak = Math.max(peak, inFlight);
  req.resume();
  setTimeout(() => {
    inFlight--;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: 1, data: [{ b64_json: png }] }));
  }, LATENCY);
});
await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
const upstreamUrl = `http://127.0.0.1:${upstream.address().port}/v1`;

async function appOn(env) {
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: env.dataDir,
      TASK_RUN_IN_API: 'true',
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      ...env.vars,
    },
    { tasks: { workers: 16, userLimit: 1000, idlePollMs: 200 }, drawing: { demoStepMs: 1 } },
  );
  const db = createDb({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    sqliteFile: path.join(env.dataDir, 'atelier.db'),
    poolSize: 10,
  });
  const app = await buildApp(config, {
    db,
    logStream: new Writable({ write: (_c, _e, done) => done() }),
  });
  await prepareDatabase(app.ctx);
  await app.ready();
  return { app, db };
}

async function measure(ctx, label, model, count, latency) {
  const user = await ctx.db.kysely
    .insertInto('users')
    .values({
      kind: 'registered',
      role: 'user',
      username: `ib${label.length}${count}`,
      username_key: `ib${label.length}${count}`,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grant(ctx.db.kysely, {
    userId: user.id,
    amount: count * 100,
    kind: 'admin_adjust',
    ref: 'bench',
    idempotencyKey: `ib:${user.id}`,
  });
  peak = 0;
  const engine = engineOf(ctx);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < count; i += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, (_, j) =>
        createTask(ctx, {
          userId: user.id,
          kind: 'image',
          action: 'generate',
          prompt: `a bench picture number ${i + j}`,
          params: {
            modelId: model.id,
            seed: i + j + 1,
            form: { modelId: model.id, size: '1024x1024', images: [] },
            maskUrl: null,
          },
          priceKey: model.price_key,
          providerId: model.provider_id,
          providerLimit: CONCURRENCY,
        }),
      ),
    );
  await engine.start();
  for (;;) {
    const left = await ctx.db.kysely
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', user.id)
      .where('status', 'in', [1, 2])
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const rows = await ctx.db.kysely
    .selectFrom('tasks')
    .select(['status'])
    .where('user_id', '=', user.id)
    .execute();
  const ok = rows.filter((r) => Number(r.status) === 3).length;
  console.log(
    `  ${label.padEnd(24)} ${(count / seconds).toFixed(2).padStart(7)} images/s  (${count} in ${seconds.toFixed(2)} s, ${ok}/${count} succeeded)`,
  );
  console.log(
    `  ${''.padEnd(24)} CPU of this process ${((cpu.user + cpu.system) / 1000 / count).toFixed(1)} ms per image`,
  );
  if (latency !== null) {
    const overhead = ((seconds * CONCURRENCY) / count) * 1000 - latency;
    console.log(
      `  ${''.padEnd(24)} scheduling + storing overhead ${overhead.toFixed(1)} ms per task per slot; peak upstream ${peak} (limit ${CONCURRENCY})`,
    );
  }
}

async function run(label, env) {
  const { app, db } = await appOn(env);
  const ctx = app.ctx;
  console.log(`\n${label}: provider concurrency ${CONCURRENCY}`);
  try {
    const demo = await db.kysely
      .selectFrom('chat_models')
      .selectAll()
      .where('upstream_model', '=', 'demo-dalle')
      .executeTakeFirstOrThrow();
    await measure(
      ctx,
      'offline demo (1024 px)',
      { ...demo, provider_id: demo.provider_id },
      DEMO_TASKS,
      null,
    );
    const provider = await createProvider(ctx, {
      name: 'bench-openai',
      protocol: 'openai',
      baseUrl: upstreamUrl,
      apiKey: 'sk-bench',
      concurrency: CONCURRENCY,
    });
    const model = await createModel(ctx, {
      name: 'bench gpt-image',
      upstreamModel: 'gpt-image-1',
      providerId: provider.id,
      kind: 'image',
      priceKey: 'demo-dalle:generate',
    });
    await measure(ctx, `fake upstream ${LATENCY} ms`, model, FAKE_TASKS, LATENCY);
    const differences = await ledgerCheck(db.kysely);
    console.log(
      `  ledger check             ${differences.length === 0 ? 'every balance equals its ledger' : `${differences.length} DIFFERENCES`}`,
    );
  } finally {
    await app.close();
    await db.destroy();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-images-'));
try {
  await run('Embedded queue (SQLite)', { dataDir: dir, vars: {} });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

const schema = `bench_images_${Date.now().toString(36)}`;
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
  const pdir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-images-'));
  try {
    await run('BullMQ queue (PostgreSQL + Redis)', {
      dataDir: pdir,
      vars: {
        DATABASE_URL: PG_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL,
        REDIS_PREFIX: `${schema}:`,
      },
    });
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    fs.rmSync(pdir, { recursive: true, force: true });
  }
}
await admin.end().catch(() => {});
upstream.close();
