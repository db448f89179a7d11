import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createTestApp, testDialect, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { until } from '../../../test/task-support.js';
import { engineOf } from './engine.js';
import { registerTaskKind } from './runner.js';
import type { TaskIo } from './runner.js';
import { createTask } from './service.js';

/*
 * A reservation in the engine (PostgreSQL: claim.ts): the task reserved for a slot starts
 * while the statement that ends the slot's task takes it. When that statement does not take
 * it, its step is cut off at once and it runs again later, as any waiting task.
 */

let t: TestApp;
/** Each submit: the task and its step's signal. */
const calls: Array<{ id: number; signal: AbortSignal }> = [];
/** The test lets a task's first submit answer. */
const gates = new Map<number, () => void>();
const opened = new Map<number, Promise<void>>();
const gate = (id: number) => {
  opened.set(id, new Promise<void>((resolve) => gates.set(id, resolve)));
};
const aborted = (io: TaskIo) =>
  new Promise<void>((resolve) => io.signal.addEventListener('abort', () => resolve()));

beforeAll(async () => {
  t = await createTestApp({
    config: {
      tasks: {
        workers: 2,
        userLimit: 3,
        leaseMs: 5000,
        idlePollMs: 25,
        stepTimeoutMs: 5000,
        runInApi: false,
      },
    },
  });
  registerTaskKind(t.app.ctx, {
    kind: 'reserve-test',
    async submit(task, io) {
      const first = !calls.some((c) => c.id === task.id);
      calls.push({ id: task.id, signal: io.signal });
      const wait = opened.get(task.id);
      // A gated task waits for the test; any other first submit waits until it is cut off
      // (or for its step timeout, which the test would see as not cut off).
      if (first && wait) await wait;
      else if (first) await aborted(io);
      return { type: 'done', files: [] };
    },
    async poll() {
      return { type: 'done', files: [] };
    },
  });
});
afterAll(async () => t.close());

describe.runIf(testDialect === 'postgres')('task reservations in the engine', () => {
  it('cut off the step of a reserved task its hand-over did not take; it runs again', async () => {
    const ctx = t.app.ctx;
    const user = await createUser(t.app);
    const task = () =>
      createTask(ctx, {
        userId: user.userId,
        kind: 'reserve-test',
        action: 'run',
        prompt: 'reserved',
        params: {},
        priceKey: null,
        providerId: 970,
        providerLimit: 1,
      });
    const a = await task();
    const b = await task();
    gate(a.id);
    const engine = engineOf(ctx);
    await engine.start();
    const row = (id: number) =>
      ctx.db.kysely.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    // a runs and fills its provider: b is reserved for its slot, by this worker.
    await until(async () => calls.some((c) => c.id === a.id) || undefined, 5000, 'a to start');
    expect(await row(b.id)).toMatchObject({
      status: TaskStatus.queued,
      lease_owner: engine.owner,
    });

    // Another worker ended a meanwhile (as after a lapsed lease): this worker's end of a
    // changes nothing, so its hand-over does not take b, whose step had started.
    await ctx.db.kysely
      .updateTable('tasks')
      .set({ status: TaskStatus.succeeded, lease_owner: 'elsewhere', lease_until: null })
      .where('id', '=', a.id)
      .execute();
    gates.get(a.id)!();
    await until(async () => calls.some((c) => c.id === b.id) || undefined, 5000, 'b to start');
    const firstOfB = calls.find((c) => c.id === b.id)!;
    await until(async () => firstOfB.signal.aborted || undefined, 2000, "b's step cut off");

    // b waits in line again, is claimed as any task and runs to its end, once.
    const done = await until(
      async () => {
        const r = await row(b.id);
        return r.status === TaskStatus.succeeded ? r : undefined;
      },
      5000,
      'b to finish',
    );
    expect(done.lease_owner).toBeNull();
    expect(calls.filter((c) => c.id === b.id)).toHaveLength(2);
    const events = await ctx.db.kysely
      .selectFrom('task_events')
      .select('type')
      .where('task_id', '=', b.id)
      .where('type', '=', 'succeeded')
      .execute();
    expect(events).toHaveLength(1);
    await engine.stop();
  });
});
