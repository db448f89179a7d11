import { beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type video as V } from '@atelier/contracts';
import { mediaTools, probeMedia } from '../../lib/ffmpeg.js';
import { createUser, type TestUser } from '../../test/users.js';
import { fund, until } from '../../../test/task-support.js';
import { ledgerCheck } from '../credits/index.js';
import { registerTaskKind } from '../tasks/index.js';
import { callbackSecret } from './callback-secret.js';
import { videoKind } from './kind.js';
import {
  alice,
  balance,
  fake,
  finished,
  models,
  queue,
  statusOf,
  storedBytes,
  t,
  useVideoApp,
} from './video.setup.js';

/**
 * A result that arrives after our timeout (docs/tasks.md#late-results): the task fails and is
 * refunded at its timeout; the clip that the upstream delivers later, by its callback or by a
 * late poll, is stored and shown, charged 0, applied once however the two race; a late
 * failure ends the watch; nobody else's callback applies anything. The upstream jobs here run
 * until the test ends them (`manual`), so the order of events does not depend on timing.
 */
useVideoApp({ latePollMs: 1000 });

/**
 * Video tasks time out this long after their creation here (30 min in the product). The submit
 * must reach the fake before it, or there is nothing upstream to watch: 800 ms was too little
 * on a machine at load 25.
 */
const TIMEOUT_MS = 2_000;
let bob: TestUser;

beforeAll(async () => {
  registerTaskKind(t.app.ctx, { ...videoKind.runner, timeoutMs: TIMEOUT_MS });
  bob = await createUser(t.app);
  await fund(t.app, bob.userId, 1_000);
});

const db = () => t.app.ctx.db.kysely;

const eventsOf = (id: number) =>
  db().selectFrom('task_events').select('type').where('task_id', '=', id).orderBy('id').execute();

const resultFilesOf = (id: number) =>
  db()
    .selectFrom('files')
    .select('key')
    .where('task_id', '=', id)
    .where('origin', '=', 'result')
    .execute();

/** The fake's job of the task we just queued (the newest of that protocol). */
const newestJob = (protocol: string) =>
  [...fake.jobs.values()].filter((j) => j.protocol === protocol).at(-1)!;

/** Queues a clip whose upstream runs until `fake.finish`, and waits for our timeout to fail it. */
async function timedOut(user: TestUser, protocol: string, scenario: object) {
  fake.scenario = { manual: true, ...scenario };
  const r = await queue('/queue/runwayVideo', user, {
    modelId: models[protocol],
    prompt: `late ${protocol}`,
    duration: protocol === 'openai-video' ? 4 : 5,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const failed = await finished(user, r.body.data.id);
  expect(failed.status, JSON.stringify(failed)).toBe(TaskStatus.failed);
  expect(failed.error).toMatch(/超时/);
  // Still watched: the screen says a late clip would still come, free.
  expect(Date.parse(failed.lateUntil!)).toBeGreaterThan(Date.now());
  return { task: failed, job: newestJob(protocol) };
}

const succeeded = (user: TestUser, id: number, ms = 30_000) =>
  until(
    async () => {
      const x = await statusOf(user, id);
      return x.status === TaskStatus.succeeded ? x : undefined;
    },
    ms,
    `video ${id} to get its late result`,
  );

/** The late clip is a stored H.264 MP4 of the fake's length, shown as a normal result. */
async function expectStoredClip(user: TestUser, x: V.VideoTask) {
  expect(x.video?.mime).toBe('video/mp4');
  expect(x.lateResult).toBe(true);
  expect(x.lateUntil).toBeNull();
  expect(x.credits).toBe(0);
  expect(x.error).toBeNull();
  const info = await probeMedia(mediaTools()!, await storedBytes(user, x.video!.url));
  expect(info.streams.find((s) => s.type === 'video')?.codec).toBe('h264');
  expect(info.durationSeconds).toBeCloseTo(fake.clipSeconds, 0);
  const poster = await t.app.inject({ url: x.video!.posterUrl });
  expect(poster.headers['content-type']).toBe('image/webp');
}

const callBack = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));

describe('a clip that arrives after the timeout', () => {
  it('by its callback: kept and shown, charged 0, the refund stands', async () => {
    const before = await balance(alice.userId);
    const { task, job } = await timedOut(alice, 'luma', { callback: true });
    expect(await balance(alice.userId)).toBe(before); // refunded at the timeout

    fake.finish(job.id);
    const done = await succeeded(alice, task.id);
    expect(job.callbackAnswers).toEqual([{ ok: true, applied: true }]);
    await expectStoredClip(alice, done);
    expect(await balance(alice.userId)).toBe(before);
    const types = (await eventsOf(task.id)).map((e) => e.type);
    expect(types.filter((x) => x === 'released')).toHaveLength(1);
    expect(types.filter((x) => x === 'settled')).toHaveLength(0);
    expect(types.slice(-2)).toEqual(['succeeded', 'late-result']);
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('by a late poll when no callback comes', async () => {
    const before = await balance(alice.userId);
    const { task, job } = await timedOut(alice, 'openai-video', {});
    expect(await balance(alice.userId)).toBe(before);
    fake.finish(job.id);
    const done = await succeeded(alice, task.id);
    await expectStoredClip(alice, done);
    expect(await balance(alice.userId)).toBe(before);
    expect(await resultFilesOf(task.id)).toHaveLength(1);
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('callbacks and late polls racing apply it once', async () => {
    const before = await balance(alice.userId);
    // Each download takes a while, so the polls overlap whatever the machine's load.
    const { task, job } = await timedOut(alice, 'kling', { callback: true, slowDownloadMs: 800 });
    fake.finish(job.id);
    // The fake's own callback starts a late poll; while it downloads, three more copies arrive
    // at once: the task is still failed, so at least one of them starts a second poll.
    await until(async () => (fake.downloads.get(job.id) ?? 0) >= 1, 30_000, 'the first download');
    const copies = await Promise.all(
      [0, 1, 2].map(() => callBack(job.callbackUrl!, fake.view(job.id))),
    );
    for (const c of copies) expect(c.body).toEqual({ ok: true, applied: true });
    const done = await succeeded(alice, task.id);
    await expectStoredClip(alice, done);
    // Give the polls that lost the race time to finish and clean up after themselves.
    await until(async () => (await resultFilesOf(task.id)).length === 1, 25_000, 'one file set');
    await until(async () => (fake.downloads.get(job.id) ?? 0) >= 2, 25_000, 'a second download');
    expect(await resultFilesOf(task.id)).toHaveLength(1);
    expect((await statusOf(alice, task.id)).video?.url).toBe(done.video?.url);
    const types = (await eventsOf(task.id)).map((e) => e.type);
    expect(types.filter((x) => x === 'late-result')).toHaveLength(1);
    expect(types.filter((x) => x === 'succeeded')).toHaveLength(1);
    expect(await balance(alice.userId)).toBe(before);
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('a late failure leaves the task failed and refunded once, and ends the watch', async () => {
    const before = await balance(alice.userId);
    const { task, job } = await timedOut(alice, 'kling', { callback: true, fail: true });
    fake.finish(job.id);
    const ended = await until(
      async () => (await eventsOf(task.id)).some((e) => e.type === 'late-failed'),
      30_000,
      'the watch to end',
    );
    expect(ended).toBe(true);
    const row = await db()
      .selectFrom('tasks')
      .select(['status', 'late_until', 'late_poll_at', 'credits'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: TaskStatus.failed, late_until: null, late_poll_at: null });
    const types = (await eventsOf(task.id)).map((e) => e.type);
    expect(types.filter((x) => x === 'released')).toHaveLength(1);
    expect(types).not.toContain('late-result');
    expect((await statusOf(alice, task.id)).lateUntil).toBeNull();
    expect(await balance(alice.userId)).toBe(before);
    // Its callback again: nothing is watched any more.
    const again = await callBack(job.callbackUrl!, fake.view(job.id));
    expect(again.body).toEqual({ ok: true, applied: false });
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it("another user's secret or upstream id applies nothing", async () => {
    const mine = await timedOut(alice, 'luma', {});
    const theirs = await timedOut(bob, 'luma', {});
    fake.finish(theirs.job.id);
    const url = (taskId: number, secret: string) =>
      `${t.app.ctx.config.publicUrl}/api/video/callback/luma/${taskId}?secret=${secret}`;
    // Bob's task with the secret of Alice's.
    const wrongSecret = await callBack(
      url(theirs.task.id, callbackSecret(t.app.ctx, mine.task.id)),
      fake.view(theirs.job.id),
    );
    expect(wrongSecret.status).toBe(401);
    // Alice's own callback link carrying Bob's finished job.
    const wrongJob = await callBack(
      url(mine.task.id, callbackSecret(t.app.ctx, mine.task.id)),
      fake.view(theirs.job.id),
    );
    expect(wrongJob.body).toEqual({ ok: true, applied: false });
    const alices = await statusOf(alice, mine.task.id);
    expect(alices.status).toBe(TaskStatus.failed);
    expect(alices.video).toBeNull();
    expect(await resultFilesOf(mine.task.id)).toHaveLength(0);
    // Bob's clip still reaches Bob, by his late poll.
    const bobs = await succeeded(bob, theirs.task.id);
    expect(bobs.video?.mime).toBe('video/mp4');
    expect(await resultFilesOf(mine.task.id)).toHaveLength(0);
    expect(await ledgerCheck(db())).toEqual([]);
  });
});
