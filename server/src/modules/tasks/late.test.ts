import { describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createUser } from '../../test/users.js';
import { FAKE_KIND, fund, until } from '../../../test/task-support.js';
import { ledgerCheck } from '../credits/index.js';
import { balance, submit, t, upstream, useEngineApp } from './engine.setup.js';
import { closeLateWatch, startLateWatch } from './late.js';
import { getTask, redoTask } from './service.js';

/**
 * Late results for any kind (late.ts), through the fake job upstream: a task slower upstream
 * than its timeout fails and is refunded, then its result is kept, charged 0; the watch lives
 * in the row (a fresh watch takes it up), takes no provider slot, ends at `late_until`, and
 * ends when the task runs again. The video kind's callbacks: modules/video/late.test.ts.
 *
 * A task times out here by its deadline moved into the past once its job is upstream, and a
 * job finishes when its upstream's `durationMs` is set to 0: a timeout measured from the
 * task's creation could pass before a busy machine first claimed it, and then the job never
 * reached the upstream and there was nothing to watch.
 */
useEngineApp({ latePollMs: 100 });

const db = () => t.app.ctx.db.kysely;

/** A funded user's task, its job upstream for `durationMs`, once its timeout has passed. */
async function timedOut(durationMs: number, provider?: { id: number; limit: number }) {
  const user = await createUser(t.app);
  await fund(t.app, user.userId, 50);
  const u = await upstream(durationMs);
  const task = await submit(user, u, FAKE_KIND, provider);
  await until(
    async () => (await getTask(t.app.ctx, user.userId, task.id)).upstreamId,
    25_000,
    `task ${task.id} to reach its upstream`,
  );
  await db()
    .updateTable('tasks')
    .set({ deadline: Date.now() - 1 })
    .where('id', '=', task.id)
    .execute();
  const failed = await until(
    async () => {
      const x = await getTask(t.app.ctx, user.userId, task.id);
      return x.status === TaskStatus.failed ? x : undefined;
    },
    25_000,
    `task ${task.id} to time out`,
  );
  expect(failed.error?.['en-US']).toMatch(/too long/);
  expect(await balance(user.userId)).toBe(50);
  return { user, task: failed, upstream: u };
}

const watchOf = (id: number) =>
  db()
    .selectFrom('tasks')
    .select(['status', 'late_until', 'late_poll_at', 'credits', 'files'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const succeeded = (userId: number, id: number) =>
  until(
    async () => {
      const x = await getTask(t.app.ctx, userId, id);
      return x.status === TaskStatus.succeeded ? x : undefined;
    },
    15_000,
    `task ${id} to get its late result`,
  );

describe('a result after the timeout, any kind', () => {
  it('is kept and charged 0; the watch is in the row, so a fresh watch takes it up', async () => {
    const { user, task, upstream: u } = await timedOut(60_000);
    // The process that watched it goes away before the result exists.
    await closeLateWatch(t.app.ctx);
    const row = await watchOf(task.id);
    expect(row.late_until).toBeGreaterThan(Date.now());
    expect(row.late_poll_at).not.toBeNull();
    u.durationMs = 0;
    expect(u.jobs.size).toBe(1);
    expect((await getTask(t.app.ctx, user.userId, task.id)).status).toBe(TaskStatus.failed);

    startLateWatch(t.app.ctx);
    const done = await succeeded(user.userId, task.id);
    expect(done.files).toHaveLength(1);
    expect(done.files[0]!.mime).toBe('image/png');
    expect(done.credits).toBe(0);
    expect(done.error).toBeNull();
    expect(done.data.lateResult).toBe(true);
    expect(await balance(user.userId)).toBe(50);
    expect(await watchOf(task.id)).toMatchObject({ late_until: null, late_poll_at: null });
    expect(await ledgerCheck(db())).toEqual([]);
  });

  it('takes no provider slot from live tasks while watched', async () => {
    const provider = { id: 987_654, limit: 1 };
    const slow = await timedOut(60_000, provider);
    expect((await watchOf(slow.task.id)).late_until).not.toBeNull();
    const live = await submit(slow.user, await upstream(30), FAKE_KIND, provider);
    const done = await succeeded(slow.user.userId, live.id);
    expect(done.credits).toBe(5);
    // Still watched, still polled, never running again.
    const polls = slow.upstream.polls;
    await until(async () => slow.upstream.polls > polls, 30_000, 'a late poll');
    expect(await watchOf(slow.task.id)).toMatchObject({ status: TaskStatus.failed });
  });

  it('ends at late_until: a result after that is not taken', async () => {
    const other = await timedOut(60_000);
    const { user, task, upstream: u } = await timedOut(60_000);
    await db()
      .updateTable('tasks')
      .set({ late_until: Date.now() - 1 })
      .where('id', '=', task.id)
      .execute();
    await until(async () => (await watchOf(task.id)).late_until === null, 30_000, 'the sweep');
    u.durationMs = 0;
    // Nothing must take the result now. A task still watched shows the late rounds going on:
    // two more polls of it are one whole round after the result was ready, which would have
    // taken it had the ended watch still been polled.
    const polls = other.upstream.polls;
    await until(async () => other.upstream.polls >= polls + 2, 20_000, 'a whole late round');
    expect(await watchOf(task.id)).toMatchObject({ status: TaskStatus.failed, files: '[]' });
    expect(await balance(user.userId)).toBe(50);
  });

  it('ends when the task runs again in place', async () => {
    const { user, task } = await timedOut(60_000);
    expect((await watchOf(task.id)).late_until).not.toBeNull();
    await redoTask(t.app.ctx, user.userId, task.id, { inPlace: true });
    const row = await watchOf(task.id);
    expect(row.late_until).toBeNull();
    expect(row.late_poll_at).toBeNull();
  });
});
