import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/test/harness.js';
import { createUser, type TestUser } from '../src/test/users.js';
import { ledgerCheck } from '../src/modules/credits/ledger.js';
import { createTask, getTask } from '../src/modules/tasks/service.js';
import { addProxyModel, draw } from './drawing-support.js';
import { startJobUpstream, type JobUpstream } from './fakes/jobs.js';
import { startFakeMidjourneyProxy, type FakeMidjourneyProxy } from './fakes/midjourney-proxy.js';
import { kill9, ready } from './worker-process.js';
import { startFakeVideoUpstream, type FakeVideoUpstream } from './fakes/video.js';
import { bearer, call } from '../src/test/harness.js';
import { FAKE_KIND, FAKE_PRICE, ensureFakePrice, fund, until } from './task-support.js';
import { isTaskFinished } from '@atelier/contracts';

/*
 * Kill -9 a real worker process in the middle of a task, start another, and the task still
 * ends succeeded, or failed with its credits back: never stuck queued or running.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let t: TestApp;
const ups: JobUpstream[] = [];
const proxies: FakeMidjourneyProxy[] = [];
const videoFakes: FakeVideoUpstream[] = [];
const children: ChildProcess[] = [];

function startWorker(extra: NodeJS.ProcessEnv = {}): ChildProcess {
  const c = t.app.ctx.config;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: c.dataDir,
    SECRET_KEY: c.secretKey,
    TASK_WORKERS: '4',
    TASK_LEASE_MS: '400',
    TASK_IDLE_POLL_MS: '20',
    TASK_BACKOFF_MS: '20',
    TASK_RETRIES: '2',
    // The hanging submits below must be cut by the kill, not by their step timeout: a submit
    // cut so is never sent again (docs/tasks.md, Unconfirmed submits).
    TASK_STEP_TIMEOUT_MS: '10000',
    DRAWING_POLL_MS: '40',
    VIDEO_POLL_MS: '40',
    ...(c.databaseUrl
      ? {
          DATABASE_URL: c.databaseUrl,
          DATABASE_SCHEMA: c.databaseSchema,
          REDIS_URL: c.redisUrl,
          REDIS_PREFIX: c.redisPrefix,
        }
      : {}),
    ...extra,
  };
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(here, 'task-worker-entry.ts')],
    {
      env,
      cwd: path.join(here, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const balance = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;

/*
 * Users are made and funded before any worker runs: on SQLite, two processes writing at once
 * make a transaction that read first fail with "database is locked" instead of waiting
 * (embedded mode has one process; this test has two only to crash one of them).
 */
async function fundedUser() {
  const user = await createUser(t.app);
  await fund(t.app, user.userId, 10);
  return user;
}

async function newTask(up: JobUpstream, user: TestUser) {
  const task = await createTask(t.app.ctx, {
    userId: user.userId,
    kind: FAKE_KIND,
    action: 'imagine',
    prompt: 'crash me',
    params: { upstream: up.url },
    priceKey: FAKE_PRICE,
    providerId: null,
  });
  return { user, task };
}

const finished = (userId: number, id: number) =>
  until(
    async () => {
      const x = await getTask(t.app.ctx, userId, id);
      return isTaskFinished(x.status) ? x : undefined;
    },
    30_000,
    `task ${id} to finish`,
  );

beforeAll(async () => {
  // This process only creates tasks: the workers are the child processes.
  t = await createTestApp({ config: { tasks: { runInApi: false } } });
  await ensureFakePrice(t.app);
});

afterAll(async () => {
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) await kill9(c);
  for (const u of ups) await u.close();
  for (const p of proxies) await p.close();
  for (const v of videoFakes) await v.close();
  await t.close();
});

describe('a worker killed (SIGKILL) mid-task, then another one started', () => {
  it('resumes polling, re-submits what never reached the upstream, refunds what then fails', async () => {
    // Three tasks caught at once: one polling, one inside its submit, one polling an
    // upstream that will fail from now on. Two process starts keep the test short.
    const polling = await startJobUpstream({ durationMs: 700 });
    const submitting = await startJobUpstream({ durationMs: 60 });
    const failing = await startJobUpstream({ durationMs: 5000 });
    ups.push(polling, submitting, failing);
    submitting.hangSubmits = true;

    const users = [await fundedUser(), await fundedUser(), await fundedUser()];
    const first = startWorker();
    await ready(first);
    const a = await newTask(polling, users[0]!);
    const b = await newTask(submitting, users[1]!);
    const c = await newTask(failing, users[2]!);
    await until(
      async () => polling.polls >= 2 && submitting.submits >= 1 && failing.polls >= 1,
      8000,
      'the three tasks to be under way',
    );
    await kill9(first);
    const pollingSubmits = polling.submits;
    submitting.hangSubmits = false;
    failing.failPolls = 1000;

    const second = startWorker();
    await ready(second);
    const [doneA, doneB, doneC] = await Promise.all([
      finished(a.user.userId, a.task.id),
      finished(b.user.userId, b.task.id),
      finished(c.user.userId, c.task.id),
    ]);
    // Polling resumed on the same upstream job: not submitted twice.
    expect(doneA.status).toBe(3);
    expect(polling.submits).toBe(pollingSubmits);
    expect(doneA.files).toHaveLength(1);
    expect(await balance(a.user.userId)).toBe(5);
    // The submit the killed worker was inside never finished: queued again, submitted again.
    expect(doneB.status).toBe(3);
    expect(submitting.submits).toBeGreaterThanOrEqual(2);
    expect(await balance(b.user.userId)).toBe(5);
    // The upstream failing after the crash: failed, every credit back.
    expect(doneC.status).toBe(4);
    expect(await balance(c.user.userId)).toBe(10);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  }, 90_000);
});

describe('Midjourney drawings (kind mj) when their worker is killed (SIGKILL)', () => {
  it('resumes polling the same job, re-submits a cut submit, refunds a job that then fails', async () => {
    // No worker of the test before may take these drawings over.
    for (const c of children.splice(0))
      if (c.exitCode === null && c.signalCode === null) await kill9(c);
    // One fake proxy per story, so that one's faults never touch another's drawing.
    const [polling, submitting, failing] = await Promise.all([
      startFakeMidjourneyProxy({ stepMs: 800 }),
      startFakeMidjourneyProxy({ stepMs: 20 }),
      startFakeMidjourneyProxy({ stepMs: 5000 }),
    ]);
    proxies.push(polling, submitting, failing);
    for (const p of proxies) p.muteHooks = true;
    submitting.hangSubmits = true;
    const admin = await createUser(t.app, { role: 'admin' });
    const models = [];
    for (const p of [polling, submitting, failing])
      models.push(await addProxyModel(t.app, admin.token, p, { prices: { imagine: 5 } }));
    const users = [await fundedUser(), await fundedUser(), await fundedUser()];

    const first = startWorker();
    await ready(first);
    const queued = [];
    for (const [i, m] of models.entries()) {
      const r = await draw(t.app, users[i]!.token, {
        type: 'imagine',
        modelId: m.modelId,
        prompt: `crash fox ${i}`,
        params: {},
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      queued.push(r.body.data);
    }
    const [a, b, c] = queued as [(typeof queued)[0], (typeof queued)[0], (typeof queued)[0]];
    const jobOf = (p: FakeMidjourneyProxy, id: number) =>
      [...p.tasks.values()].find((x) => x.state === String(id));
    const fetches = (p: FakeMidjourneyProxy) =>
      p.requests.filter((r) => r.path.endsWith('/fetch')).length;
    await until(
      async () =>
        ['SUBMITTED', 'IN_PROGRESS'].includes(jobOf(polling, a.id)?.status ?? '') &&
        fetches(polling) >= 2 &&
        submitting.submits.length >= 1 &&
        fetches(failing) >= 1,
      8000,
      'the three drawings to be under way',
    );
    await kill9(first);
    // (A loaded machine may have cut a submit before the crash: only later ones count.)
    const pollingSubmits = polling.submits.length;
    submitting.hangSubmits = false;
    failing.http500Next = 1000;

    const second = startWorker();
    await ready(second);
    const [doneA, doneB, doneC] = await Promise.all([
      finished(users[0]!.userId, a.id),
      finished(users[1]!.userId, b.id),
      finished(users[2]!.userId, c.id),
    ]);
    // Polling resumed on the proxy's same job: not submitted again.
    expect(doneA.status).toBe(3);
    expect(polling.submits).toHaveLength(pollingSubmits);
    expect(doneA.files).toHaveLength(1);
    expect(await balance(users[0]!.userId)).toBe(5);
    // The submit the killed worker was inside: queued again, submitted again, drawn once.
    expect(doneB.status).toBe(3);
    expect(submitting.submits.length).toBeGreaterThanOrEqual(2);
    expect(await balance(users[1]!.userId)).toBe(5);
    // The proxy answering 500 after the crash: retried, failed, every credit back.
    expect(doneC.status).toBe(4);
    expect(await balance(users[2]!.userId)).toBe(10);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  }, 90_000);
});

describe('videos (kind video) when their worker is killed (SIGKILL)', () => {
  it('resumes polling the same upstream id, or fails and refunds: never stuck', async () => {
    for (const c of children.splice(0))
      if (c.exitCode === null && c.signalCode === null) await kill9(c);
    const fake = await startFakeVideoUpstream({ stepMs: 50, clipSeconds: 1 });
    videoFakes.push(fake);
    // Both jobs run until the test lets them end.
    fake.scenario = { steps: 100_000 };
    const admin = await createUser(t.app, { role: 'admin' });
    const h = bearer(admin.token);
    const provider = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/create',
      headers: h,
      payload: { name: 'crash-kling', protocol: 'kling', baseUrl: fake.url, apiKey: fake.klingKey },
    });
    const model = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'Crash Kling',
        upstreamModel: 'kling-v1-6',
        providerId: provider.body.data.id,
        kind: 'video',
        priceKey: 'crash-kling:generate',
      },
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/credits/prices/create',
      headers: h,
      payload: {
        model: 'crash-kling',
        action: 'generate',
        category: 'video',
        label: 'crash',
        credits: 5,
      },
    });
    const users = [await fundedUser(), await fundedUser()];
    // Storing a clip (download, ffprobe, poster) may outlast 2 s on a loaded machine.
    const slowSteps = { TASK_STEP_TIMEOUT_MS: '20000' };
    const first = startWorker(slowSteps);
    await ready(first);
    const ids: number[] = [];
    for (const [i, u] of users.entries()) {
      const r = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/queue/runwayVideo',
        headers: bearer(u.token),
        payload: { modelId: model.body.data.id, prompt: `crash ${i}`, duration: 5 },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.data.id);
    }
    const polls = (id: string) =>
      fake.requests.filter((q) => q.method === 'GET' && q.path.endsWith(id)).length;
    await until(
      async () => fake.jobs.size >= 2 && [...fake.jobs.keys()].every((id) => polls(id) >= 1),
      30_000,
      'both videos to be polled',
    );
    await kill9(first);
    const submits = fake.jobs.size;
    const [ok, bad] = [...fake.jobs.values()].sort((x, y) =>
      String((x.body as { prompt: string }).prompt).localeCompare(
        String((y.body as { prompt: string }).prompt),
      ),
    ) as [
      NonNullable<ReturnType<typeof fake.jobs.get>>,
      NonNullable<ReturnType<typeof fake.jobs.get>>,
    ];
    ok.scenario.steps = 1;
    bad.scenario.steps = 1;
    bad.scenario.fail = true;
    const before = { ok: polls(ok.id), bad: polls(bad.id) };

    const second = startWorker(slowSteps);
    await ready(second);
    const [doneOk, doneBad] = await Promise.all([
      finished(users[0]!.userId, ids[0]!),
      finished(users[1]!.userId, ids[1]!),
    ]);
    // The same upstream ids polled again by the new worker; nothing submitted twice.
    expect(fake.jobs.size).toBe(submits);
    expect(polls(ok.id)).toBeGreaterThan(before.ok);
    expect(polls(bad.id)).toBeGreaterThan(before.bad);
    expect(doneOk.status, JSON.stringify(doneOk.error)).toBe(3);
    expect(doneOk.files[0]?.mime).toBe('video/mp4');
    expect(await balance(users[0]!.userId)).toBe(5);
    expect(doneBad.status).toBe(4);
    expect(await balance(users[1]!.userId)).toBe(10);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  }, 120_000);
});
