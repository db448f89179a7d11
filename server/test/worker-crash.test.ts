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
 * Kill -9 a real worker process in the middle of its tasks, start another, and every task still
 * ends succeeded, or failed with its credits back: never stuck queued or running. One crash
 * catches tasks of three kinds at once (the engine's own fake kind, Midjourney drawings and
 * videos), so the test starts two worker processes in all: each start compiles the server
 * (several CPU-seconds), which made three crashes the slowest file of the suite.
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
    // A slot for each of the test's eight tasks: two submits hang until the kill, and on a
    // loaded machine the others must not queue behind them for their turn.
    TASK_WORKERS: '8',
    // Long enough that a worker on a loaded machine renews its lease in time; short enough
    // that the next worker takes the dead one's tasks over within seconds.
    TASK_LEASE_MS: '2000',
    TASK_IDLE_POLL_MS: '20',
    TASK_BACKOFF_MS: '20',
    TASK_RETRIES: '2',
    // The hanging submits below must be cut by the kill, not by their step timeout: a submit
    // cut so is never sent again (docs/tasks.md, Unconfirmed submits). Storing a clip
    // (download, ffprobe, poster) may also outlast a short limit on a loaded machine.
    TASK_STEP_TIMEOUT_MS: '60000',
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
    120_000,
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

/** Stops every worker a test started, so that none takes over another test's tasks. */
async function killWorkers() {
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) await kill9(c);
}

type Task = { user: TestUser; id: number };

/** The engine's own fake kind: one task polling, one inside its submit, one about to fail. */
async function startJobs() {
  // Running until the crash is over (then its duration is set to 0): a job of a set length
  // could end before a loaded machine polled it twice, and the story never be under way.
  const polling = await startJobUpstream({ durationMs: 120_000 });
  const submitting = await startJobUpstream({ durationMs: 60 });
  // Long enough to be polling at the crash on any machine; it fails once the crash is over.
  const failing = await startJobUpstream({ durationMs: 120_000 });
  ups.push(polling, submitting, failing);
  submitting.hangSubmits = true;
  const users = [await fundedUser(), await fundedUser(), await fundedUser()];
  return {
    polling,
    submitting,
    failing,
    users,
    async submit() {
      const tasks = [];
      for (const [i, up] of [polling, submitting, failing].entries()) {
        const { task } = await newTask(up, users[i]!);
        tasks.push({ user: users[i]!, id: task.id });
      }
      return tasks as [Task, Task, Task];
    },
    underWay: () => polling.polls >= 2 && submitting.submits >= 1 && failing.polls >= 1,
  };
}

/** Midjourney drawings, one fake proxy per story so that one's faults never touch another. */
async function startDrawings() {
  const [polling, submitting, failing] = await Promise.all([
    // Slow steps until the crash (then quick ones), so that it is still drawing when the
    // test looks, however late a loaded machine first polls it.
    startFakeMidjourneyProxy({ stepMs: 3000 }),
    startFakeMidjourneyProxy({ stepMs: 20 }),
    startFakeMidjourneyProxy({ stepMs: 5000 }),
  ]);
  proxies.push(polling, submitting, failing);
  for (const p of [polling, submitting, failing]) p.muteHooks = true;
  submitting.hangSubmits = true;
  const admin = await createUser(t.app, { role: 'admin' });
  const models: Awaited<ReturnType<typeof addProxyModel>>[] = [];
  for (const p of [polling, submitting, failing])
    models.push(await addProxyModel(t.app, admin.token, p, { prices: { imagine: 5 } }));
  const users = [await fundedUser(), await fundedUser(), await fundedUser()];
  const jobOf = (p: FakeMidjourneyProxy, id: number) =>
    [...p.tasks.values()].find((x) => x.state === String(id));
  const fetches = (p: FakeMidjourneyProxy) =>
    p.requests.filter((r) => r.path.endsWith('/fetch')).length;
  let first: Task | undefined;
  return {
    polling,
    submitting,
    failing,
    users,
    async submit() {
      const tasks = [];
      for (const [i, m] of models.entries()) {
        const r = await draw(t.app, users[i]!.token, {
          type: 'imagine',
          modelId: m.modelId,
          prompt: `crash fox ${i}`,
          params: {},
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        tasks.push({ user: users[i]!, id: (r.body.data as { id: number }).id });
      }
      first = tasks[0];
      return tasks as [Task, Task, Task];
    },
    underWay: () =>
      first !== undefined &&
      ['SUBMITTED', 'IN_PROGRESS'].includes(jobOf(polling, first.id)?.status ?? '') &&
      fetches(polling) >= 2 &&
      submitting.submits.length >= 1 &&
      fetches(failing) >= 1,
  };
}

/** Two Kling videos whose upstream jobs run until the test lets them end. */
async function startVideos() {
  const fake = await startFakeVideoUpstream({ stepMs: 50, clipSeconds: 1 });
  videoFakes.push(fake);
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
  const polls = (id: string) =>
    fake.requests.filter((q) => q.method === 'GET' && q.path.endsWith(id)).length;
  return {
    fake,
    users,
    polls,
    async submit() {
      const tasks = [];
      for (const [i, u] of users.entries()) {
        const r = await call<{ id: number }>(t.app, {
          method: 'POST',
          url: '/api/queue/runwayVideo',
          headers: bearer(u.token),
          payload: { modelId: model.body.data.id, prompt: `crash ${i}`, duration: 5 },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        tasks.push({ user: u, id: r.body.data.id });
      }
      return tasks as [Task, Task];
    },
    underWay: () => fake.jobs.size >= 2 && [...fake.jobs.keys()].every((id) => polls(id) >= 1),
  };
}

describe('a worker killed (SIGKILL) in the middle of tasks of three kinds, then another started', () => {
  let jobs: Awaited<ReturnType<typeof startJobs>>;
  let drawings: Awaited<ReturnType<typeof startDrawings>>;
  let videos: Awaited<ReturnType<typeof startVideos>>;
  let jobTasks: [Task, Task, Task];
  let drawingTasks: [Task, Task, Task];
  let videoTasks: [Task, Task];
  /** What the upstreams had seen when the worker died. */
  const atCrash = { jobSubmits: 0, drawingSubmits: 0, videoJobs: 0, okPolls: 0, badPolls: 0 };
  let okVideo = '';
  let badVideo = '';

  beforeAll(async () => {
    [jobs, drawings, videos] = [await startJobs(), await startDrawings(), await startVideos()];
    const first = startWorker();
    await ready(first);
    // The videos first: they take longest to be under way and never end by themselves. The
    // short stories start once the videos are polled, so none of them ends before the crash.
    videoTasks = await videos.submit();
    await until(async () => videos.underWay(), 180_000, 'both videos to be polled');
    jobTasks = await jobs.submit();
    drawingTasks = await drawings.submit();
    await until(
      async () => jobs.underWay() && drawings.underWay(),
      180_000,
      'the tasks and drawings to be under way',
    );
    await kill9(first);

    // (A loaded machine may have cut a submit before the crash: only later ones count.)
    atCrash.jobSubmits = jobs.polling.submits;
    atCrash.drawingSubmits = drawings.polling.submits.length;
    jobs.submitting.hangSubmits = false;
    jobs.polling.durationMs = 0;
    drawings.polling.stepMs = 20;
    jobs.failing.failPolls = 1000;
    drawings.submitting.hangSubmits = false;
    drawings.failing.http500Next = 1000;
    atCrash.videoJobs = videos.fake.jobs.size;
    const [ok, bad] = [...videos.fake.jobs.values()].sort((x, y) =>
      String((x.body as { prompt: string }).prompt).localeCompare(
        String((y.body as { prompt: string }).prompt),
      ),
    ) as [
      NonNullable<ReturnType<typeof videos.fake.jobs.get>>,
      NonNullable<ReturnType<typeof videos.fake.jobs.get>>,
    ];
    ok.scenario.steps = 1;
    bad.scenario.steps = 1;
    bad.scenario.fail = true;
    [okVideo, badVideo] = [ok.id, bad.id];
    atCrash.okPolls = videos.polls(ok.id);
    atCrash.badPolls = videos.polls(bad.id);

    await ready(startWorker());
    // Hang guards: two workers start (each compiles the server) on a machine that may be loaded
    // many times over; at a load of 30 this took more than two minutes.
  }, 400_000);

  afterAll(killWorkers);

  it('engine tasks: polling resumes, a cut submit is sent again, a failure refunds', async () => {
    const [a, b, c] = jobTasks;
    const [doneA, doneB, doneC] = await Promise.all(
      [a, b, c].map((x) => finished(x.user.userId, x.id)),
    );
    // Polling resumed on the same upstream job: not submitted twice.
    expect(doneA!.status).toBe(3);
    expect(jobs.polling.submits).toBe(atCrash.jobSubmits);
    expect(doneA!.files).toHaveLength(1);
    expect(await balance(a.user.userId)).toBe(5);
    // The submit the killed worker was inside never finished: queued again, submitted again.
    expect(doneB!.status).toBe(3);
    expect(jobs.submitting.submits).toBeGreaterThanOrEqual(2);
    expect(await balance(b.user.userId)).toBe(5);
    // The upstream failing after the crash: failed, every credit back.
    expect(doneC!.status).toBe(4);
    expect(await balance(c.user.userId)).toBe(10);
  }, 180_000);

  it('Midjourney drawings: the same job polled again, a cut submit drawn once, a 500 refunds', async () => {
    const [a, b, c] = drawingTasks;
    const [doneA, doneB, doneC] = await Promise.all(
      [a, b, c].map((x) => finished(x.user.userId, x.id)),
    );
    // Polling resumed on the proxy's same job: not submitted again.
    expect(doneA!.status).toBe(3);
    expect(drawings.polling.submits).toHaveLength(atCrash.drawingSubmits);
    expect(doneA!.files).toHaveLength(1);
    expect(await balance(a.user.userId)).toBe(5);
    // The submit the killed worker was inside: queued again, submitted again, drawn once.
    expect(doneB!.status).toBe(3);
    expect(drawings.submitting.submits.length).toBeGreaterThanOrEqual(2);
    expect(await balance(b.user.userId)).toBe(5);
    // The proxy answering 500 after the crash: retried, failed, every credit back.
    expect(doneC!.status).toBe(4);
    expect(await balance(c.user.userId)).toBe(10);
  }, 180_000);

  it('videos: the same upstream ids polled again, one done, one failed and refunded', async () => {
    const [ok, bad] = videoTasks;
    const [doneOk, doneBad] = await Promise.all(
      [ok, bad].map((x) => finished(x.user.userId, x.id)),
    );
    // The same upstream ids polled again by the new worker; nothing submitted twice.
    expect(videos.fake.jobs.size).toBe(atCrash.videoJobs);
    expect(videos.polls(okVideo)).toBeGreaterThan(atCrash.okPolls);
    expect(videos.polls(badVideo)).toBeGreaterThan(atCrash.badPolls);
    expect(doneOk!.status, JSON.stringify(doneOk!.error)).toBe(3);
    expect(doneOk!.files[0]?.mime).toBe('video/mp4');
    expect(await balance(ok.user.userId)).toBe(5);
    expect(doneBad!.status).toBe(4);
    expect(await balance(bad.user.userId)).toBe(10);
  }, 180_000);

  it('leaves the books balanced once every task has ended', async () => {
    await Promise.all(
      [...jobTasks, ...drawingTasks, ...videoTasks].map((x) => finished(x.user.userId, x.id)),
    );
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  }, 180_000);
});
