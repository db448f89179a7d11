import { afterAll, beforeAll, expect } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import {
  startFakeMidjourneyProxy,
  type FakeMidjourneyProxy,
} from '../../../test/fakes/midjourney-proxy.js';
import { grant } from '../credits/index.js';
import { draw, freePort, quickTasks, startWorkers } from '../../../test/drawing-support.js';

/**
 * Every Midjourney action through a fake midjourney-proxy on loopback: what the proxy received
 * (paths, bodies, customIds, the secret), progress, notify hooks, failures and refunds.
 */
export let t: TestApp;
export let fake: FakeMidjourneyProxy;
export let port: number;
export let admin: TestUser;
export let alice: TestUser;
export let modelId: number;
export const PRICE = { imagine: 5, upscale: 2, variation: 4, other: 3 };

export const imagine = async (prompt: string, params: D.MjParams = {}) => {
  const r = await draw(t.app, alice.token, { type: 'imagine', modelId, prompt, params });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
export const press = async (task: D.DrawTask, label: RegExp | string, extra: object = {}) => {
  const button = task.buttons.find((b) =>
    typeof label === 'string' ? b.customId.startsWith(label) : label.test(b.label),
  );
  expect(button, `${String(label)} in ${JSON.stringify(task.buttons)}`).toBeTruthy();
  const r = await draw(t.app, alice.token, {
    type: 'action',
    taskId: task.id,
    customId: button!.customId,
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { queued: r.body.data, customId: button!.customId };
};
/** The upstream submit whose body carries our task id as `state`. */
export const submitOf = (taskId: number) =>
  fake.submits.find((s) => String(s.body.state) === String(taskId))!;

export async function providerId(): Promise<number> {
  const r = await call<{ rows: Array<{ id: number; name: string }> }>(t.app, {
    method: 'GET',
    url: '/api/admin/chat/providers',
    headers: bearer(admin.token),
  });
  return r.body.data.rows.find((p) => p.name === 'mj-fake')!.id;
}

/** Starts the app and its fakes before this file's tests and stops them after. */
export function useProxyApp(): void {
  beforeAll(async () => {
    port = await freePort();
    [fake, t] = await Promise.all([
      startFakeMidjourneyProxy({ stepMs: 20 }),
      createTestApp({
        env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
        config: { drawing: { demoStepMs: 20, pollMs: 40 }, tasks: quickTasks },
      }),
    ]);
    await startWorkers(t.app);
    await t.app.listen({ port, host: '127.0.0.1' });
    [admin, alice] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app)]);
    const h = bearer(admin.token);
    const provider = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/create',
      headers: h,
      payload: { name: 'mj-fake', protocol: 'midjourney', baseUrl: fake.url, apiKey: fake.secret },
    });
    // The prices first: a model must name a price that exists.
    const actions: Array<[string, number]> = [
      ['imagine', PRICE.imagine],
      ['upscale', PRICE.upscale],
      ['variation', PRICE.variation],
      ...['reroll', 'zoom', 'pan', 'upscale_hd', 'inpaint', 'blend', 'describe', 'faceswap'].map(
        (a) => [a, PRICE.other] as [string, number],
      ),
    ];
    for (const [action, amount] of actions)
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/credits/prices/create',
        headers: h,
        payload: {
          model: 'fakemj',
          action,
          category: 'image',
          label: `fake ${action}`,
          credits: amount,
        },
      });
    const model = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'MJ (fake proxy)',
        upstreamModel: 'trueai',
        providerId: provider.body.data.id,
        kind: 'image',
        priceKey: 'fakemj:imagine',
      },
    });
    modelId = model.body.data.id;
    await grant(t.app.ctx.db.kysely, {
      userId: alice.userId,
      amount: 1000,
      kind: 'admin_adjust',
      ref: 'test',
      idempotencyKey: `test:${alice.userId}`,
    });
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });
}
