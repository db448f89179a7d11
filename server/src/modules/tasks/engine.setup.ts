import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { type TestUser } from '../../test/users.js';
import { engineOf } from './engine.js';
import { registerTaskKind } from './runner.js';
import { startJobUpstream, type JobUpstream } from '../../../test/fakes/jobs.js';
import {
  FAKE_KIND,
  FAKE_PRICE,
  ensureFakePrice,
  fakeJobRunner,
  until,
} from '../../../test/task-support.js';
import { createTask, getTask } from './service.js';
import type { TaskRow } from './runner.js';
import { isTaskFinished } from '@atelier/contracts';

export let t: TestApp;
export const upstreams: JobUpstream[] = [];

export const balance = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;

export const settled = (userId: number, id: number) =>
  until(
    async () => {
      const task = await getTask(t.app.ctx, userId, id);
      return isTaskFinished(task.status) ? task : undefined;
    },
    25_000,
    `task ${id} to finish`,
  );

export async function upstream(durationMs = 40): Promise<JobUpstream> {
  const u = await startJobUpstream({ durationMs });
  upstreams.push(u);
  return u;
}

export const submit = (
  user: TestUser,
  u: Pick<JobUpstream, 'url'>,
  kind = FAKE_KIND,
  provider?: { id: number; limit: number },
): Promise<TaskRow> =>
  createTask(t.app.ctx, {
    userId: user.userId,
    kind,
    action: 'imagine',
    prompt: 'a red fox',
    params: { upstream: u.url },
    priceKey: FAKE_PRICE,
    providerId: provider?.id ?? null,
    providerLimit: provider?.limit ?? 0,
  });

/**
 * Starts the app and its fakes before this file's tests and stops them after; `tasks`
 * overrides task settings (late.test.ts shortens the late poll).
 */
export function useEngineApp(tasks: Record<string, number> = {}): void {
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        tasks: {
          workers: 8,
          userLimit: 3,
          retries: 2,
          backoffMs: 20,
          // A step timeout cuts a healthy step on a busy machine (then two runs of one task
          // overlap upstream); 2 s is still short for the tests that wait out a hanging one.
          stepTimeoutMs: 2000,
          leaseMs: 4000,
          idlePollMs: 25,
          timeoutMs: 20_000,
          ...tasks,
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
}
