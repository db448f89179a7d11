import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as A from '@atelier/contracts/admin';
import {
  chat as C,
  isTaskFinished,
  music as M,
  type drawing as D,
  type video as V,
} from '@atelier/contracts';
import { draw, freePort, quickTasks, settle, startWorkers } from '../../../test/drawing-support.js';
import { startFakeNewApi, type FakeNewApi } from '../../../test/fakes/newapi.js';
import { until } from '../../../test/task-support.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { grant } from '../credits/index.js';

/*
 * New API as ONE provider (`newapi`): its root as base URL, one token, and a model of every
 * kind on it, against one fake relay that routes by path as New API does (test/fakes/newapi.ts).
 * Each kind calls the relay's own route for it, each result is charged once, and a refusal
 * charges nothing.
 */
let t: TestApp;
let relay: FakeNewApi;
let admin: TestUser;
let alice: TestUser;
let providerId = 0;
const models: Record<string, number> = {};
/** Price model → its actions' credits (tokens for chat: per 1k, in and out). */
const PRICES = {
  'na-image': { generate: 7 },
  'na-mj': { imagine: 5, upscale: 2 },
  'na-suno': { song: 10, extend: 6, lyrics: 2 },
  'na-kling': { generate: 8 },
  'na-sora': { generate: 9 },
} as const;
const CATEGORY: Record<string, string> = {
  'na-image': 'image',
  'na-mj': 'image',
  'na-suno': 'music',
  'na-kling': 'video',
  'na-sora': 'video',
};

const balance = async () => (await t.app.ctx.balances.read(alice.userId)).credits;
const charges = async () =>
  (
    await t.app.ctx.db.kysely
      .selectFrom('credit_ledger')
      .select(['amount'])
      .where('user_id', '=', alice.userId)
      .where('kind', '=', 'charge')
      .execute()
  ).length;
/** The paths the relay was asked for since `from`. */
const pathsSince = (from: number) => relay.requests.slice(from).map((r) => r.path);

async function post<T>(url: string, payload: object, token = admin.token) {
  const r = await call<T>(t.app, { method: 'POST', url, headers: bearer(token), payload });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function addModel(name: string, upstreamModel: string, kind: string, priceKey: string) {
  models[name] = (
    await post<{ id: number }>('/api/admin/chat/models/create', {
      name,
      upstreamModel,
      providerId,
      kind,
      priceKey,
    })
  ).id;
}

const song = (id: number) =>
  until(
    async () => {
      const r = await callEndpoint(t.app, M.getSongs, {
        query: { ids: String(id) },
        token: alice.token,
      });
      const x = r.body.data.rows[0]!;
      return isTaskFinished(x.status) ? x : undefined;
    },
    40_000,
    `song ${id}`,
  );

const clip = (id: number) =>
  until(
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
    `video ${id}`,
  );

beforeAll(async () => {
  const port = await freePort();
  [relay, t] = await Promise.all([
    startFakeNewApi(),
    createTestApp({
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
      config: {
        // Its polling helpers ask every 20 ms from one address: on a slow machine more than
        // the 1,200 calls a minute an address may make, which is not under test here.
        rateLimit: { global: 1_000_000 },
        drawing: { pollMs: 30 },
        music: { pollMs: 40 },
        video: { pollMs: 40 },
        tasks: { ...quickTasks, retries: 2, stepTimeoutMs: 15_000 },
      },
    }),
  ]);
  await startWorkers(t.app);
  await t.app.listen({ port, host: '127.0.0.1' });
  [admin, alice] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app)]);
  providerId = (
    await post<{ id: number }>('/api/admin/chat/providers/create', {
      name: 'relay',
      protocol: 'newapi',
      baseUrl: relay.url,
      apiKey: relay.token,
    })
  ).id;
  await post('/api/admin/credits/prices/create', {
    model: 'na-chat',
    action: 'chat',
    category: 'chat',
    label: 'na chat',
    unit: '1k_tokens',
    inputPer1k: 100,
    outputPer1k: 200,
  });
  for (const [model, actions] of Object.entries(PRICES))
    for (const [action, credits] of Object.entries(actions))
      await post('/api/admin/credits/prices/create', {
        model,
        action,
        category: CATEGORY[model],
        label: `${model} ${action}`,
        credits,
      });
  await addModel('NA chat', 'gpt-4o-mini', 'chat', 'na-chat:chat');
  await addModel('NA image', 'gpt-image-1', 'image', 'na-image:generate');
  await addModel('NA mj', 'midjourney', 'image', 'na-mj:imagine');
  await addModel('NA suno', 'chirp-v4', 'music', 'na-suno:song');
  await addModel('NA kling', 'kling-v1-6', 'video', 'na-kling:generate');
  await addModel('NA sora', 'sora-2', 'video', 'na-sora:generate');
  await grant(t.app.ctx.db.kysely, {
    userId: alice.userId,
    amount: 10_000,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${alice.userId}`,
  });
});

afterAll(async () => {
  await relay?.close();
  await t?.close();
});

describe('New API as one provider', () => {
  it('is one protocol serving every kind, with one connection test on /v1/models', async () => {
    const protocols = await callEndpoint(t.app, A.listProviderProtocols, { token: admin.token });
    const row = protocols.body.data.rows.find((r) => r.protocol === 'newapi');
    expect(row?.kinds).toEqual(expect.arrayContaining(['chat', 'image', 'mj', 'music', 'video']));
    const from = relay.requests.length;
    const test = await callEndpoint(t.app, A.testProvider, {
      token: admin.token,
      body: { id: providerId },
    });
    expect(test.body.data, JSON.stringify(test.body)).toMatchObject({ ok: true });
    expect(test.body.data.message).toMatch(/^New API: \d+ models listed/);
    expect(pathsSince(from)).toEqual(['/v1/models']);
  });

  it('answers a chat through <root>/v1/chat/completions, charged once', async () => {
    const [before, charged, from] = [await balance(), await charges(), relay.requests.length];
    const groupId = (
      await callEndpoint(t.app, C.createGroup, { headers: bearer(alice.token), body: {} })
    ).body.data.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chatgpt/chat-process',
      headers: { ...bearer(alice.token), 'x-lang': 'en-US' },
      payload: { gptModelId: models['NA chat'], prompt: 'Hello', options: { groupId } },
    });
    const last = JSON.parse(res.body.trim().split('\n').at(-1)!) as C.ChatStreamLine;
    expect(last).toMatchObject({ done: true, text: relay.chat.reply });
    expect(pathsSince(from)).toEqual(['/v1/chat/completions']);
    expect(relay.chat.requests.at(-1)!.body.model).toBe('gpt-4o-mini');
    expect(await charges()).toBe(charged + 1);
    expect(await balance()).toBeLessThan(before);
  });

  it('draws a picture through <root>/v1/images/generations, charged once', async () => {
    const [before, charged, from] = [await balance(), await charges(), relay.requests.length];
    const r = await post<{ rows: D.DrawTask[] }>(
      '/api/queue/dalleCreate',
      { modelId: models['NA image'], prompt: 'a lighthouse', n: 1, size: '1024x1024' },
      alice.token,
    );
    const done = await settle(t.app, alice.token, r.rows[0]!.id);
    expect(done.status, done.error ?? '').toBe(3);
    expect(pathsSince(from)).toEqual(['/v1/images/generations']);
    expect(await charges()).toBe(charged + 1);
    expect(await balance()).toBe(before - PRICES['na-image'].generate);
  });

  it('imagines on Midjourney through /{mode}/mj and upscales U1, each charged once', async () => {
    const [before, charged, from] = [await balance(), await charges(), relay.requests.length];
    const r = await draw(t.app, alice.token, {
      type: 'imagine',
      modelId: models['NA mj'],
      prompt: 'a relayed fox',
      params: { mode: 'relax' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const grid = await settle(t.app, alice.token, r.body.data.id);
    expect(grid.status, grid.error ?? '').toBe(3);
    expect(pathsSince(from)).toContain('/relax/mj/submit/imagine');
    expect(await charges()).toBe(charged + 1);
    const u1 = grid.buttons.find((b) => b.label === 'U1')!;
    const up = await draw(t.app, alice.token, {
      type: 'action',
      taskId: grid.id,
      customId: u1.customId,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const done = await settle(t.app, alice.token, up.body.data.id);
    expect(done.status, done.error ?? '').toBe(3);
    expect(relay.mj.submits.at(-1)).toMatchObject({ path: '/mj/submit/change', mode: 'relax' });
    expect(await charges()).toBe(charged + 2);
    expect(await balance()).toBe(before - PRICES['na-mj'].imagine - PRICES['na-mj'].upscale);
  });

  it('makes a Suno song and extends it through /suno, each charged once', async () => {
    const [before, charged, from] = [await balance(), await charges(), relay.requests.length];
    const s = await callEndpoint(t.app, M.submitSong, {
      body: { modelId: models['NA suno']!, mode: 'inspiration', prompt: 'a harbour song' },
      token: alice.token,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const first = await song(s.body.data.id);
    expect(first.status, first.error ?? '').toBe(3);
    const ext = await callEndpoint(t.app, M.extendSong, {
      body: { taskId: first.id, clip: 0, at: 1, lyrics: '[Verse]\nmore' },
      token: alice.token,
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(200);
    const extended = await song(ext.body.data.id);
    expect(extended.status, extended.error ?? '').toBe(3);
    expect(pathsSince(from).filter((p) => p.startsWith('/suno/submit/'))).toEqual([
      '/suno/submit/music',
      '/suno/submit/music',
    ]);
    expect(await charges()).toBe(charged + 2);
    const { song: one, extend } = PRICES['na-suno'];
    expect(await balance()).toBe(before - one - extend);
  });

  it('makes a Kling video on /kling/v1 and a sora-2 one on /v1/videos, each charged once', async () => {
    for (const [name, path, credits, duration] of [
      ['NA kling', '/kling/v1/videos/text2video', PRICES['na-kling'].generate, 5],
      ['NA sora', '/v1/videos', PRICES['na-sora'].generate, 4],
    ] as const) {
      const [before, charged, from] = [await balance(), await charges(), relay.requests.length];
      const r = await post<V.VideoTask>(
        '/api/queue/runwayVideo',
        { modelId: models[name], prompt: `a ${name} clip`, duration },
        alice.token,
      );
      const done = await clip(r.id);
      expect(done.status, done.error ?? '').toBe(3);
      const asked = pathsSince(from);
      // One submit; then reads of the task (`/v1/videos/{id}`) and the file.
      expect(asked.filter((p) => !/^\/(v1\/videos|files)\//.test(p))).toEqual([path]);
      expect(asked.some((p) => p.startsWith('/v1/videos/'))).toBe(true);
      expect(await charges()).toBe(charged + 1);
      expect(await balance()).toBe(before - credits);
    }
  });

  it('checks each video model by its own upstream: Kling 5/10 s, the /v1/videos ones 4/8/12', async () => {
    const [before, from] = [await balance(), relay.requests.length];
    for (const [name, duration] of [
      ['NA kling', 4],
      ['NA sora', 5],
    ] as const) {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/queue/runwayVideo',
        headers: bearer(alice.token),
        payload: { modelId: models[name], prompt: 'x', duration },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain('duration');
    }
    expect(pathsSince(from)).toEqual([]);
    expect(await balance()).toBe(before);
  });

  it('a refusal of the relay charges nothing', async () => {
    const [before, charged] = [await balance(), await charges()];
    relay.suno.quotaRefusals = 1;
    const s = await callEndpoint(t.app, M.submitSong, {
      body: { modelId: models['NA suno']!, mode: 'inspiration', prompt: 'refused' },
      token: alice.token,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const done = await song(s.body.data.id);
    expect(done.status).toBe(4);
    expect(done.error).toMatch(/usage limit/);
    expect(await charges()).toBe(charged);
    expect(await balance()).toBe(before);
  });

  it('refuses a wrong token as New API does: 401, nothing relayed', async () => {
    const r = await fetch(`${relay.url}/v1/models`, { headers: { authorization: 'Bearer sk-no' } });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: { type: 'new_api_error' } });
  });
});
