import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { buildApp } from '../src/app.js';
import { createDb } from '../src/db/database.js';
import { createTestApp, testDialect, type TestApp } from '../src/test/harness.js';
import { createUser } from '../src/test/users.js';
import { ledgerCheck } from '../src/modules/credits/ledger.js';
import { createPrice } from '../src/modules/credits/prices.js';
import { createTask } from '../src/modules/tasks/service.js';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai.js';
import { startJobUpstream, type JobUpstream } from './fakes/jobs.js';
import { FAKE_KIND, FAKE_PRICE, ensureFakePrice, fund, until } from './task-support.js';
import { kill9, ready } from './worker-process.js';

/*
 * Several instances on one PostgreSQL schema and one Redis prefix (docs/scaling.md): two API
 * instances (two apps with separate memories: every count they share goes through Redis or
 * the database) and two worker processes. Only with TEST_DB=postgres.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let t: TestApp;
let other: FastifyInstance;
let otherDb: ReturnType<typeof createDb>;
let fake: FakeOpenAI;
let up: JobUpstream;
let configDir: string;
const children: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const c = t.app.ctx.config;
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(here, 'task-worker-entry.ts')],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: c.dataDir,
        SECRET_KEY: c.secretKey,
        TASK_WORKERS: '4',
        TASK_LEASE_MS: '600',
        TASK_IDLE_POLL_MS: '200',
        TASK_BACKOFF_MS: '20',
        TASK_STEP_TIMEOUT_MS: '3000',
        DATABASE_URL: c.databaseUrl,
        DATABASE_SCHEMA: c.databaseSchema,
        REDIS_URL: c.redisUrl,
        REDIS_PREFIX: c.redisPrefix,
      },
      cwd: path.join(here, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const chat = (app: FastifyInstance, token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/chatgpt/chat-process',
    headers: { 'x-lang': 'en-US', authorization: `Bearer ${token}` },
    payload: payload as InjectOptions['payload'],
  });

describe.runIf(testDialect === 'postgres')('two API instances and two workers', () => {
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.slowMs = 150;
    up = await startJobUpstream({ durationMs: 80 });
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-multi-'));
    const file = path.join(configDir, 'atelier.yaml');
    fs.writeFileSync(
      file,
      [
        'providers:',
        '  - name: fake',
        '    protocol: openai',
        `    baseUrl: ${fake.url}`,
        '    apiKey: sk-fake-provider-key',
        '    timeoutMs: 10000',
        'models:',
        '  - name: Slow',
        '    provider: fake',
        '    upstreamModel: fake-slow',
        '    priceKey: fake-chat:chat',
        '    contextWindow: 4096',
        '    maxOutput: 500',
      ].join('\n'),
    );
    // This process's two apps only answer requests: the workers are the child processes.
    t = await createTestApp({
      env: { ATELIER_CONFIG: file },
      config: { tasks: { runInApi: false } },
    });
    const c = t.app.ctx.config;
    otherDb = createDb({ databaseUrl: c.databaseUrl, databaseSchema: c.databaseSchema });
    other = await buildApp(c, { db: otherDb, logStream: new PassThrough() });
    await other.ready();
    await ensureFakePrice(t.app);
    await createPrice(t.app.ctx.db.kysely, {
      model: 'fake-chat',
      action: 'chat',
      category: 'chat',
      label: 'Fake chat',
      unit: '1k_tokens',
      inputPer1k: 100,
      outputPer1k: 200,
    });
  }, 60_000);

  afterAll(async () => {
    for (const c of children.splice(0)) await kill9(c);
    await other?.close();
    await otherDb?.destroy();
    await t?.close();
    await fake?.close();
    await up?.close();
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('holds one limit of chat answers per user across both API instances', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 100_000);
    const model = await t.app.ctx.db.kysely
      .selectFrom('chat_models')
      .select('id')
      .where('name', '=', 'Slow')
      .executeTakeFirstOrThrow();
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/group/create',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {},
    });
    const groupId = (group.json() as { data: { id: number } }).data.id;
    const body = { gptModelId: model.id, prompt: 'slow', options: { groupId } };
    const seen = fake.requests.length;
    // The limit is 2 (CHAT_USER_CONCURRENCY): one answer on each instance.
    const first = chat(t.app, user.token, body);
    const second = chat(other, user.token, body);
    await until(async () => fake.requests.length >= seen + 2, 10_000, 'two answers streaming');
    const [third, fourth] = await Promise.all([
      chat(other, user.token, body),
      chat(t.app, user.token, body),
    ]);
    // In process memory each instance would have allowed one more.
    expect([third.statusCode, fourth.statusCode]).toEqual([429, 429]);
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect(fake.requests.length).toBe(seen + 2);
    // Both slots are free again, on either instance.
    expect((await chat(other, user.token, body)).statusCode).toBe(200);
  }, 30_000);

  it('runs 200 tasks from both instances on two workers, one killed mid-load: each once, the books clean', async () => {
    const users = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t.app);
      await fund(t.app, u.userId, 1000);
      users.push(u);
    }
    const workers = [startWorker(), startWorker()];
    await Promise.all(workers.map(ready));
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) {
      const app = i % 2 ? other : t.app;
      const task = await createTask(app.ctx, {
        userId: users[i % users.length]!.userId,
        kind: FAKE_KIND,
        action: 'imagine',
        prompt: `task ${i}`,
        params: { upstream: up.url },
        priceKey: FAKE_PRICE,
        providerId: 77,
        providerLimit: 5,
      });
      ids.push(task.id);
    }
    const db = t.app.ctx.db.kysely;
    const count = async (status: TaskStatus, providerOnly = false) =>
      Number(
        (
          await db
            .selectFrom('tasks')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', status)
            .$if(providerOnly, (q) => q.where('provider_id', '=', 77))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let peak = 0;
    const sample = async () => (peak = Math.max(peak, await count(TaskStatus.running, true)));
    await until(
      async () => (await sample()) >= 0 && (await count(TaskStatus.succeeded)) >= 40,
      30_000,
      'the first 40 tasks',
    );
    await kill9(workers[0]!);
    await until(
      async () => (await sample()) >= 0 && (await count(TaskStatus.succeeded)) === 200,
      40_000,
      'every task to succeed on the surviving worker',
    );
    // The provider's limit held across both workers.
    expect(peak).toBeLessThanOrEqual(5);
    expect(peak).toBeGreaterThan(1);
    // None lost; each charged once; at most the few submits the killed worker was inside
    // reached the upstream again (docs/tasks.md: a cut submit is sent again).
    expect(await count(TaskStatus.failed)).toBe(0);
    expect(up.jobs.size).toBeGreaterThanOrEqual(200);
    expect(up.jobs.size).toBeLessThanOrEqual(204);
    const charged = await db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('kind', '=', 'charge')
      .where(
        'user_id',
        'in',
        users.map((u) => u.userId),
      )
      .executeTakeFirstOrThrow();
    expect(Math.abs(Number(charged.total))).toBe(200 * 5);
    expect(await ledgerCheck(db)).toEqual([]);
  }, 60_000);
});
