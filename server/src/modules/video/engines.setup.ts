import { afterAll, beforeAll, expect } from 'vitest';
import { isTaskFinished, type video as V } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { freePort, pngOf, quickTasks, startWorkers } from '../../../test/drawing-support.js';
import {
  startFakeVideoEngines,
  type EngineProtocol,
  type FakeVideoEngines,
} from '../../../test/fakes/video-engines.js';
import { fund, until } from '../../../test/task-support.js';

/** The app and fake of engines.test.ts (docs/video.md, Tests). */
export let t: TestApp;
export let fake: FakeVideoEngines;
export let admin: TestUser;
export let alice: TestUser;
export let frame: string;
export const models: Record<string, number> = {};
export const PRICE: Record<EngineProtocol | 'newapi', number> = {
  seedance: 9,
  veo: 13,
  hailuo: 8,
  wan: 6,
  vidu: 7,
  jimeng: 5,
  newapi: 11,
};
export const ENGINES: EngineProtocol[] = ['seedance', 'veo', 'hailuo', 'wan', 'vidu', 'jimeng'];
export const MODEL: Record<string, [EngineProtocol | 'newapi', string]> = {
  'na-seedance': ['newapi', 'doubao-seedance-1-0-pro-250528'],
  'na-veo': ['newapi', 'veo-3.0-generate-001'],
  'na-hailuo': ['newapi', 'MiniMax-Hailuo-02'],
  'na-wan': ['newapi', 'wan2.5-t2v-preview'],
  'na-vidu': ['newapi', 'viduq1'],
  'na-jimeng': ['newapi', 'jimeng_v30'],
  jimeng: ['jimeng', 'jimeng_v30'],
  'jimeng-l20': ['jimeng', 'jimeng_vgfm_t2v_l20'],
  vidu: ['vidu', 'viduq1'],
  seedance: ['seedance', 'doubao-seedance-1-0-pro-250528'],
  veo: ['veo', 'veo-3.0-generate-001'],
  hailuo: ['hailuo', 'MiniMax-Hailuo-02'],
  wan: ['wan', 'wan2.5-t2v-preview'],
  'seedance-t2v': ['seedance', 'doubao-seedance-1-0-lite-t2v-250428'],
  'veo-2': ['veo', 'veo-2.0-generate-001'],
  'veo-3.1': ['veo', 'veo-3.1-generate-preview'],
  'wan-kf': ['wan', 'wan2.1-kf2v-plus'],
  'hailuo-t2v': ['hailuo', 'T2V-01'],
};
export const DURATION: Record<EngineProtocol, number> = {
  seedance: 5,
  veo: 8,
  hailuo: 6,
  wan: 5,
  vidu: 5,
  jimeng: 5,
};

export const balance = async (userId: number) => (await t.app.ctx.balances.read(userId)).credits;
let sent = 0;
/** A queue call; each from another address, as this file asks more than the 30 a minute of one. */
export const queue = (body: object) =>
  call<V.VideoTask>(t.app, {
    method: 'POST',
    url: '/api/queue/runwayVideo',
    headers: bearer(alice.token),
    payload: body,
    remoteAddress: `10.0.${Math.floor(sent / 20)}.${(sent++ % 20) + 1}`,
  });
export async function finished(id: number) {
  return until(
    async () => {
      const r = await call<{ rows: V.VideoTask[] }>(t.app, {
        method: 'POST',
        url: '/api/video/status',
        headers: bearer(alice.token),
        payload: { ids: [id] },
      });
      const x = r.body.data.rows[0]!;
      return isTaskFinished(x.status) ? x : undefined;
    },
    60_000,
    `video ${id} to finish`,
  );
}
export const lastPost = (path: RegExp) =>
  fake.requests.filter((q) => q.method === 'POST' && path.test(q.path)).at(-1)!;
export const modelRows = async () =>
  (await call<{ rows: V.VideoModel[] }>(t.app, { url: '/api/video/models' })).body.data.rows;

/** The app, the fake and a provider, price and models per engine (and New API). */
export function useEnginesApp(): void {
  beforeAll(async () => {
    const port = await freePort();
    [fake, t] = await Promise.all([
      startFakeVideoEngines({ stepMs: 60, clipSeconds: 2 }),
      createTestApp({
        env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
        config: {
          // The file polls its clips every 20 ms from one address: on a slow machine that is
          // more than the 1,200 calls a minute an address may make, which is not under test.
          rateLimit: { global: 1_000_000 },
          video: { pollMs: 40, demoStepMs: 20 },
          tasks: { ...quickTasks, retries: 3, stepTimeoutMs: 15_000 },
        },
      }),
    ]);
    await startWorkers(t.app);
    await t.app.listen({ port, host: '127.0.0.1' });
    [admin, alice] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app)]);
    const h = bearer(admin.token);
    const providers: Record<string, number> = {};
    for (const protocol of [...ENGINES, 'newapi' as const]) {
      const p = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/chat/providers/create',
        headers: h,
        payload: {
          name: `fake-${protocol}`,
          protocol,
          baseUrl: fake.url,
          apiKey: protocol === 'jimeng' ? fake.volcKey : fake.apiKey,
        },
      });
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      providers[protocol] = p.body.data.id;
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/credits/prices/create',
        headers: h,
        payload: {
          model: `fake-${protocol}`,
          action: 'generate',
          category: 'video',
          label: `fake ${protocol}`,
          credits: PRICE[protocol],
        },
      });
    }
    for (const [name, [protocol, upstreamModel]] of Object.entries(MODEL)) {
      const m = await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/chat/models/create',
        headers: h,
        payload: {
          name: `Fake ${name}`,
          upstreamModel,
          providerId: providers[protocol],
          kind: 'video',
          priceKey: `fake-${protocol}:generate`,
        },
      });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
      models[name] = m.body.data.id;
    }
    await fund(t.app, alice.userId, 10_000);
    frame = `data:image/png;base64,${(await pngOf(200, 80, 40, 64)).toString('base64')}`;
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });
}
