import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createTestApp, testDialect, type TestApp } from '../src/test/harness.js';
import { createUser, type TestUser } from '../src/test/users.js';
import { ledgerCheck } from '../src/modules/credits/ledger.js';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai.js';
import { startFakeMidjourneyProxy, type FakeMidjourneyProxy } from './fakes/midjourney-proxy.js';
import { freePort } from './drawing-support.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import {
  createLayoutPrices,
  modelNamed,
  post,
  ScaledLayout,
  writeLayoutConfig,
} from './scaled-layout.js';
import { fund, until } from './task-support.js';
import { kill9, ready } from './worker-process.js';

/*
 * The database and Redis going away under load, in the scaled layout (two API processes, two
 * task workers: scaled-layout.ts). The processes reach the shared PostgreSQL and Redis through
 * loopback TCP proxies of this test's own (tcp-proxy.ts), which it cuts, refuses, freezes and
 * restores: the shared servers are never restarted, and only this test's own connections and
 * keys are touched. While drawings, lists and chats keep coming through both APIs: one API's
 * and one worker's database connections are terminated (pg_terminate_backend, 57P01), Redis
 * is killed (connections closed, connects refused, this test's keys lost) and started again,
 * PostgreSQL is shut down (every process's connections terminated, connects refused) and
 * started again, then each is frozen (connections open, nothing answers). No process may
 * exit, no request may take longer than 5 s while a dependency is away (a 503 in the user's
 * language, never a 500), both APIs must be ready again within 10 s of its return, every
 * drawing accepted must end succeeded and charged once, and the books must agree
 * (docs/deploy.md, "Outages").
 */
/** Longer than the 5 s a request may take meanwhile, so that waiting it out cannot pass. */
const OUTAGE_MS = 6000;
const DOWN_ANSWER_MS = 5000;
const READY_AGAIN_MS = 10_000;
const MJ_PRICE = 5;
const MJ_LIMIT = 5;
const CLIENTS = 4;
/** The most drawings a user of the load keeps unfinished. */
const MJ_AHEAD = 2;

let t: TestApp;
/** What the processes of the layout reach the shared servers through. */
let pgProxy: TcpProxy;
let redisProxy: TcpProxy;
let openai: FakeOpenAI;
let mj: FakeMidjourneyProxy;
let configDir: string;
let layout: ScaledLayout;
let workers: ChildProcess[] = [];
/** Every child process that ended, and how: none may. */
const exits: string[] = [];

/** The load of the test under way. */
let loadOf: Load;

const api = (i: number) => layout.apis[i % layout.apis.length]!;

/** A probe's status, or 0 when the process did not answer within 3 s. */
async function probe(base: string, route: '/readyz' | '/healthz'): Promise<number> {
  try {
    return (await fetch(`${base}${route}`, { signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return 0;
  }
}

/** Waits until every API's /readyz answers `status`; returns the time it took (ms). */
async function allReady(status: 200 | 503, since = Date.now()): Promise<number> {
  await until(
    async () => {
      // An API that is gone will never be ready: say why at once.
      if (exits.length) throw new Error(`processes exited: ${exits.join(', ')}`);
      const answers = await Promise.all(layout.apis.map((a) => probe(a.url, '/readyz')));
      return answers.every((s) => s === status);
    },
    30_000,
    `/readyz ${status} on every API`,
  );
  return Date.now() - since;
}

interface Sample {
  what: 'draw' | 'list' | 'chat';
  start: number;
  ms: number;
  status: number;
  message: string;
}

/**
 * Users working through both APIs until stopped, one request after another each: a drawing
 * submitted, the drawings listed, a chat answer read to its end. Each request comes from an
 * address of its own (a crowd behind the load balancer), so the per-address limits never
 * answer for the load. The load follows the work instead of a clock: a user submits another
 * drawing only while fewer than `MJ_AHEAD` of theirs are unfinished (as their last list said;
 * otherwise the turn lists again), so the drawings never pile up faster than the workers end
 * them, however fast the machine answers.
 */
class Load {
  readonly samples: Sample[] = [];
  readonly drawings: number[] = [];
  private running = true;
  private readonly clients: Promise<void>[];
  private sent = 0;
  /** When each request still waiting for its answer started, by its number. */
  private readonly pending = new Map<number, number>();
  /** Each user's drawings queued or running, as far as their answers tell. */
  private readonly unfinished: number[];

  constructor(
    private readonly users: Array<TestUser & { groupId: number }>,
    private readonly modelId: number,
    private readonly chatModelId: number,
  ) {
    this.unfinished = users.map(() => 0);
    this.clients = users.map((user, i) => this.client(user, i));
  }

  private async client(user: TestUser & { groupId: number }, i: number): Promise<void> {
    for (let k = i; this.running; k++) await this.one(user, i, k);
  }

  private async one(user: TestUser & { groupId: number }, i: number, k: number): Promise<void> {
    const turn = (['draw', 'list', 'chat'] as const)[k % 3]!;
    const what = turn === 'draw' && this.unfinished[i]! >= MJ_AHEAD ? 'list' : turn;
    const n = this.sent++;
    const from = `10.9.${(n >> 8) & 255}.${n & 255}`;
    const base = api(k).url;
    const signal = AbortSignal.timeout(30_000);
    const start = Date.now();
    this.pending.set(n, start);
    let status = 0;
    let message = '';
    try {
      const res =
        what === 'draw'
          ? await post(
              base,
              '/queue/addMjDrawQueue',
              user.token,
              {
                type: 'imagine',
                modelId: this.modelId,
                prompt: `picture ${n}`,
              },
              from,
              signal,
            )
          : what === 'chat'
            ? await post(
                base,
                '/chatgpt/chat-process',
                user.token,
                {
                  gptModelId: this.chatModelId,
                  prompt: 'hello',
                  options: { groupId: user.groupId },
                },
                from,
                signal,
              )
            : await fetch(`${base}/api/midjourney/drawList?size=5`, {
                headers: { authorization: `Bearer ${user.token}`, 'x-lang': 'en-US' },
                signal,
              });
      status = res.status;
      const text = await res.text();
      // A chat answer is lines; everything else (and a refused chat) is one envelope.
      if (what !== 'chat' || status !== 200) {
        const body = JSON.parse(text) as {
          message: string;
          data: { id?: number; countQueue?: number } | null;
        };
        message = body.message;
        if (what === 'draw' && status === 200) {
          this.drawings.push(body.data!.id!);
          this.unfinished[i]!++;
        }
        if (what === 'list' && status === 200) this.unfinished[i] = body.data!.countQueue!;
      }
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    this.samples.push({ what, start, ms: Date.now() - start, status, message });
    this.pending.delete(n);
  }

  /**
   * The requests under way at some time between `from` and `to` (started then, or earlier and
   * still waiting for their answer), once each has its answer.
   */
  async within(from: number, to: number): Promise<Sample[]> {
    await until(async () => ![...this.pending.values()].some((s) => s <= to), 40_000, 'answers');
    return this.samples.filter((s) => s.start <= to && s.start + s.ms >= from);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.clients);
  }
}

/**
 * Terminates the database connections of these processes only (found by their
 * application_name, which ScaledLayout gives each), once each holds one (unless `now`). Returns
 * when.
 */
async function terminateConnectionsOf(children: ChildProcess[], now = false): Promise<number> {
  const admin = new pg.Client({ connectionString: t.app.ctx.config.databaseUrl });
  await admin.connect();
  try {
    const names = children.map((c) => layout.appNames.get(c)!);
    const held = async () =>
      (
        await admin.query(
          'select distinct application_name from pg_stat_activity where application_name = any($1)',
          [names],
        )
      ).rowCount === names.length;
    if (!now) await until(held, 30_000, 'each process to hold connections');
    const cut = Date.now();
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = any($1)',
      [names],
    );
    if (!now) expect(terminated.rowCount).toBeGreaterThanOrEqual(names.length);
    return cut;
  } finally {
    await admin.end();
  }
}

/** What a request that met an outage must look like: quick, a 503 envelope, readable. */
function expectAnsweredQuickly(samples: Sample[], what: string): void {
  expect(samples.length, `requests while ${what}`).toBeGreaterThan(0);
  const slow = samples.filter((s) => s.ms > DOWN_ANSWER_MS);
  expect(slow, `requests slower than 5 s while ${what}`).toEqual([]);
  const wrong = samples.filter((s) => s.status !== 200 && s.status !== 503);
  expect(wrong, `answers other than 200 or 503 while ${what}`).toEqual([]);
  for (const s of samples.filter((x) => x.status === 503))
    expect(s.message).toMatch(/briefly unavailable|cannot start for a moment/);
}

/** What each fault measured, written at the end of the test (docs/deploy.md, "Outages"). */
const timings: string[] = [];

/**
 * One fault: `down`, every API unready (/healthz still 200: alive), `OUTAGE_MS` of it (the
 * outage itself, longer than a request may take), `up`, every API ready again within 10 s.
 * Every request under way meanwhile answered quickly; no process exited. Returns those requests.
 */
async function outage(what: string, down: () => unknown, up: () => unknown): Promise<Sample[]> {
  const from = Date.now();
  await down();
  const unreadyMs = await allReady(503, from);
  for (const a of layout.apis)
    expect(await probe(a.url, '/healthz'), `/healthz, ${what}`).toBe(200);
  await new Promise((r) => setTimeout(r, OUTAGE_MS)); // the outage itself
  const back = Date.now();
  await up();
  const readyMs = await allReady(200, back);
  const away = await loadOf.within(from, back);
  const slowest = Math.max(...away.map((s) => s.ms));
  const refused = away.filter((s) => s.status === 503).length;
  timings.push(
    `${what}: unready after ${unreadyMs} ms, ready ${readyMs} ms after its return; ` +
      `${away.length} requests meanwhile, ${refused} answered 503, slowest ${slowest} ms`,
  );
  expect(readyMs, `/readyz 200 again after ${what}`).toBeLessThan(READY_AGAIN_MS);
  expectAnsweredQuickly(away, what);
  expect(exits).toEqual([]);
  return away;
}

/**
 * PostgreSQL shut down (a restart's first half, as its fast shutdown): no new connection is
 * let in, and every connection of the layout's processes is terminated (57P01).
 */
async function shutDownPostgres(): Promise<void> {
  await pgProxy.refuse();
  await terminateConnectionsOf(layout.children, true);
}

/**
 * Redis killed: its connections closed, new ones refused, and its keys lost when it comes
 * back (it keeps none on disk); only this test's own keys (its prefix) are removed.
 */
async function killRedis(): Promise<void> {
  await redisProxy.cut();
  const redis = new Redis(t.app.ctx.config.redisUrl!);
  try {
    // SCAN, not KEYS: the shared server is not held up while it looks.
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${t.app.ctx.config.redisPrefix}*`,
        'COUNT',
        1000,
      );
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

describe.runIf(testDialect === 'postgres')('outages of the database and Redis, under load', () => {
  beforeAll(async () => {
    [openai, mj] = await Promise.all([startFakeOpenAI(), startFakeMidjourneyProxy({ stepMs: 20 })]);
    openai.slowMs = 10;
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-outage-'));
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
    [pgProxy, redisProxy] = await Promise.all([
      startTcpProxy(t.app.ctx.config.databaseUrl!),
      startTcpProxy(t.app.ctx.config.redisUrl!),
    ]);
    layout = new ScaledLayout(t.app.ctx.config, configFile, {
      databaseUrl: pgProxy.url,
      redisUrl: redisProxy.url,
    });
    const [a, b] = await Promise.all([freePort(), freePort()]);
    workers = [layout.startWorker(), layout.startWorker()];
    await Promise.all([
      layout.startApi(a, `http://127.0.0.1:${a}`),
      layout.startApi(b, `http://127.0.0.1:${a}`),
      ...workers.map(ready),
    ]);
    for (const child of layout.children)
      child.once('exit', (code, signal) =>
        exits.push(`${layout.appNames.get(child)} (${code ?? signal})`),
      );
  }, 120_000); // four processes starting, on a loaded machine

  afterAll(async () => {
    for (const c of layout?.children.splice(0) ?? []) await kill9(c);
    await t?.close();
    await Promise.all([openai?.close(), mj?.close(), pgProxy?.close(), redisProxy?.close()]);
    if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('keeps every process up and answering; all work done once; the books clean', async () => {
    const users: Array<TestUser & { groupId: number }> = [];
    for (let i = 0; i < CLIENTS; i++) {
      const u = await createUser(t.app);
      await fund(t.app, u.userId, 100_000);
      const group = await post(layout.apis[0]!.url, '/group/create', u.token, {}, `10.8.0.${i}`);
      users.push({ ...u, groupId: ((await group.json()) as { data: { id: number } }).data.id });
    }
    const load = (loadOf = new Load(
      users,
      await modelNamed(t.app, 'MJ fake'),
      await modelNamed(t.app, 'Slow'),
    ));
    try {
      await until(async () => load.drawings.length >= 10, 60_000, 'the load to get going');

      // 1. One API's and one worker's connections terminated (as pg_terminate_backend, a
      //    failover or a proxy's idle timeout would): only theirs, found by application_name.
      const cut = await terminateConnectionsOf([layout.apis[0]!.child, workers[0]!]);
      expect(await allReady(200, cut)).toBeLessThan(READY_AGAIN_MS);
      await until(async () => load.drawings.length >= 20, 30_000, 'more drawings');
      expectAnsweredQuickly(await load.within(cut, Date.now()), 'connections were cut');
      expect(exits).toEqual([]);

      // 2. Redis killed (its keys gone), then started again.
      const redisAway = await outage('Redis was away', killRedis, redisProxy.restore);
      // Submits do not need Redis: the task row is the queue.
      expect(redisAway.filter((s) => s.what === 'draw' && s.status === 200).length).toBeGreaterThan(
        0,
      );

      // 3. PostgreSQL shut down (every connection terminated, 57P01), then started again.
      const pgAway = await outage('PostgreSQL was away', shutDownPostgres, pgProxy.restore);
      expect(pgAway.filter((s) => s.status === 503).length).toBeGreaterThan(0);

      // 4. PostgreSQL frozen (a server stalled on its disk, a network that drops packets and
      //    closes nothing): the connections stay open, new ones are accepted, nothing answers.
      //    Nothing tells the processes it is away but the time it takes.
      const pgFrozen = await outage('PostgreSQL was frozen', pgProxy.freeze, pgProxy.thaw);
      expect(pgFrozen.filter((s) => s.status === 503).length).toBeGreaterThan(0);

      // 5. Redis frozen the same way: its commands time out instead of failing.
      const redisFrozen = await outage('Redis was frozen', redisProxy.freeze, redisProxy.thaw);
      expect(
        redisFrozen.filter((s) => s.what === 'draw' && s.status === 200).length,
      ).toBeGreaterThan(0);

      // Served again: each kind of request answers 200 after both came back.
      const back = Date.now();
      await until(
        async () => {
          const ok = (await load.within(back, Date.now())).filter((s) => s.status === 200);
          return ['draw', 'list', 'chat'].every((w) => ok.some((s) => s.what === w));
        },
        30_000,
        'every kind of request to succeed again',
      );
    } finally {
      await load.stop();
      process.stdout.write(`outage timings:\n  ${timings.join('\n  ')}\n`);
    }
    expect(load.samples.filter((s) => s.status === 500 || s.status === 0)).toEqual([]);

    // Every drawing accepted ends succeeded, charged once; the books agree.
    const db = t.app.ctx.db.kysely;
    const ids = load.drawings;
    await until(
      async () => {
        const done = await db
          .selectFrom('tasks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', 'in', ids)
          .where('status', 'in', [TaskStatus.succeeded, TaskStatus.failed])
          .executeTakeFirstOrThrow();
        return Number(done.n) === ids.length;
      },
      60_000,
      'every accepted drawing to end',
    );
    const tasks = await db
      .selectFrom('tasks')
      .select(['id', 'status', 'hold_id'])
      .where('id', 'in', ids)
      .execute();
    expect(tasks.filter((row) => row.status !== TaskStatus.succeeded)).toEqual([]);
    const charges = await db
      .selectFrom('credit_ledger')
      .select(['hold_id', 'amount'])
      .where('kind', '=', 'charge')
      .where(
        'hold_id',
        'in',
        tasks.map((row) => row.hold_id!),
      )
      .execute();
    expect(charges.length).toBe(ids.length);
    expect(charges.every((c) => c.amount === -MJ_PRICE)).toBe(true);
    expect(await ledgerCheck(db)).toEqual([]);
    expect(exits).toEqual([]);
  }, 180_000);
});
