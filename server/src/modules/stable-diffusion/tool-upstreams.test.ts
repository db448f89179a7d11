import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type sd as S } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeStability, type FakeStability } from '../../../test/fakes/stability.js';
import { startFakeOpenAIImages, type FakeOpenAIImages } from '../../../test/fakes/openai-images.js';
import { startFakeComfy, type FakeComfy } from '../../../test/fakes/comfyui.js';
import { credits, startWorkers, upload } from '../../../test/drawing-support.js';
import { demoPicture } from '../../providers/image/sd-demo.js';
import { addProvider, fund, leftHalfMask, settled, toolSubmit } from './sd.setup.js';

/**
 * The toolbox on upstreams the operator maps: Stability's fast / conservative upscale and
 * background removal, OpenAI edits for redraw (with the mask turned into OpenAI's) and remix,
 * ComfyUI through a workflow per operation (the picture and mask uploaded into LoadImage nodes).
 * Each round-trips into a stored file; a 500, a content filter or a refusal charges nothing.
 */
let t: TestApp;
let stability: FakeStability;
let openai: FakeOpenAIImages;
let comfy: FakeComfy;
let admin: TestUser;
let alice: TestUser;
let picture: string;
let mask: string;

beforeAll(async () => {
  [stability, openai, comfy, t] = await Promise.all([
    startFakeStability(),
    startFakeOpenAIImages(),
    startFakeComfy({ stepMs: 5 }),
    createTestApp({
      config: { tasks: { retries: 0, backoffMs: 20, stepTimeoutMs: 30_000, idlePollMs: 25 } },
    }),
  ]);
  [admin, alice] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app)]);
  await fund(t.app, alice.userId, 500);
  picture = (await upload(t.app, alice, (await demoPicture('a cat on a wall', 5, 256, 192)).png))
    .url;
  mask = (await upload(t.app, alice, await leftHalfMask(), 'mask.png')).url;
  const s = await addProvider(t.app, admin.token, {
    name: 'tools-stability',
    protocol: 'stability',
    baseUrl: stability.url,
    apiKey: stability.secret,
  });
  const o = await addProvider(t.app, admin.token, {
    name: 'tools-openai',
    protocol: 'openai',
    baseUrl: openai.url,
    apiKey: openai.secret,
  });
  for (const [op, id] of [
    ['upscale', s],
    ['rembg', s],
    ['redraw', o],
    ['remix', o],
  ] as const)
    expect((await mapOp(op, id)).status).toBe(200);
  await startWorkers(t.app);
});
afterAll(async () => {
  await Promise.all([stability.close(), openai.close(), comfy.close()]);
  await t.close();
});

const mapOp = (op: string, providerId: number, options: Record<string, string> = {}) =>
  call(t.app, {
    method: 'POST',
    url: '/api/admin/sd/toolOps/update',
    headers: bearer(admin.token),
    payload: { op, providerId, priceKey: `sd-tool:${op}`, options, enabled: true },
  });

const bytesOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

async function run(body: Record<string, unknown>): Promise<S.SdTask> {
  const r = await toolSubmit(t.app, alice.token, { image: picture, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return settled(t.app, alice.token, r.body.data.id);
}

async function succeeds(body: Record<string, unknown>): Promise<S.SdTask> {
  const done = await run(body);
  expect(done.status, JSON.stringify(done.error)).toBe(TaskStatus.succeeded);
  expect(done.images).toHaveLength(1);
  return done;
}

/** The task fails, says why, and the balance is what it was. */
async function failsFree(body: Record<string, unknown>, words: RegExp) {
  const before = await credits(t.app, alice.token);
  const done = await run(body);
  expect(done.status).toBe(TaskStatus.failed);
  expect(JSON.stringify(done.error)).toMatch(words);
  expect(await credits(t.app, alice.token)).toBe(before);
}

describe('the toolbox on Stability', () => {
  it('upscales through upscale/fast to the scale asked, and stores the picture', async () => {
    const two = await succeeds({ op: 'upscale', scale: 2 });
    expect(two.images[0]).toMatchObject({ width: 512, height: 384 });
    const call0 = stability.requests.at(-1)!;
    expect(call0.path).toBe('/v2beta/stable-image/upscale/fast');
    expect(call0.fields.output_format).toEqual(['png']);
    expect((await sharp(call0.files.image![0]!.bytes).metadata()).width).toBe(256);
    const four = await succeeds({ op: 'upscale', scale: 4 });
    expect(four.images[0]).toMatchObject({ width: 1024, height: 768 });
    const stored = await sharp(await bytesOf(four.images[0]!.url)).metadata();
    expect(stored.width).toBe(1024);
  });

  it('upscales conservatively with the prompt when the operator says so', async () => {
    const id = (await providerIdOf('upscale'))!;
    expect((await mapOp('upscale', id, { upscaleMode: 'conservative' })).status).toBe(200);
    const done = await succeeds({ op: 'upscale', scale: 2, prompt: 'a cat' });
    expect(done.images[0]).toMatchObject({ width: 512, height: 384 });
    const r = stability.requests.at(-1)!;
    expect(r.path).toBe('/v2beta/stable-image/upscale/conservative');
    expect(r.fields.prompt).toEqual(['a cat']);
    await mapOp('upscale', id, {});
  });

  it('removes the background into a PNG with real transparency', async () => {
    const cut = await succeeds({ op: 'rembg' });
    expect(stability.requests.at(-1)!.path).toBe('/v2beta/stable-image/edit/remove-background');
    const { data, info } = await sharp(await bytesOf(cut.images[0]!.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0);
  });

  it('charges nothing for a 500 or a content filter', async () => {
    stability.failStatus = 500;
    await failsFree({ op: 'upscale', scale: 2 }, /积分已退回/);
    stability.failStatus = null;
    stability.moderate = true;
    await failsFree({ op: 'rembg' }, /内容审核/);
    stability.moderate = false;
  });
});

describe('the toolbox on OpenAI edits', () => {
  it('redraws with the mask turned into OpenAI’s (transparent where to paint)', async () => {
    await succeeds({ op: 'redraw', mask, prompt: 'a tiger', strength: 0.7 });
    const r = openai.requests.at(-1)!;
    expect(r.path).toBe('/v1/images/edits');
    expect(r.fields.model).toEqual(['gpt-image-1']);
    expect(r.fields.prompt).toEqual(['a tiger']);
    expect(r.files['image[]']).toHaveLength(1);
    const m = await sharp(r.files.mask![0]!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([m.info.width, m.info.height, m.info.channels]).toEqual([256, 192, 4]);
    expect(m.data[3]).toBe(0); // left: painted → transparent
    expect(m.data[255 * 4 + 3]).toBe(255); // right: kept
  });

  it('remixes without a mask; a 500 or a safety refusal charges nothing', async () => {
    await succeeds({ op: 'remix', prompt: 'a watercolour' });
    expect(openai.requests.at(-1)!.files.mask).toBeUndefined();
    openai.failStatus = 500;
    await failsFree({ op: 'remix', prompt: 'x' }, /积分已退回/);
    openai.failStatus = null;
    await failsFree({ op: 'redraw', mask, prompt: 'forbidden thing' }, /内容未通过安全审核/);
  });
});

describe('the operator’s table', () => {
  it('offers each provider only its operations, and tests its connection', async () => {
    const s = (await providerIdOf('rembg'))!;
    const o = (await providerIdOf('redraw'))!;
    expect((await mapOp('restore', s)).status).toBe(400);
    expect((await mapOp('upscale', o)).status).toBe(400);
    for (const providerId of [s, o]) {
      const r = await call<{ ok: boolean; message: string }>(t.app, {
        method: 'POST',
        url: '/api/admin/sd/checkConnection',
        headers: bearer(admin.token),
        payload: { providerId },
      });
      expect(r.body.data.ok, r.body.data.message).toBe(true);
    }
    stability.secret = 'sk-other';
    const refused = await call<{ ok: boolean; message: string }>(t.app, {
      method: 'POST',
      url: '/api/admin/sd/checkConnection',
      headers: bearer(admin.token),
      payload: { providerId: s },
    });
    expect(refused.body.data).toMatchObject({ ok: false });
    expect(refused.body.data.message).toMatch(/key was refused/);
  });
});

async function providerIdOf(op: string): Promise<number | null> {
  const r = await call<{ rows: Array<{ op: string; providerId: number | null }> }>(t.app, {
    method: 'GET',
    url: '/api/admin/sd/toolOps',
    headers: bearer(admin.token),
  });
  return r.body.data.rows.find((x) => x.op === op)?.providerId ?? null;
}

describe('the toolbox on ComfyUI, one workflow per operation', () => {
  const saveWorkflow = (body: Record<string, unknown>) =>
    call(t.app, {
      method: 'POST',
      url: '/api/admin/sd/comfyWorkflow/update',
      headers: bearer(admin.token),
      payload: body,
    });

  it('uploads the picture and mask into the mapped nodes, and stores the result', async () => {
    const c = await addProvider(t.app, admin.token, {
      name: 'tools-comfy',
      protocol: 'comfyui',
      baseUrl: comfy.url,
      concurrency: 1,
    });
    const upscale = {
      '1': { class_type: 'LoadImage', inputs: { image: 'placeholder.png' } },
      '2': {
        class_type: 'ImageScaleBy',
        inputs: { image: ['1', 0], upscale_method: 'lanczos', scale_by: 1 },
      },
      '9': { class_type: 'SaveImage', inputs: { images: ['2', 0], filename_prefix: 'up' } },
    };
    const noImage = await saveWorkflow({
      providerId: c,
      op: 'upscale',
      workflow: upscale,
      mapping: { output: '9' },
    });
    expect(noImage.status).toBe(400);
    expect(JSON.stringify(noImage.body)).toContain('mapping.image');
    const saved = await saveWorkflow({
      providerId: c,
      op: 'upscale',
      workflow: upscale,
      mapping: { image: '1', scale: '2', output: '9' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const redraw = {
      '1': { class_type: 'LoadImage', inputs: { image: '' } },
      '4': { class_type: 'LoadImage', inputs: { image: '' } },
      '5': { class_type: 'CLIPTextEncode', inputs: { text: '' } },
      '9': { class_type: 'SaveImage', inputs: { images: ['1', 0] } },
    };
    expect(
      (
        await saveWorkflow({
          providerId: c,
          op: 'redraw',
          workflow: redraw,
          mapping: { image: '1', mask: '4', prompt: '5', output: '9' },
        })
      ).status,
    ).toBe(200);
    expect((await mapOp('upscale', c)).status).toBe(200);
    expect((await mapOp('redraw', c)).status).toBe(200);

    const up = await succeeds({ op: 'upscale', scale: 2 });
    expect(up.images[0]).toMatchObject({ width: 512, height: 384 });
    const sent = comfy.prompts.at(-1)!.graph;
    expect(sent['1']!.inputs.image).toBe(comfy.uploads.at(-1));
    expect(sent['2']!.inputs.scale_by).toBe(2);

    await succeeds({ op: 'redraw', mask, prompt: 'a tiger', strength: 0.7 });
    const g = comfy.prompts.at(-1)!.graph;
    expect(comfy.uploads.slice(-2)).toEqual([g['1']!.inputs.image, g['4']!.inputs.image]);
    expect(String(g['4']!.inputs.image)).toMatch(/-mask\.png$/);
    expect(g['5']!.inputs.text).toBe('a tiger');
  });

  it('charges nothing when the workflow fails upstream', async () => {
    comfy.failNext = true;
    await failsFree({ op: 'upscale', scale: 4 }, /CUDA out of memory/);
  });
});
