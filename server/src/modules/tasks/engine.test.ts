import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { engineOf, registerTaskKind } from './engine.js';
import { ledgerCheck, release } from '../credits/index.js';
import { storeFile, fileUrl } from '../files/index.js';
import { startJobUpstream, type JobUpstream } from '../../../test/fakes/jobs.js';
import {
  FAKE_KIND,
  FAKE_PRICE,
  ensureFakePrice,
  fakeJobRunner,
  fund,
  peakRunningUntilDone,
  until,
} from '../../../test/task-support.js';
import {
  countActive,
  countByStatus,
  createTask,
  deleteTasks,
  getTask,
  getTasks,
  listTasks,
  queuePositions,
  redoTask,
  reportProgress,
} from './service.js';
import type { TaskRow } from './runner.js';
import sharp from 'sharp';
import { isTaskFinished } from '@atelier/contracts';

let t: TestApp;
const upstreams: JobUpstream[] = [];

const balance = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;

const settled = (userId: number, id: number) =>
  until(
    async () => {
      const task = await getTask(t.app.ctx, userId, id);
      return isTaskFinished(task.status) ? task : undefined;
    },
    10_000,
    `task ${id} to finish`,
  );

async function upstream(durationMs = 40): Promise<JobUpstream> {
  const u = await startJobUpstream({ durationMs });
  upstreams.push(u);
  return u;
}

const submit = (user: TestUser, u: JobUpstream, kind = FAKE_KIND): Promise<TaskRow> =>
  createTask(t.app.ctx, {
    userId: user.userId,
    kind,
    action: 'imagine',
    prompt: 'a red fox',
    params: { upstream: u.url },
    priceKey: FAKE_PRICE,
    providerId: null,
  });

beforeAll(async () => {
  t = await createTestApp({
    config: {
      tasks: {
        workers: 8,
        userLimit: 3,
        retries: 2,
        backoffMs: 20,
        stepTimeoutMs: 400,
        leaseMs: 2000,
        idlePollMs: 25,
        timeoutMs: 20_000,
      },
    },
  });
  registerTaskKind(t.app.ctx, fakeJobRunner(15));
  registerTaskKind(t.app.ctx, { ...fakeJobRunner(15), kind: 'fake-slow', timeoutMs: 300 });
  await ensureFakePrice(t.app);
  await engineOf(t.app.ctx).start();
});

afterAll(async () => {
  for (const u of upstreams) await u.close();
  await t.close();
});

describe('task engine', () => {
  it('runs a task to the end, stores its picture with a thumbnail and charges the price', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 100);
    const u = await upstream();
    const task = await submit(user, u);
    expect(task.status).toBe(1);
    expect(await balance(user.userId)).toBe(95); // held
    const done = await settled(user.userId, task.id);
    expect(done.status).toBe(3);
    expect(done.progress).toBe(100);
    expect(done.files).toHaveLength(1);
    expect(done.files[0]).toMatchObject({ width: 64, height: 48, mime: 'image/png' });
    // Served from our storage, not the upstream (whose links expire).
    const res = await t.app.inject({ url: done.files[0]!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const thumb = await t.app.inject({ url: done.files[0]!.thumbUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await balance(user.userId)).toBe(95);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('retries upstream 500s with backoff and then succeeds', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.failSubmits = 1;
    u.failPolls = 2;
    const done = await settled(user.userId, (await submit(user, u)).id);
    expect(done.status).toBe(3);
    expect(u.submits).toBe(2);
    expect(await balance(user.userId)).toBe(15);
  });

  it('fails and refunds when the upstream keeps answering 500', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.failSubmits = 100;
    const done = await settled(user.userId, (await submit(user, u)).id);
    expect(done.status).toBe(4);
    expect(done.error?.['en-US']).toMatch(/returned/);
    expect(u.submits).toBe(3); // first try + 2 retries
    expect(await balance(user.userId)).toBe(20);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('runs a failed task again with a new hold (redo), only for its owner', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.failSubmits = 100;
    const failed = await settled(user.userId, (await submit(user, u)).id);
    expect(failed.status).toBe(4);
    u.failSubmits = 0;
    await expect(redoTask(t.app.ctx, other.userId, failed.id)).rejects.toMatchObject({
      status: 404,
    });
    const again = await redoTask(t.app.ctx, user.userId, failed.id);
    expect(again.id).not.toBe(failed.id);
    expect((await settled(user.userId, again.id)).status).toBe(3);
    expect(await balance(user.userId)).toBe(15);
    const listed = await listTasks(t.app.ctx, {
      userId: user.userId,
      kinds: [FAKE_KIND],
      page: 1,
      size: 10,
    });
    expect(listed.rows.map((r) => r.id)).toEqual([again.id, failed.id]);
    expect(listed.countQueue).toBe(0);
  });

  it('gives up on an upstream that never answers (step timeout), then refunds', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.hangSubmits = true;
    const done = await settled(user.userId, (await submit(user, u)).id);
    expect(done.status).toBe(4);
    expect(u.submits).toBe(3);
    expect(await balance(user.userId)).toBe(20);
  });

  it('fails a task that outlives its timeout and refunds it', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream(60_000);
    const done = await settled(user.userId, (await submit(user, u, 'fake-slow')).id);
    expect(done.status).toBe(4);
    expect(done.error?.['en-US']).toMatch(/too long/);
    expect(await balance(user.userId)).toBe(20);
  });

  it('runs 50 tasks of one user at most 3 at a time, and all finish', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 250);
    const u = await upstream(30);
    const tasks = await Promise.all(Array.from({ length: 50 }, () => submit(user, u)));
    const most = await peakRunningUntilDone(t.app, user.userId, 30_000, 'all 50 tasks');
    expect(most).toBeLessThanOrEqual(3);
    // Also from the rows' own times: never more than 3 runs overlapped.
    const rows = await Promise.all(tasks.map((x) => getTask(t.app.ctx, user.userId, x.id)));
    const edges = rows.flatMap((r) => [
      { at: Date.parse(r.startedAt!), d: 1 },
      { at: Date.parse(r.finishedAt!), d: -1 },
    ]);
    edges.sort((a, b) => a.at - b.at || a.d - b.d);
    let open = 0;
    let peak = 0;
    for (const e of edges) peak = Math.max(peak, (open += e.d));
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(1);
    expect(await balance(user.userId)).toBe(0);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('holds nothing and creates nothing without enough credits', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 3);
    const u = await upstream();
    await expect(submit(user, u)).rejects.toMatchObject({ status: 430 });
    const n = await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(n).toHaveLength(0);
  });

  it("does not show one user's task to another, nor take pushes for another upstream id", async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    await fund(t.app, alice.userId, 20);
    const u = await upstream(1000);
    const task = await submit(alice, u);
    await expect(getTask(t.app.ctx, bob.userId, task.id)).rejects.toMatchObject({ status: 404 });
    const running = await until(async () => {
      const x = await getTask(t.app.ctx, alice.userId, task.id);
      return x.upstreamId ? x : undefined;
    });
    expect(
      await reportProgress(t.app.ctx, {
        taskId: task.id,
        upstreamId: 'someone-else',
        outcome: { type: 'progress', progress: 50, pollAfterMs: 10 },
      }),
    ).toBe(false);
    expect(
      await reportProgress(t.app.ctx, {
        taskId: task.id,
        upstreamId: running.upstreamId!,
        outcome: { type: 'progress', progress: 77, pollAfterMs: 10 },
      }),
    ).toBe(true);
    expect((await settled(alice.userId, task.id)).status).toBe(3);
  });

  it("zips the owner's files and skips another user's", async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const mine = await storeFile(t.app.ctx, { userId: alice.userId, origin: 'upload', bytes: png });
    const theirs = await storeFile(t.app.ctx, { userId: bob.userId, origin: 'upload', bytes: png });
    const zipTask = await createTask(t.app.ctx, {
      userId: alice.userId,
      kind: 'zip',
      action: 'zip',
      prompt: '',
      params: { urls: [fileUrl(t.app.ctx, mine.key), fileUrl(t.app.ctx, theirs.key)] },
      priceKey: null,
      providerId: null,
    });
    const done = await settled(alice.userId, zipTask.id);
    expect(done.status).toBe(3);
    const res = await t.app.inject({ url: done.files[0]!.url });
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toEqual(['1.png']);

    const onlyTheirs = await createTask(t.app.ctx, {
      userId: alice.userId,
      kind: 'zip',
      action: 'zip',
      prompt: '',
      params: { urls: [fileUrl(t.app.ctx, theirs.key)] },
      priceKey: null,
      providerId: null,
    });
    expect((await settled(alice.userId, onlyTheirs.id)).status).toBe(4);
  });

  it('redoes a failed task in place: same id, new hold, its own timeout again', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.failSubmits = 100;
    const failed = await settled(user.userId, (await submit(user, u)).id);
    expect(failed.status).toBe(4);
    u.failSubmits = 0;
    const again = await redoTask(t.app.ctx, user.userId, failed.id, { inPlace: true });
    expect(again.id).toBe(failed.id);
    expect(again.status).toBe(1);
    expect(again.error).toBeNull();
    expect(await balance(user.userId)).toBe(15);
    const done = await settled(user.userId, failed.id);
    expect(done.status).toBe(3);
    expect(done.files).toHaveLength(1);
    // Not failed any more: no second redo.
    await expect(
      redoTask(t.app.ctx, user.userId, failed.id, { inPlace: true }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await balance(user.userId)).toBe(15);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('deletes finished tasks only, unless asked to cancel running ones (refunded)', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const slow = await upstream(60_000);
    const running = await submit(user, slow);
    await until(async () => (await getTask(t.app.ctx, user.userId, running.id)).upstreamId);
    expect(await deleteTasks(t.app.ctx, user.userId, [running.id])).toBe(0);
    expect(await deleteTasks(t.app.ctx, other.userId, [running.id], { cancelRunning: true })).toBe(
      0,
    );
    expect(await balance(user.userId)).toBe(15);
    expect(await deleteTasks(t.app.ctx, user.userId, [running.id], { cancelRunning: true })).toBe(
      1,
    );
    expect(await balance(user.userId)).toBe(20);
    await expect(getTask(t.app.ctx, user.userId, running.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('counts and lists only the owner’s tasks; positions and provider lines count everyone’s', async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    await fund(t.app, alice.userId, 50);
    await fund(t.app, bob.userId, 50);
    const slow = await upstream(60_000);
    const providerId = 424_242;
    const make = (user: TestUser, prompt: string) =>
      createTask(t.app.ctx, {
        userId: user.userId,
        kind: FAKE_KIND,
        action: 'imagine',
        prompt,
        params: { upstream: slow.url },
        priceKey: FAKE_PRICE,
        providerId,
        providerLimit: 1,
      });
    const first = await make(alice, 'a red fox');
    await until(async () => (await getTask(t.app.ctx, alice.userId, first.id)).upstreamId);
    // The provider runs one at a time: these wait, in order.
    const second = await make(bob, 'a blue whale');
    const third = await make(alice, 'a red kite');
    expect(await countByStatus(t.app.ctx, alice.userId, [FAKE_KIND])).toEqual({
      queued: 1,
      running: 1,
    });
    expect(await countActive(t.app.ctx, { kinds: [FAKE_KIND], providerId })).toBe(3);
    const positions = await queuePositions(t.app.ctx, [
      await getTask(t.app.ctx, alice.userId, first.id),
      await getTask(t.app.ctx, alice.userId, third.id),
    ]);
    expect(positions.get(first.id)).toBeUndefined();
    expect(positions.get(third.id)).toBeGreaterThanOrEqual(1); // bob's is ahead
    expect(
      (await getTasks(t.app.ctx, alice.userId, [first.id, second.id, third.id])).map((x) => x.id),
    ).toEqual([third.id, first.id]);
    const red = await listTasks(t.app.ctx, {
      userId: alice.userId,
      kinds: [FAKE_KIND],
      page: 1,
      size: 10,
      keyword: 'red',
      status: [1],
    });
    expect(red.rows.map((x) => x.id)).toEqual([third.id]);
    expect(red.countQueue).toBe(2);
    await deleteTasks(t.app.ctx, alice.userId, [first.id, third.id], { cancelRunning: true });
    await deleteTasks(t.app.ctx, bob.userId, [second.id], { cancelRunning: true });
    expect(await balance(alice.userId)).toBe(50);
    expect(await balance(bob.userId)).toBe(50);
  });

  it('keeps the result, charging nothing, when the hold was returned before success', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream(300);
    const task = await submit(user, u);
    const { hold_id } = await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .select('hold_id')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    await release(t.app.ctx.db.kysely, { holdId: hold_id! });
    const done = await settled(user.userId, task.id);
    expect(done.status).toBe(3);
    expect(done.credits).toBe(0);
    expect(await balance(user.userId)).toBe(20);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });
});
