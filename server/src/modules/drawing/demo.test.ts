import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fakes/openai.js';
import { grant } from '../credits/index.js';
import {
  credits,
  draw,
  pngOf,
  quickTasks,
  settle,
  startWorkers,
  status,
  upload,
} from '../../../test/drawing-support.js';

/**
 * The offline demo end to end (a fresh install draws with no network), the lists and
 * simulations of the screen, chat drawings, zips — and that nobody reaches another user's
 * drawings through any of the calls.
 */
let t: TestApp;
let openai: FakeOpenAI;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [t, openai] = await Promise.all([
    // Steps long enough that the status polls see the progress in between on a busy machine.
    createTestApp({ config: { drawing: { demoStepMs: 150, pollMs: 40 }, tasks: quickTasks } }),
    startFakeOpenAI(),
  ]);
  await startWorkers(t.app);
  [alice, bob, admin] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { role: 'admin' }),
  ]);
  for (const u of [alice, bob])
    await grant(t.app.ctx.db.kysely, {
      userId: u.userId,
      amount: 500,
      kind: 'admin_adjust',
      ref: 'test',
      idempotencyKey: `test:${u.userId}`,
    });
});
afterAll(async () => {
  await openai.close();
  await t.close();
});

const get = <T>(url: string, token: string) =>
  call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: bearer(token) });
const post = <T>(url: string, token: string, payload: object) =>
  call<T>(t.app, { method: 'POST', url: `/api${url}`, headers: bearer(token), payload });

describe('the offline demo', () => {
  let grid: D.DrawTask;

  it('is offered to a fresh install and walks the protocol’s progress steps', async () => {
    const models = await get<{ rows: D.MjModel[] }>('/autoreply/queryMjModel', alice.token);
    expect(models.body.data.rows.map((m) => m.name)).toContain('Offline demo · Midjourney');
    const before = await credits(t.app, alice.token);
    const q = await draw(t.app, alice.token, {
      type: 'imagine',
      prompt: 'a golden city by the sea at sunset --ar 16:9',
      params: { chaos: 10 },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.data.demo).toBe(true);
    const seen: number[] = [];
    grid = await settle(t.app, alice.token, q.body.data.id, seen);
    expect(grid.status, grid.error ?? '').toBe(3);
    expect(seen.filter((p) => [15, 40, 70].includes(p)).length).toBeGreaterThan(0);
    expect(grid.progress).toBe(100);
    expect(grid.finalPrompt).toContain('--ar 16:9');
    expect(grid.buttons.map((b) => b.label || b.emoji)).toEqual([
      'U1',
      'U2',
      'U3',
      'U4',
      '🔄',
      'V1',
      'V2',
      'V3',
      'V4',
    ]);
    const png = await t.app.inject({ method: 'GET', url: grid.images[0]!.url });
    expect(png.statusCode).toBe(200);
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 576]);
    expect(await credits(t.app, alice.token)).toBe(before - grid.credits);
    expect(grid.credits).toBeGreaterThan(0);
  });

  it('upscales one picture of the grid and offers the upscale buttons', async () => {
    const u2 = grid.buttons.find((b) => b.label === 'U2')!;
    const q = await draw(t.app, alice.token, {
      type: 'action',
      taskId: grid.id,
      customId: u2.customId,
    });
    const up = await settle(t.app, alice.token, q.body.data.id);
    expect(up.status, up.error ?? '').toBe(3);
    expect(up.action).toBe('upscale');
    expect(up.buttons.map((b) => b.label)).toContain('Vary (Region)');
    const zoom = up.buttons.find((b) => b.label === 'Zoom Out 2x')!;
    const z = await draw(t.app, alice.token, {
      type: 'action',
      taskId: up.id,
      customId: zoom.customId,
    });
    const zoomed = await settle(t.app, alice.token, z.body.data.id);
    expect(zoomed.status).toBe(3);
    expect(zoomed.images[0]!.url).not.toBe(up.images[0]!.url);
  });

  it('draws new pictures for the same words unless --seed pins them', async () => {
    const picture = async (prompt: string) => {
      const q = await draw(t.app, alice.token, { type: 'imagine', prompt, params: {} });
      const done = await settle(t.app, alice.token, q.body.data.id);
      expect(done.status, done.error ?? '').toBe(3);
      const res = await t.app.inject({ method: 'GET', url: done.images[0]!.url });
      return res.rawPayload;
    };
    const [a, b] = [await picture('a quiet harbour'), await picture('a quiet harbour')];
    expect(a.equals(b)).toBe(false);
    const [c, d] = [
      await picture('a quiet harbour --seed 42'),
      await picture('a quiet harbour --seed 42'),
    ];
    expect(c.equals(d)).toBe(true);
  });

  it('refuses its banned word like code 24, charging nothing', async () => {
    const before = await credits(t.app, alice.token);
    const q = await draw(t.app, alice.token, {
      type: 'imagine',
      prompt: 'an nsfw poster',
      params: {},
    });
    const done = await settle(t.app, alice.token, q.body.data.id);
    expect(done.status).toBe(4);
    expect(done.error).toContain('nsfw');
    expect(await credits(t.app, alice.token)).toBe(before);
  });

  it('refuses bad flags naming the field, and an unknown button', async () => {
    const bad = await draw(t.app, alice.token, {
      type: 'imagine',
      prompt: 'cat --v 6 --niji 6',
      params: {},
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('params.niji');
    const button = await draw(t.app, alice.token, {
      type: 'action',
      taskId: grid.id,
      customId: 'MJ::JOB::upsample::1::not-this-grid',
    });
    expect(button.status).toBe(400);
  });

  it('cuts a grid into four pictures, lists, simulates and zips', async () => {
    const sliced = await get<{ images: D.DrawImage[] }>(
      `/midjourney/sliceImg?id=${grid.id}`,
      alice.token,
    );
    expect(sliced.status).toBe(200);
    expect(sliced.body.data.images).toHaveLength(4);
    const quarter = await t.app.inject({ method: 'GET', url: sliced.body.data.images[0]!.url });
    expect((await sharp(quarter.rawPayload).metadata()).width).toBe(512);

    const list = await get<D.DrawListData>('/midjourney/drawList?page=1&size=2', alice.token);
    expect(list.body.data.rows).toHaveLength(2);
    expect(list.body.data.count).toBeGreaterThanOrEqual(4);
    expect(list.body.data.countQueue).toBe(0);
    const results = await get<D.DrawListData>('/chatLog/draw?page=1&size=8&type=4', alice.token);
    expect(results.body.data.rows.length).toBeGreaterThan(0);

    const sim = await get<D.Simulation>('/mj/drawSimulate?action=imagine&count=3', alice.token);
    expect(sim.body.data.unitCredits).toBe(grid.credits);
    expect(sim.body.data.totalCredits).toBe(grid.credits * 3);
    expect(sim.body.data.enough).toBe(true);
    const queue = await get<D.Simulation>('/mj/getSimulate', alice.token);
    expect(queue.body.data.queueAhead).toBe(0);
    const bal = await post<{ credits: number; queued: number }>(
      '/queue/getUserBalance',
      alice.token,
      {},
    );
    expect(bal.body.data.queued).toBe(0);

    const zip = await post<D.BatchDownload>('/autoreply/addBatchDownload', alice.token, {
      ids: [grid.id],
    });
    expect(zip.status).toBe(200);
    let ready: D.BatchDownload | undefined;
    for (let i = 0; i < 200 && !ready?.url; i++) {
      const r = await get<{ rows: D.BatchDownload[] }>(
        `/autoreply/queryBatchDownload?id=${zip.body.data.id}`,
        alice.token,
      );
      ready = r.body.data.rows[0];
      if (ready?.status === 4) break;
      await new Promise((res) => setTimeout(res, 10));
    }
    expect(ready?.url, ready?.error ?? '').toBeTruthy();
    const file = await t.app.inject({ method: 'GET', url: ready!.url! });
    const names = Object.keys(unzipSync(new Uint8Array(file.rawPayload)));
    expect(names).toEqual([`${grid.id}-imagine.png`]);
  });

  it('queues a batch all or none', async () => {
    const ok = await post<{ rows: D.DrawTask[] }>('/queue/addMjDrawQueue_batch', bob.token, {
      prompts: ['a fox', 'a cat'],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.rows).toHaveLength(2);
    const tooMany = await post('/queue/addMjDrawQueue_batch', bob.token, {
      prompts: Array.from({ length: 10 }, (_, i) => `fox ${i}`),
      params: {},
    });
    const have = await credits(t.app, bob.token);
    if (have < 10 * ok.body.data.rows[0]!.credits) expect(tooMany.status).toBe(430);
    await Promise.all(ok.body.data.rows.map((r) => settle(t.app, bob.token, r.id)));
  });

  it('draws a chat picture with the demo and through an OpenAI-compatible images model', async () => {
    const demo = await post<D.DrawTask>('/chatgpt/chat-draw', alice.token, {
      prompt: 'a lighthouse',
    });
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
    const d = await settle(t.app, alice.token, demo.body.data.id);
    expect(d.status, d.error ?? '').toBe(3);
    expect(d.images).toHaveLength(1);

    const h = bearer(admin.token);
    const p = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/create',
      headers: h,
      payload: {
        name: 'images-upstream',
        protocol: 'openai',
        baseUrl: openai.url,
        apiKey: 'k-img',
      },
    });
    const m = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'gpt-image (fake)',
        upstreamModel: 'gpt-image-1',
        providerId: p.body.data.id,
        kind: 'image',
        priceKey: 'demo-image:chat-draw',
      },
    });
    const real = await post<D.DrawTask>('/chatgpt/chat-draw', alice.token, {
      prompt: 'a red boat',
      modelId: m.body.data.id,
      size: '1024x1024',
    });
    const r = await settle(t.app, alice.token, real.body.data.id);
    expect(r.status, r.error ?? '').toBe(3);
    const sent = openai.requests.find((q) => q.path === '/v1/images/generations')!;
    expect(sent.body).toMatchObject({
      model: 'gpt-image-1',
      prompt: 'a red boat',
      size: '1024x1024',
    });
    expect(sent.headers.authorization).toBe('Bearer k-img');
    const img = await t.app.inject({ method: 'GET', url: r.images[0]!.url });
    expect(img.statusCode).toBe(200);
  });
});

describe('another user’s drawings', () => {
  let mine: D.DrawTask;
  let upload1: { url: string };

  beforeAll(async () => {
    upload1 = await upload(t.app, alice, await pngOf(90, 90, 200));
    const q = await draw(t.app, alice.token, {
      type: 'imagine',
      prompt: 'alice private fox',
      params: {},
    });
    mine = await settle(t.app, alice.token, q.body.data.id);
  });

  it('cannot be seen, acted on, redone, cut, zipped or deleted (404 every time)', async () => {
    const checks = await Promise.all([
      post('/queue/getMjStatus', bob.token, { ids: [mine.id] }),
      post('/queue/redo', bob.token, { id: mine.id }),
      get(`/midjourney/sliceImg?id=${mine.id}`, bob.token),
      post('/autoreply/addBatchDownload', bob.token, { ids: [mine.id] }),
      post('/midjourney/delete', bob.token, { ids: [mine.id] }),
      draw(t.app, bob.token, {
        type: 'action',
        taskId: mine.id,
        customId: mine.buttons[0]!.customId,
      }),
    ]);
    expect(checks.map((c) => c.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const list = await get<D.DrawListData>('/midjourney/drawList', bob.token);
    expect(list.body.data.rows.map((r) => r.id)).not.toContain(mine.id);
    const imgs = await get<{ rows: D.MyImage[] }>('/autoreply/queryImg?size=99', bob.token);
    expect(imgs.body.data.rows.map((r) => r.taskId)).not.toContain(mine.id);
    // Still there for its owner.
    expect((await status(t.app, alice.token, [mine.id])).body.data.rows[0]!.status).toBe(3);
  });

  it('cannot use their upload or result as a reference, blend, describe or face swap', async () => {
    const result = mine.images[0]!.url;
    const attempts = await Promise.all([
      draw(t.app, bob.token, {
        type: 'imagine',
        prompt: 'x',
        params: { imageUrls: [upload1.url] },
      }),
      draw(t.app, bob.token, { type: 'imagine', prompt: 'x', params: { crefUrls: [result] } }),
      draw(t.app, bob.token, { type: 'imagine', prompt: 'x', params: { srefUrls: [upload1.url] } }),
      draw(t.app, bob.token, { type: 'blend', images: [upload1.url, result] }),
      draw(t.app, bob.token, { type: 'describe', image: upload1.url }),
      draw(t.app, bob.token, { type: 'faceswap', source: upload1.url, target: result }),
    ]);
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
  });

  it('cannot read their zip', async () => {
    const zip = await post<D.BatchDownload>('/autoreply/addBatchDownload', alice.token, {
      ids: [mine.id],
    });
    const r = await get(`/autoreply/queryBatchDownload?id=${zip.body.data.id}`, bob.token);
    expect(r.status).toBe(404);
  });

  it('the owner deletes it', async () => {
    const del = await post<{ deleted: number }>('/midjourney/delete', alice.token, {
      ids: [mine.id],
    });
    expect(del.body.data.deleted).toBe(1);
    expect((await status(t.app, alice.token, [mine.id])).status).toBe(404);
  });
});

describe('a guest’s drawings', () => {
  it('move to the account the guest registers as', async () => {
    const guestId = crypto.randomUUID();
    await call(t.app, {
      method: 'POST',
      url: '/api/user/createGuest',
      payload: { guest_id: guestId },
    });
    const q = await call<D.DrawTask>(t.app, {
      method: 'POST',
      url: '/api/queue/addMjDrawQueue',
      headers: { guestid: guestId },
      payload: { type: 'imagine', prompt: 'a guest fox', params: {} },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const reg = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      headers: { guestid: guestId },
      payload: { username: `g${Date.now().toString(36)}`, password: 'a-long-password' },
    });
    expect(reg.status).toBe(200);
    const done = await settle(t.app, reg.body.data.token, q.body.data.id);
    expect(done.status).toBe(3);
    const list = await get<D.DrawListData>('/midjourney/drawList', reg.body.data.token);
    expect(list.body.data.rows.map((r) => r.id)).toContain(q.body.data.id);
  });
});
