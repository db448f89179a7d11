import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/users.js';
import { ledgerCheck } from '../credits/index.js';
import { FAKE_KIND, fund, peakRunningUntilDone, until } from '../../../test/task-support.js';
import { getTask, listTasks, redoTask, reportProgress } from './service.js';
import { t, balance, settled, upstream, submit, useEngineApp } from './engine.setup.js';

useEngineApp();

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
    const most = await peakRunningUntilDone(t.app, user.userId, 120_000, 'all 50 tasks');
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
});
