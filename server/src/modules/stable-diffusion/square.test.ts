import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type sd as S } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeA1111, type FakeA1111 } from '../../../test/fakes/a1111.js';
import { startFakeComfy, type FakeComfy } from '../../../test/fakes/comfyui.js';
import { freePort, startWorkers } from '../../../test/drawing-support.js';
import { ledgerCheck } from '../credits/index.js';
import {
  addPrice,
  addProvider,
  addSdModel,
  fund,
  sdCreate,
  sdStatus,
  settled,
} from './sd.setup.js';

/**
 * The model square end to end: the seeded demo cards (real covers, "use these parameters"
 * draws the example's own picture), ComfyUI with a mapped workflow (progress over /ws, results
 * from /history and /view), A1111 with Basic auth and a checkpoint switch, upstream 500s and a
 * hanging upstream charging nothing, connection tests, and another user's ids.
 */
let t: TestApp;
let a1111: FakeA1111;
let comfy: FakeComfy;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let a1111Model: number;
let comfyProvider: number;
let comfyModel: number;
const PRICE = 4;

const WORKFLOW = {
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'x.safetensors' } },
  '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'ComfyUI' } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['4', 1] } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
  '3': {
    class_type: 'KSampler',
    inputs: { seed: 0, steps: 20, cfg: 8, sampler_name: 'euler', model: ['4', 0] },
  },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
};
const MAPPING = {
  prompt: '6',
  negativePrompt: '7',
  seed: '3',
  size: '5',
  model: '4',
  steps: '3',
  output: '9',
};

beforeAll(async () => {
  [a1111, comfy, t] = await Promise.all([
    startFakeA1111({ jobMs: 30, auth: 'sd:secret' }),
    startFakeComfy({ stepMs: 10 }),
    createTestApp({
      config: {
        drawing: { demoStepMs: 10 },
        tasks: { retries: 2, backoffMs: 20, stepTimeoutMs: 1500, leaseMs: 3000, idlePollMs: 25 },
      },
    }),
  ]);
  [admin, alice, bob] = await Promise.all([
    createUser(t.app, { role: 'admin' }),
    createUser(t.app),
    createUser(t.app),
  ]);
  await fund(t.app, alice.userId, 200);
  const priceKey = await addPrice(t.app, admin.token, 'sdtest', 'create', PRICE);
  const a1111Provider = await addProvider(t.app, admin.token, {
    name: 'a1111',
    protocol: 'a1111',
    baseUrl: a1111.url,
    apiKey: 'sd:secret',
    concurrency: 1,
  });
  a1111Model = await addSdModel(t.app, admin.token, {
    name: 'Realistic (A1111)',
    providerId: a1111Provider,
    priceKey,
    checkpoint: 'realisticVisionV60',
  });
  comfyProvider = await addProvider(t.app, admin.token, {
    name: 'comfy',
    protocol: 'comfyui',
    baseUrl: comfy.url,
    concurrency: 1,
  });
  comfyModel = await addSdModel(t.app, admin.token, {
    name: 'SDXL (ComfyUI)',
    providerId: comfyProvider,
    priceKey,
    checkpoint: 'sd_xl_base_1.0.safetensors',
  });
  await startWorkers(t.app);
});
afterAll(async () => {
  await Promise.all([a1111.close(), comfy.close()]);
  await t.close();
});

const balance = async (u: TestUser) => (await t.app.ctx.balances.read(u.userId)).credits;
const get = <T>(url: string, token?: string) =>
  call<T>(t.app, { method: 'GET', url, headers: token ? bearer(token) : {} });
const raw = async (url: string) => {
  const r = await t.app.inject({ method: 'GET', url });
  return { status: r.statusCode, bytes: r.rawPayload };
};
/** Distinct colours in a picture: a generated scene has many, a flat fill one. */
const colours = async (png: Buffer) => {
  const { data } = await sharp(png)
    .resize(64, 64)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += 3)
    seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return seen.size;
};

describe('the model square', () => {
  it('lists the demo models with real covers; an example’s parameters draw its own picture', async () => {
    const list = await get<{ rows: S.SdModel[] }>('/api/autoreply/querySdmodel');
    expect(list.status).toBe(200);
    const demo = list.body.data.rows.filter((m) => m.demo);
    expect(demo.length).toBeGreaterThanOrEqual(3);
    const m = demo[0]!;
    expect(m.providerName).toBe('Offline demo');
    expect(m.examples.length).toBeGreaterThan(0);
    const cover = await raw(m.cover);
    expect(cover.status).toBe(200);
    expect(await colours(cover.bytes)).toBeGreaterThan(50);
    // The cards draw the cover's 256 px WebP: the same picture, a fraction of the bytes.
    expect(m.coverThumb).toMatch(/^\/api\/sd\/example\/\d+\/0\.thumb\.webp$/);
    const thumb = await raw(m.coverThumb);
    expect(thumb.status).toBe(200);
    const meta = await sharp(thumb.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(256);
    expect(thumb.bytes.length * 5).toBeLessThan(cover.bytes.length);
    expect(await colours(thumb.bytes)).toBeGreaterThan(50);
    expect((await raw(m.coverThumb.replace('.thumb.webp', '.thumb.png'))).status).toBe(404);
    const fields = await get<{ fields: S.SdField[] }>(
      `/api/autoreply/queryModelField?modelId=${m.id}`,
    );
    expect(fields.body.data.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['prompt', 'seed', 'steps', 'width', 'height', 'sampler']),
    );
    expect((await get(`/api/autoreply/queryModelField?modelId=1.5`)).status).toBe(400);

    const ex = m.examples[0]!;
    const before = await balance(alice);
    const r = await sdCreate(t.app, alice.token, { modelId: m.id, ...ex, image: undefined });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await settled(t.app, alice.token, r.body.data.id);
    expect(done.status).toBe(TaskStatus.succeeded);
    expect(done.params).toMatchObject({
      seed: ex.seed,
      steps: ex.steps,
      sampler: ex.sampler,
      width: ex.width,
    });
    expect(done.images[0]).toMatchObject({ width: ex.width, height: ex.height });
    const ours = await raw(done.images[0]!.url);
    const a = await sharp(ours.bytes).raw().toBuffer();
    const b = await sharp((await raw(ex.image)).bytes)
      .raw()
      .toBuffer();
    expect(a.equals(b)).toBe(true);
    expect(await balance(alice)).toBe(before - m.credits);
  });

  it('draws through ComfyUI with the mapped workflow: inputs in their nodes, result from /history', async () => {
    const h = bearer(admin.token);
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/admin/sd/comfyWorkflow/update',
      headers: h,
      payload: {
        providerId: comfyProvider,
        workflow: WORKFLOW,
        mapping: { ...MAPPING, seed: '42' },
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('mapping.seed');
    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/admin/sd/comfyWorkflow/update',
      headers: h,
      payload: { providerId: comfyProvider, workflow: WORKFLOW, mapping: MAPPING },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const r = await sdCreate(t.app, alice.token, {
      modelId: comfyModel,
      prompt: 'a red fox',
      negativePrompt: 'blurry',
      seed: 77,
      steps: 6,
      width: 640,
      height: 384,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await settled(t.app, alice.token, r.body.data.id);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    const g = comfy.prompts[0]!.graph;
    expect(g['6']!.inputs.text).toBe('a red fox');
    expect(g['7']!.inputs.text).toBe('blurry');
    expect(g['3']!.inputs).toMatchObject({ seed: 77, steps: 6 });
    expect(g['5']!.inputs).toMatchObject({ width: 640, height: 384 });
    expect(g['4']!.inputs.ckpt_name).toBe('sd_xl_base_1.0.safetensors');
    expect(comfy.prompts[0]!.clientId).toMatch(/^atelier-/);
    expect(done.images[0]).toMatchObject({ width: 640, height: 384 });

    // A failed execution fails the task with ComfyUI's reason and charges nothing.
    const before = await balance(alice);
    comfy.failNext = true;
    const f = await sdCreate(t.app, alice.token, { modelId: comfyModel, prompt: 'oops' });
    const failed = await settled(t.app, alice.token, f.body.data.id);
    expect(failed.status).toBe(TaskStatus.failed);
    expect(failed.error).toContain('CUDA out of memory');
    expect(failed.credits).toBe(0);
    expect(await balance(alice)).toBe(before);
  });

  it('draws through A1111 with Basic auth, switching the checkpoint first', async () => {
    const r = await sdCreate(t.app, alice.token, {
      modelId: a1111Model,
      prompt: 'harbour',
      seed: 5,
    });
    const done = await settled(t.app, alice.token, r.body.data.id);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    expect(a1111.checkpointSwitches).toEqual(['realisticVisionV60']);
    const job = a1111.jobs.at(-1)!;
    expect(job.path).toBe('/sdapi/v1/txt2img');
    expect(job.body).toMatchObject({
      prompt: 'harbour',
      seed: 5,
      steps: 20,
      width: 512,
      sampler_name: 'Euler a',
    });
    // A second picture with the same checkpoint does not switch again.
    const again = await sdCreate(t.app, alice.token, { modelId: a1111Model, prompt: 'harbour 2' });
    await settled(t.app, alice.token, again.body.data.id);
    expect(a1111.checkpointSwitches).toHaveLength(1);
  });

  it('fails at once, charging nothing, when A1111 has no such checkpoint', async () => {
    const priceKey = await addPrice(t.app, admin.token, 'sdgone', 'create', PRICE);
    const providerId = (await get<{ rows: Array<{ id: number; name: string }> }>(
      '/api/admin/chat/providers',
      admin.token,
    ).then((r) => r.body.data.rows.find((p) => p.name === 'a1111')!.id))!;
    const gone = await addSdModel(t.app, admin.token, {
      name: 'Removed (A1111)',
      providerId,
      priceKey,
      checkpoint: 'deletedModelV1',
    });
    const before = await balance(alice);
    const asked = () =>
      a1111.requests.filter(
        (q) => q.method === 'POST' && q.path === '/sdapi/v1/options' && /deleted/.test(q.body),
      ).length;
    const r = await sdCreate(t.app, alice.token, { modelId: gone, prompt: 'nowhere' });
    const failed = await settled(t.app, alice.token, r.body.data.id);
    expect(failed.status).toBe(TaskStatus.failed);
    expect(failed.error).toBe('绘图服务器上没有这个模型（未扣费）'); // the product's default language
    expect(failed.error).not.toMatch(/RuntimeError|not found|500/);
    expect(failed.credits).toBe(0);
    expect(await balance(alice)).toBe(before);
    expect(asked()).toBe(1); // not retried as if it might pass
    const detail = await get<{ events: Array<{ detail: unknown }> }>(
      `/api/admin/tasks/detail?id=${r.body.data.id}`,
      admin.token,
    );
    expect(JSON.stringify(detail.body.data.events)).toContain("model 'deletedModelV1' not found");
  });

  it('charges nothing when A1111 answers 500s or hangs', async () => {
    const before = await balance(alice);
    a1111.mode = '500';
    const r = await sdCreate(t.app, alice.token, { modelId: a1111Model, prompt: 'will fail' });
    expect(r.status).toBe(200);
    expect(await balance(alice)).toBe(before - PRICE); // held
    const failed = await settled(t.app, alice.token, r.body.data.id);
    expect(failed.status).toBe(TaskStatus.failed);
    expect(failed.credits).toBe(0);
    expect(await balance(alice)).toBe(before);

    a1111.mode = 'hang';
    const h = await sdCreate(t.app, alice.token, { modelId: a1111Model, prompt: 'will hang' });
    const timedOut = await settled(t.app, alice.token, h.body.data.id, 20_000);
    a1111.mode = 'ok';
    expect(timedOut.status).toBe(TaskStatus.failed);
    expect(await balance(alice)).toBe(before);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  }, 30_000);

  it('tests connections and says what is wrong in words', async () => {
    const h = bearer(admin.token);
    const check = async (providerId: number) =>
      (
        await call<{ ok: boolean; message: string }>(t.app, {
          method: 'POST',
          url: '/api/admin/sd/checkConnection',
          headers: h,
          payload: { providerId },
        })
      ).body.data;
    const good = await check(comfyProvider);
    expect(good).toMatchObject({ ok: true });
    expect(good.message).toMatch(/ComfyUI answers: \d+ node types/);
    const wrongKey = await addProvider(t.app, admin.token, {
      name: 'a1111-bad',
      protocol: 'a1111',
      baseUrl: a1111.url,
      apiKey: 'sd:nope',
    });
    expect(await check(wrongKey)).toMatchObject({
      ok: false,
      message: expect.stringContaining('password'),
    });
    const port = await freePort();
    const down = await addProvider(t.app, admin.token, {
      name: 'a1111-down',
      protocol: 'a1111',
      baseUrl: `http://127.0.0.1:${port}`,
    });
    expect((await check(down)).message).toContain('unreachable');
    const a = await addProvider(t.app, admin.token, {
      name: 'a1111-ok',
      protocol: 'a1111',
      baseUrl: a1111.url,
      apiKey: 'sd:secret',
    });
    expect((await check(a)).message).toContain('2 checkpoints');
    // Only admins.
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/admin/sd/checkConnection',
      headers: bearer(alice.token),
      payload: { providerId: a },
    });
    expect(r.status).toBe(403);
  });

  it('keeps every picture to its owner', async () => {
    const r = await sdCreate(t.app, alice.token, { modelId: comfyModel, prompt: 'mine' });
    const id = r.body.data.id;
    await settled(t.app, alice.token, id);
    expect((await sdStatus(t.app, bob.token, [id])).status).toBe(404);
    const del = await call(t.app, {
      method: 'POST',
      url: '/api/sd/delete',
      headers: bearer(bob.token),
      payload: { ids: [id] },
    });
    expect(del.status).toBe(404);
    const list = await get<{ rows: S.SdTask[] }>('/api/sd/list?type=sd', bob.token);
    expect(list.body.data.rows).toHaveLength(0);
    const mine = await get<{ rows: S.SdTask[] }>('/api/sd/list?type=sd', alice.token);
    expect(mine.body.data.rows.map((x) => x.id)).toContain(id);
    // Still there for Alice, then deleted by her.
    expect((await sdStatus(t.app, alice.token, [id])).status).toBe(200);
    const gone = await call<{ deleted: number }>(t.app, {
      method: 'POST',
      url: '/api/sd/delete',
      headers: bearer(alice.token),
      payload: { ids: [id] },
    });
    expect(gone.body.data.deleted).toBe(1);
    for (const url of [
      '/api/admin/sd/toolOps',
      '/api/admin/sd/models',
      `/api/admin/sd/comfyWorkflow?providerId=${comfyProvider}`,
    ])
      expect((await get(url, alice.token)).status).toBe(403);
  });
});
