import { afterAll, beforeAll, expect } from 'vitest';
import { music as M, isTaskFinished, type BodyIn } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeSuno, type FakeSuno } from '../../../test/fakes/suno.js';
import { grant } from '../credits/index.js';
import { freePort, quickTasks, startWorkers } from '../../../test/drawing-support.js';

/**
 * A test app with the offline demo and two fake Suno upstreams (New API task format and
 * gcui suno-api) as music models, each priced `song` 10, `extend` 6, `lyrics` 2.
 */
export let t: TestApp;
export let admin: TestUser;
export let alice: TestUser;
export let bob: TestUser;
export const fakes = {} as Record<'newapi' | 'gcui', FakeSuno>;
export const models = {} as Record<'newapi' | 'gcui' | 'demo', number>;
export const PRICE = { song: 10, extend: 6, lyrics: 2 };

export const balance = async (u: TestUser) => (await t.app.ctx.balances.read(u.userId)).credits;

/** Waits until the songs are finished and answers them as the screen reads them. */
export async function finished(u: TestUser, id: number, seen: number[] = [], ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    const r = await callEndpoint(t.app, M.getSongs, { query: { ids: String(id) }, token: u.token });
    const task = r.body.data.rows[0]!;
    seen.push(task.progress);
    if (isTaskFinished(task.status)) return task;
    if (Date.now() > until) throw new Error(`song ${id} not finished: ${JSON.stringify(task)}`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

export async function submit(u: TestUser, body: BodyIn<typeof M.submitSong>) {
  const r = await callEndpoint(t.app, M.submitSong, { body, token: u.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

export function useMusicApp(): void {
  beforeAll(async () => {
    const port = await freePort();
    [fakes.newapi, fakes.gcui, t] = await Promise.all([
      startFakeSuno('newapi'),
      startFakeSuno('gcui'),
      createTestApp({
        env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
        config: {
          // Its polling helpers ask every 20 ms from one address: on a slow machine more than
          // the 1,200 calls a minute an address may make, which is not under test here.
          rateLimit: { global: 1_000_000 },
          music: { pollMs: 40 },
          tasks: quickTasks,
        },
      }),
    ]);
    await startWorkers(t.app);
    await t.app.listen({ port, host: '127.0.0.1' });
    [admin, alice, bob] = await Promise.all([
      createUser(t.app, { role: 'admin' }),
      createUser(t.app),
      createUser(t.app),
    ]);
    const h = bearer(admin.token);
    for (const [name, protocol] of [
      ['newapi', 'suno-newapi'],
      ['gcui', 'suno-api'],
    ] as const) {
      const provider = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/chat/providers/create',
        headers: h,
        payload: {
          name: `suno-${name}`,
          protocol,
          baseUrl: fakes[name].url,
          apiKey: fakes[name].key,
        },
      });
      expect(provider.status, JSON.stringify(provider.body)).toBe(200);
      const model = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/chat/models/create',
        headers: h,
        payload: {
          name: `Suno (${name})`,
          upstreamModel: 'chirp-v4',
          providerId: provider.body.data.id,
          kind: 'music',
          priceKey: `fake${name}:song`,
        },
      });
      expect(model.status, JSON.stringify(model.body)).toBe(200);
      models[name] = model.body.data.id;
      for (const [action, credits] of Object.entries(PRICE))
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/credits/prices/create',
          headers: h,
          payload: {
            model: `fake${name}`,
            action,
            category: 'music',
            label: `fake ${action}`,
            credits,
          },
        });
    }
    const list = await callEndpoint(t.app, M.listModels, { token: alice.token });
    models.demo = list.body.data.rows.find((m) => m.demo)!.id;
    for (const u of [alice, bob])
      await grant(t.app.ctx.db.kysely, {
        userId: u.userId,
        amount: 1000,
        kind: 'admin_adjust',
        ref: 'test',
        idempotencyKey: `test:${u.userId}`,
      });
  });
  afterAll(async () => {
    await fakes.newapi.close();
    await fakes.gcui.close();
    await t.close();
  });
}
