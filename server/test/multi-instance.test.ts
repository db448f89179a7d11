import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createTestApp, testDialect, type TestApp } from '../src/test/harness.js';
import { createUser, type TestUser } from '../src/test/users.js';
import { ledgerCheck } from '../src/modules/credits/ledger.js';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai.js';
import { startFakeMidjourneyProxy, type FakeMidjourneyProxy } from './fakes/midjourney-proxy.js';
import { freePort } from './drawing-support.js';
import {
  createLayoutPrices,
  modelNamed as modelIn,
  post,
  ScaledLayout,
  writeLayoutConfig,
} from './scaled-layout.js';
import { fund, until } from './task-support.js';
import { kill9, ready } from './worker-process.js';

/*
 * The scaled layout (docs/scaling.md) on one PostgreSQL schema and one Redis prefix: two API
 * processes (the real entry point, src/main.ts, each with its own memory: every count they
 * share goes through Redis or the database) behind a client that fails over like a load
 * balancer, and two worker processes. One API process and one worker are killed with SIGKILL
 * mid-load. This test process only prepares the database and reads it. Only with
 * TEST_DB=postgres. (outage.test.ts restarts the database and Redis under the same layout.)
 */
const MJ_PRICE = 5;
const MJ_LIMIT = 5;
let t: TestApp;
let openai: FakeOpenAI;
let mj: FakeMidjourneyProxy;
let configDir: string;
let layout: ScaledLayout;

/** A chat answer read to its end: its status, and the body for a refusal. */
async function chat(base: string, token: string, body: unknown) {
  const res = await post(base, '/chatgpt/chat-process', token, body);
  return { status: res.status, text: await res.text() };
}

/**
 * Submits a drawing as a load balancer would: to the given instance, and to the next one
 * that answers when it is down (its connection refused or cut).
 */
async function submitDrawing(
  first: number,
  user: TestUser & { address: string },
  modelId: number,
  prompt: string,
) {
  const { apis } = layout;
  for (let i = 0; i < apis.length; i++) {
    const api = apis[(first + i) % apis.length]!;
    try {
      const body = { type: 'imagine', modelId, prompt };
      const res = await post(api.url, '/queue/addMjDrawQueue', user.token, body, user.address);
      const json = (await res.json()) as { data: { id: number } };
      expect(res.status, JSON.stringify(json)).toBe(200);
      return json.data.id;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // fetch failed: the next instance
    }
  }
  throw new Error('no API instance answered');
}

describe.runIf(testDialect === 'postgres')('two API processes and two workers', () => {
  beforeAll(async () => {
    [openai, mj] = await Promise.all([startFakeOpenAI(), startFakeMidjourneyProxy({ stepMs: 20 })]);
    openai.slowMs = 300;
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-multi-'));
    const configFile = path.join(configDir, 'atelier.yaml');
    writeLayoutConfig(configFile, {
      openai: openai.url,
      mj: mj.url,
      mjSecret: mj.secret,
      mjLimit: MJ_LIMIT,
    });
    t = await createTestApp({
      env: { ATELIER_CONFIG: configFile },
      config: { tasks: { runInApi: false } },
    });
    await createLayoutPrices(t.app, MJ_PRICE);
    layout = new ScaledLayout(t.app.ctx.config, configFile);
    // The proxy's notify hooks go to the second instance, which is killed: from then on
    // polling alone must finish the drawings.
    const [a, b] = await Promise.all([freePort(), freePort()]);
    await Promise.all([
      layout.startApi(a, `http://127.0.0.1:${b}`),
      layout.startApi(b, `http://127.0.0.1:${b}`),
    ]);
  }, 90_000);

  afterAll(async () => {
    for (const c of layout?.children.splice(0) ?? []) await kill9(c);
    await t?.close();
    await openai?.close();
    await mj?.close();
    if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
  });

  const modelNamed = (name: string) => modelIn(t.app, name);

  it('holds one limit of chat answers per user across both API processes', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 100_000);
    const [a, b] = layout.apis.map((api) => api.url) as [string, string];
    const group = await post(a, '/group/create', user.token, {});
    const groupId = ((await group.json()) as { data: { id: number } }).data.id;
    const body = { gptModelId: await modelNamed('Slow'), prompt: 'slow', options: { groupId } };
    const seen = openai.requests.length;
    // The limit is 2 (CHAT_USER_CONCURRENCY): one answer on each instance.
    const first = chat(a, user.token, body);
    const second = chat(b, user.token, body);
    await until(async () => openai.requests.length >= seen + 2, 15_000, 'two answers streaming');
    const [third, fourth] = await Promise.all([
      chat(b, user.token, body),
      chat(a, user.token, body),
    ]);
    // In process memory each instance would have allowed one more.
    expect([third.status, fourth.status]).toEqual([429, 429]);
    expect(third.text).toMatch(/answers being written/);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(openai.requests.length).toBe(seen + 2);
    // Both slots are free again, on either instance.
    expect((await chat(b, user.token, body)).status).toBe(200);
  }, 40_000);

  it('draws 200 pictures through both; one API process and one worker killed mid-load: none lost, each once, the books clean', async () => {
    const users: Array<TestUser & { address: string }> = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser(t.app);
      await fund(t.app, u.userId, 1000);
      users.push({ ...u, address: `10.0.1.${i + 1}` });
    }
    const modelId = await modelNamed('MJ fake');
    const workers = [layout.startWorker(), layout.startWorker()];
    await Promise.all(workers.map(ready));
    const db = t.app.ctx.db.kysely;
    const count = async (status: TaskStatus) =>
      Number(
        (
          await db
            .selectFrom('tasks')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kind', '=', 'mj')
            .where('status', '=', status)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let peak = 0;
    const sampler = setInterval(() => {
      void count(TaskStatus.running).then((n) => (peak = Math.max(peak, n)));
    }, 25);
    const ids: number[] = [];
    try {
      for (let i = 0; i < 200; i += 10) {
        // Half-way through, the second API process dies with requests in flight.
        if (i === 100) void kill9(layout.apis[1]!.child);
        const batch = Array.from({ length: 10 }, (_, j) =>
          submitDrawing(i + j, users[(i + j) % users.length]!, modelId, `picture ${i + j}`),
        );
        ids.push(...(await Promise.all(batch)));
        if (i === 60) {
          await until(async () => (await count(TaskStatus.succeeded)) >= 20, 30_000, '20 done');
          await kill9(workers[0]!);
        }
      }
      await until(
        async () => (await count(TaskStatus.succeeded)) === ids.length,
        60_000,
        'every drawing to succeed on the survivors',
      );
    } finally {
      clearInterval(sampler);
    }
    expect(new Set(ids).size).toBe(200);
    expect(await count(TaskStatus.failed)).toBe(0);
    // The provider's limit held across both workers.
    expect(peak).toBeLessThanOrEqual(MJ_LIMIT);
    expect(peak).toBeGreaterThan(1);
    // Each drawing reached the proxy once; at most the few submits the killed worker was
    // inside went again (docs/tasks.md: a cut submit is sent again).
    const submitted = mj.submitsTo('/mj/submit/imagine').map((s) => Number(s.body.state));
    expect(new Set(submitted)).toEqual(new Set(ids));
    expect(submitted.length).toBeLessThanOrEqual(200 + 4);
    // Every drawing's pictures are ours (stored), and each user paid once per drawing.
    const rows = await db.selectFrom('tasks').select(['files']).where('id', 'in', ids).execute();
    expect(rows.every((r) => (JSON.parse(r.files) as unknown[]).length > 0)).toBe(true);
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
    expect(Math.abs(Number(charged.total))).toBe(200 * MJ_PRICE);
    expect(await ledgerCheck(db)).toEqual([]);
  }, 150_000);
});
