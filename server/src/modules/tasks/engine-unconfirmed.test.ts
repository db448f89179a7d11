import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/users.js';
import { ledgerCheck } from '../credits/index.js';
import { fund, until } from '../../../test/task-support.js';
import { startJobUpstream } from '../../../test/fakes/jobs.js';
import { freePort } from '../../../test/drawing-support.js';
import { texts } from './messages.js';
import { getTask } from './service.js';
import { t, balance, settled, upstream, upstreams, submit, useEngineApp } from './engine.setup.js';

/*
 * A submit whose outcome is unknown is never sent again (unconfirmed.ts): the fake job
 * upstream counts the jobs each task started.
 */
// Retries spaced out, so the refused submit's upstream is up before they are used up.
useEngineApp({ retries: 8, backoffMs: 200 });

/** The task's timeline, as the operator's console reads it. */
const eventsOf = (taskId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('task_events')
    .select(['type', 'detail'])
    .where('task_id', '=', taskId)
    .orderBy('id')
    .execute();

describe('a submit that may have reached the upstream', () => {
  it('is not sent again when the upstream never answers (step timeout): one job, refunded', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.hangSubmits = true;
    const done = await settled(user.userId, (await submit(user, u)).id);
    expect(done.status).toBe(4);
    expect(u.submits).toBe(1);
    expect(done.error).toEqual(texts.taskUnconfirmed);
    expect(done.data.unconfirmed).toMatchObject({ detail: expect.stringMatching(/cut off/) });
    expect(await balance(user.userId)).toBe(20);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('is not sent again when the connection drops mid-request: one job, refunded', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.resetSubmits = 1;
    const done = await settled(user.userId, (await submit(user, u)).id);
    expect(done.status).toBe(4);
    expect(u.submits).toBe(1);
    expect(u.jobs.size).toBe(1);
    expect(done.error?.['zh-CN']).toBe(texts.taskUnconfirmed['zh-CN']);
    const failed = (await eventsOf(done.id)).find((e) => e.type === 'failed');
    expect(failed?.detail).toMatch(/upstream unreachable/);
    expect(await balance(user.userId)).toBe(20);
  });

  it('is retried when the connection was refused before anything was sent', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const port = await freePort();
    const task = await submit(user, { url: `http://127.0.0.1:${port}` });
    // Refused at least once (a retry recorded), then the upstream comes up on that port.
    await until(async () => ((await getTask(t.app.ctx, user.userId, task.id)).attempts ? 1 : 0));
    const u = await startJobUpstream({ port });
    upstreams.push(u);
    const done = await settled(user.userId, task.id);
    expect(done.status).toBe(3);
    expect(u.submits).toBe(1);
    expect(await balance(user.userId)).toBe(15);
  });
});
