import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus, type sd as S } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeA1111, type FakeA1111 } from '../../../test/fakes/a1111.js';
import {
  startFakeMidjourneyProxy,
  type FakeMidjourneyProxy,
} from '../../../test/fakes/midjourney-proxy.js';
import { startWorkers, upload } from '../../../test/drawing-support.js';
import { demoPicture } from '../../providers/image/sd-demo.js';
import { addProvider, fund, leftHalfMask, settled, toolSubmit } from './sd.setup.js';

/**
 * The toolbox: every operation through the offline demo on an uploaded picture (real pixels:
 * a 2×/4× upscale, a visible restore, a transparent background, remix/redraw only inside the
 * mask), then the same operations mapped by the operator to A1111 (extras, rembg, img2img with
 * a mask) and face swap to a midjourney-proxy, whose expiring link is copied into our storage.
 */
let t: TestApp;
let a1111: FakeA1111;
let mj: FakeMidjourneyProxy;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let picture: string;
let face: string;
let mask: string;

beforeAll(async () => {
  [a1111, mj, t] = await Promise.all([
    startFakeA1111({ jobMs: 20 }),
    startFakeMidjourneyProxy({ stepMs: 15 }),
    createTestApp({
      config: {
        drawing: { demoStepMs: 10 },
        tasks: { retries: 1, backoffMs: 20, stepTimeoutMs: 30_000, idlePollMs: 25 },
      },
    }),
  ]);
  [admin, alice, bob] = await Promise.all([
    createUser(t.app, { role: 'admin' }),
    createUser(t.app),
    createUser(t.app),
  ]);
  await fund(t.app, alice.userId, 500);
  await fund(t.app, bob.userId, 50);
  picture = (await upload(t.app, alice, (await demoPicture('a cat in a garden', 3, 256, 192)).png))
    .url;
  face = (await upload(t.app, alice, (await demoPicture('a smiling face', 9, 128, 128)).png)).url;
  mask = (await upload(t.app, alice, await leftHalfMask(), 'mask.png')).url;
  await startWorkers(t.app);
});
afterAll(async () => {
  await Promise.all([a1111.close(), mj.close()]);
  await t.close();
});

const bytesOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;
const rgb = async (url: string) =>
  sharp(await bytesOf(url))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

async function run(token: string, body: Record<string, unknown>): Promise<S.SdTask> {
  const r = await toolSubmit(t.app, token, { image: picture, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const done = await settled(t.app, token, r.body.data.id);
  expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
  expect(done.images).toHaveLength(1);
  return done;
}

/** How many pixels of each half differ from the source. */
async function changedHalves(url: string) {
  const [a, b] = await Promise.all([rgb(picture), rgb(url)]);
  let left = 0;
  let right = 0;
  for (let i = 0; i < 256 * 192; i++) {
    const d =
      Math.abs(a.data[i * 3]! - b.data[i * 3]!) +
      Math.abs(a.data[i * 3 + 1]! - b.data[i * 3 + 1]!) +
      Math.abs(a.data[i * 3 + 2]! - b.data[i * 3 + 2]!);
    if (d > 0) {
      if (i % 256 < 128) left++;
      else right++;
    }
  }
  return { left, right };
}

describe('the toolbox with the offline demo', () => {
  it('upscales 2× and 4× for real', async () => {
    const two = await run(alice.token, { op: 'upscale', scale: 2 });
    expect(two.images[0]).toMatchObject({ width: 512, height: 384 });
    const four = await run(alice.token, { op: 'upscale', scale: 4 });
    expect(four.images[0]).toMatchObject({ width: 1024, height: 768 });
    expect(four.sources).toHaveLength(1);
    // A toolbox picture is among those any screen's picker offers.
    const mine = await call<{ rows: Array<{ image: { url: string } }> }>(t.app, {
      method: 'GET',
      url: '/api/autoreply/queryImg',
      headers: bearer(alice.token),
    });
    expect(mine.body.data.rows.map((r) => r.image.url)).toContain(four.images[0]!.url);
  });

  it('restores visibly, removes the background into real transparency, swaps a face', async () => {
    const restored = await run(alice.token, { op: 'restore' });
    expect((await changedHalves(restored.images[0]!.url)).left).toBeGreaterThan(5000);

    const cut = await run(alice.token, { op: 'rembg' });
    const png = await bytesOf(cut.images[0]!.url);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // top-left corner: background
    const centre = ((info.height >> 1) * info.width + (info.width >> 1)) * 4;
    expect(data[centre + 3]).toBe(255);

    const swapped = await run(alice.token, { op: 'faceswap', face });
    expect(swapped.sources).toHaveLength(2);
    expect(await changedHalves(swapped.images[0]!.url)).not.toEqual({ left: 0, right: 0 });

    // Every toolbox result is offered by the picker (it once answered 500 for these actions).
    const mine = await call<{ rows: Array<{ action: string; image: { url: string } }> }>(t.app, {
      method: 'GET',
      url: '/api/autoreply/queryImg',
      headers: bearer(alice.token),
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.rows.map((r) => r.image.url)).toEqual(
      expect.arrayContaining([restored.images[0]!.url, cut.images[0]!.url]),
    );
    expect(mine.body.data.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['restore', 'rembg']),
    );
  });

  it('remixes and redraws only inside the mask', async () => {
    const noMask = await toolSubmit(t.app, alice.token, {
      op: 'redraw',
      image: picture,
      prompt: 'x',
    });
    expect(noMask.status).toBe(400);
    expect(JSON.stringify(noMask.body)).toContain('mask');
    for (const op of ['remix', 'redraw']) {
      const done = await run(alice.token, { op, mask, prompt: 'a tiger', strength: 0.8, seed: 4 });
      const c = await changedHalves(done.images[0]!.url);
      expect(c.right, op).toBe(0);
      expect(c.left, op).toBeGreaterThan(10_000);
    }
  });

  it('takes only the caller’s own pictures, and lists the operations with prices', async () => {
    const r = await toolSubmit(t.app, bob.token, { op: 'upscale', image: picture });
    expect(r.status).toBe(404);
    const ops = await call<{ rows: Array<{ op: string; demo: boolean; credits: number }> }>(t.app, {
      method: 'GET',
      url: '/api/tools/ops',
    });
    expect(ops.body.data.rows.map((o) => o.op)).toEqual([
      ...['upscale', 'restore', 'rembg', 'faceswap', 'remix', 'redraw'],
    ]);
    expect(ops.body.data.rows.every((o) => o.demo && o.credits > 0)).toBe(true);
  });
});

describe('the toolbox on upstreams the operator maps', () => {
  it('runs extras, rembg and img2img on A1111, and face swap on a midjourney-proxy', async () => {
    const h = bearer(admin.token);
    const a = await addProvider(t.app, admin.token, {
      name: 'tools-a1111',
      protocol: 'a1111',
      baseUrl: a1111.url,
      concurrency: 1,
    });
    const p = await addProvider(t.app, admin.token, {
      name: 'tools-mj',
      protocol: 'midjourney',
      baseUrl: mj.url,
      apiKey: mj.secret,
    });
    const map = (op: string, providerId: number, options: Record<string, string | number> = {}) =>
      call(t.app, {
        method: 'POST',
        url: '/api/admin/sd/toolOps/update',
        headers: h,
        payload: { op, providerId, priceKey: `sd-tool:${op}`, options, enabled: true },
      });
    expect((await map('faceswap', a)).status).toBe(400); // A1111 has no face swap
    for (const op of ['upscale', 'restore', 'rembg', 'redraw'])
      expect((await map(op, a, op === 'restore' ? { restorer: 'CodeFormer' } : {})).status).toBe(
        200,
      );
    expect((await map('faceswap', p)).status).toBe(200);

    const up = await run(alice.token, { op: 'upscale', scale: 2 });
    expect(up.images[0]).toMatchObject({ width: 512, height: 384 });
    const extras = a1111.requests
      .filter((r) => r.path === '/sdapi/v1/extra-single-image')
      .map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(extras[0]).toMatchObject({ upscaling_resize: 2, upscaler_1: 'R-ESRGAN 4x+' });
    await run(alice.token, { op: 'restore' });
    expect(
      JSON.parse(
        a1111.requests.filter((r) => r.path === '/sdapi/v1/extra-single-image').at(-1)!.body,
      ),
    ).toMatchObject({ codeformer_visibility: 1, upscaling_resize: 1 });
    const cut = await run(alice.token, { op: 'rembg' });
    expect((await sharp(await bytesOf(cut.images[0]!.url)).metadata()).hasAlpha).toBe(true);
    await run(alice.token, { op: 'redraw', mask, prompt: 'a tiger', strength: 0.7 });
    const job = a1111.jobs.at(-1)!;
    expect(job.path).toBe('/sdapi/v1/img2img');
    expect(job.body).toMatchObject({
      prompt: 'a tiger',
      denoising_strength: 0.7,
      width: 256,
      height: 192,
    });
    expect(typeof job.body.mask).toBe('string');

    const swapped = await run(alice.token, { op: 'faceswap', face });
    expect(mj.submits.at(-1)!.path).toBe('/mj/insight-face/swap');
    // The proxy's link is gone once it stops: ours stays.
    await mj.close();
    const kept = await t.app.inject({ method: 'GET', url: swapped.images[0]!.url });
    expect(kept.statusCode).toBe(200);
    expect((await sharp(kept.rawPayload).metadata()).width).toBeGreaterThan(0);
  });
});
