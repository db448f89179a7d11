import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import {
  startFakeMidjourneyProxy,
  type FakeMidjourneyProxy,
} from '../../../test/fakes/midjourney-proxy.js';
import {
  addProxyModel,
  draw,
  settle,
  startWorkers,
  status,
} from '../../../test/drawing-support.js';
import { fund, peakRunningUntilDone, until } from '../../../test/task-support.js';
import { ledgerCheck } from '../credits/index.js';
import { createTask, engineOf, getTask, taskTexts as texts } from '../tasks/index.js';

/**
 * Midjourney drawings (kind `mj`) on the shared task engine through a fake midjourney-proxy:
 * the per-user limit over 50 drawings, upstream 500s retried then refunded, a hanging proxy,
 * a drawing that outlives its timeout. On SQLite the queue is the embedded one; with
 * TEST_DB=postgres it is BullMQ on Redis.
 */
let t: TestApp;
let fake: FakeMidjourneyProxy;
let admin: TestUser;
let modelId: number;
let providerId: number;
let priceKey: string;
const PRICE = 5;

beforeAll(async () => {
  [fake, t] = await Promise.all([
    startFakeMidjourneyProxy({ stepMs: 10 }),
    createTestApp({
      config: {
        // settle() polls every 8 ms; on an idle machine the 15 s of the hanging-proxy test
        // would pass the per-IP limit of 1200 a minute and read 429s.
        rateLimit: { global: 100_000 },
        drawing: { pollMs: 20 },
        tasks: {
          workers: 8,
          userLimit: 3,
          retries: 2,
          backoffMs: 20,
          // Long enough that a loaded machine never cuts a healthy submit (which would reach
          // the proxy twice: 1.5 s did under load); the hanging proxy below waits it out once.
          stepTimeoutMs: 5000,
          leaseMs: 6000,
          idlePollMs: 25,
        },
      },
    }),
  ]);
  fake.muteHooks = true;
  admin = await createUser(t.app, { role: 'admin' });
  ({ modelId, providerId, priceKey } = await addProxyModel(t.app, admin.token, fake, {
    prices: { imagine: PRICE },
    concurrency: 100,
  }));
  await startWorkers(t.app);
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const balance = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;

async function fundedUser(amount: number): Promise<TestUser> {
  const user = await createUser(t.app);
  await fund(t.app, user.userId, amount);
  return user;
}

const imagine = async (user: TestUser, prompt: string) => {
  const r = await draw(t.app, user.token, { type: 'imagine', modelId, prompt, params: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

/** The proxy's jobs of one task (its id travels as `state`). */
const jobsOf = (taskId: number) =>
  [...fake.tasks.values()].filter((x) => x.state === String(taskId));
const submitsOf = (taskId: number) =>
  fake.submits.filter((s) => String(s.body.state) === String(taskId));

describe('Midjourney on the task engine', () => {
  it('runs 50 drawings of one user at most 3 at a time upstream, and all finish', async () => {
    const user = await fundedUser(50 * PRICE);
    const rows: D.DrawTask[] = [];
    // Five batch calls of ten: the same checks and queueing as one drawing at a time.
    for (let b = 0; b < 5; b++) {
      const r = await call<{ rows: D.DrawTask[] }>(t.app, {
        method: 'POST',
        url: '/api/queue/addMjDrawQueue_batch',
        headers: bearer(user.token),
        payload: {
          modelId,
          prompts: Array.from({ length: 10 }, (_, i) => `fox ${b * 10 + i}`),
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      rows.push(...r.body.data.rows);
    }

    expect(rows).toHaveLength(50);
    expect(await balance(user.userId)).toBe(0); // all 50 held
    const most = await peakRunningUntilDone(t.app, user.userId, 45_000, 'all 50 drawings');
    expect(most).toBeLessThanOrEqual(3);
    // The proxy's own clock agrees: never more than 3 of this user's jobs at once.
    const jobs = rows.flatMap((r) => jobsOf(r.id));
    expect(jobs).toHaveLength(50);
    const edges = jobs.flatMap((j) => [
      { at: j.submitTime, d: 1 },
      { at: j.finishTime!, d: -1 },
    ]);
    edges.sort((a, b) => a.at - b.at || a.d - b.d);
    let open = 0;
    let peak = 0;
    for (const e of edges) peak = Math.max(peak, (open += e.d));
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(1);
    const done = await Promise.all(rows.map((r) => getTask(t.app.ctx, user.userId, r.id)));
    expect(done.every((d) => d.files.length === 1)).toBe(true);
    expect(await balance(user.userId)).toBe(0);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  }, 60_000);

  it('retries upstream 500s on submit and on polls, then succeeds and charges once', async () => {
    const user = await fundedUser(20);
    fake.http500Next = 2;
    const q = await imagine(user, 'a patient fox');
    await until(async () => (await getTask(t.app.ctx, user.userId, q.id)).upstreamId, 25_000);
    fake.http500Next = 2;
    const done = await settle(t.app, user.token, q.id);
    expect(done.status, done.error ?? '').toBe(3);
    expect(submitsOf(q.id)).toHaveLength(1);
    expect(await balance(user.userId)).toBe(20 - PRICE);
  });

  it('fails and refunds when the proxy keeps answering 500 (submit, then polls)', async () => {
    const user = await fundedUser(20);
    fake.http500Next = 1000;
    try {
      const q = await imagine(user, 'a doomed fox');
      const failed = await settle(t.app, user.token, q.id);
      expect(failed.status).toBe(4);
      expect(Object.values(texts.taskUpstreamFailed)).toContain(failed.error);
      expect(failed.credits).toBe(0);
      expect(submitsOf(q.id)).toHaveLength(0);
    } finally {
      fake.http500Next = 0;
    }
    expect(await balance(user.userId)).toBe(20);

    const q = await imagine(user, 'a fox lost on the way');
    await until(async () => (await getTask(t.app.ctx, user.userId, q.id)).upstreamId, 25_000);
    fake.http500Next = 1000;
    try {
      const failed = await settle(t.app, user.token, q.id);
      expect(failed.status).toBe(4);
      expect(submitsOf(q.id)).toHaveLength(1);
    } finally {
      fake.http500Next = 0;
    }
    expect(await balance(user.userId)).toBe(20);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('gives up on a proxy that never answers (step timeout), never sends it again, refunds', async () => {
    const user = await fundedUser(20);
    fake.hangSubmits = true;
    try {
      const q = await imagine(user, 'a fox nobody hears');
      const failed = await settle(t.app, user.token, q.id, [], 60_000);
      expect(failed.status).toBe(4);
      // The proxy may have taken it: one submit, never a second drawing (docs/tasks.md).
      expect(submitsOf(q.id)).toHaveLength(1);
    } finally {
      fake.hangSubmits = false;
    }
    expect(await balance(user.userId)).toBe(20);
  }, 90_000);

  it('shows waiting drawings their place in line; deleting cancels them and returns the credits', async () => {
    const user = await fundedUser(5 * PRICE);
    fake.stepMs = 2000;
    try {
      const queued = [];
      for (let i = 0; i < 5; i++) queued.push(await imagine(user, `a fox in line ${i}`));
      const ids = queued.map((q) => q.id);
      await until(
        async () =>
          (await Promise.all(ids.map((id) => getTask(t.app.ctx, user.userId, id)))).filter(
            (x) => x.upstreamId,
          ).length === 3,
        5000,
        'three drawings upstream',
      );
      const now = await status(t.app, user.token, ids);
      const byId = new Map(now.body.data.rows.map((r) => [r.id, r]));
      // The user's limit holds the last two back, in the order they came.
      expect(ids.map((id) => byId.get(id)!.status)).toEqual([2, 2, 2, 1, 1]);
      expect(ids.map((id) => byId.get(id)!.queuePosition)).toEqual([null, null, null, 0, 1]);
      expect(await balance(user.userId)).toBe(0);

      const del = await call<{ deleted: number }>(t.app, {
        method: 'POST',
        url: '/api/midjourney/delete',
        headers: bearer(user.token),
        payload: { ids },
      });
      expect(del.body.data.deleted).toBe(5);
      expect(await balance(user.userId)).toBe(5 * PRICE);
      // The steps the workers had in flight end and find nothing to finish: once every loop
      // waits for work, nothing comes back and nothing is charged.
      await until(async () => engineOf(t.app.ctx).quiet, 25_000, 'the workers idle');
      const left = await t.app.ctx.db.kysely
        .selectFrom('tasks')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute();
      expect(left).toHaveLength(0);
    } finally {
      fake.stepMs = 10;
    }
    expect(await balance(user.userId)).toBe(5 * PRICE);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('fails a drawing that outlives its timeout and refunds it', async () => {
    const user = await fundedUser(20);
    fake.stepMs = 5000;
    try {
      const task = await createTask(t.app.ctx, {
        userId: user.userId,
        kind: 'mj',
        action: 'imagine',
        prompt: 'a very slow fox',
        params: { modelId, finalPrompt: 'a very slow fox', botType: 'MID_JOURNEY' },
        priceKey,
        providerId,
        timeoutMs: 60_000,
      });
      expect(await balance(user.userId)).toBe(20 - PRICE);
      // Its timeout passes once it is upstream: a deadline counted from its creation could pass
      // before a busy machine first claimed it, and then it never reached the upstream at all.
      await until(async () => (await getTask(t.app.ctx, user.userId, task.id)).upstreamId, 25_000);
      await t.app.ctx.db.kysely
        .updateTable('tasks')
        .set({ deadline: Date.now() - 1 })
        .where('id', '=', task.id)
        .execute();
      const failed = await settle(t.app, user.token, task.id);
      expect(failed.status).toBe(4);
      expect(Object.values(texts.taskTimedOut)).toContain(failed.error);
      expect(submitsOf(task.id)).toHaveLength(1);
    } finally {
      fake.stepMs = 10;
    }
    expect(await balance(user.userId)).toBe(20);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });
});
