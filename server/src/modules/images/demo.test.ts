import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { drawing as D, images as I } from '@atelier/contracts';
import { pngOf, upload } from '../../../test/drawing-support.js';
import { renderDemoImage } from '../../providers/image/demo-images.js';
import { createUser } from '../../test/users.js';
import { balance, env, fetchStored, get, post, settle, useImagesApp } from './images.setup.js';

/**
 * The offline demo models of /draw and /sd3 (real pictures, no network), the draw lists by
 * type, and that nobody reaches another user's pictures or tasks through any of the calls.
 */
useImagesApp();

const models = async (use: 'draw' | 'sd3') =>
  (await get<{ rows: I.ImageModel[] }>(`/images/models?use=${use}`, env.alice.token)).body.data
    .rows;
const demoOf = async (use: 'draw' | 'sd3') => (await models(use)).find((m) => m.demo)!;

async function spread(bytes: Buffer) {
  const s = await sharp(bytes).stats();
  return s.channels.slice(0, 3).reduce((a, c) => a + c.stdev, 0);
}

describe('offline demo', () => {
  it('each screen lists its own demo model with prices; Midjourney does not list them', async () => {
    const draw = await demoOf('draw');
    expect(draw).toMatchObject({ name: 'Offline demo · DALL·E', family: 'gpt-image', edits: true });
    expect(draw.prices).toEqual([
      { action: 'generate', credits: 4 },
      { action: 'edit', credits: 5 },
    ]);
    expect((await demoOf('sd3')).name).toBe('Offline demo · SD3');
    expect((await models('sd3')).map((m) => m.family)).toEqual(['sd3', 'sd3']);
    const mj = await get<{ rows: Array<{ name: string }> }>(
      '/autoreply/queryMjModel',
      env.alice.token,
    );
    expect(mj.body.data.rows.map((r) => r.name)).not.toContain('Offline demo · SD3');
    expect(mj.body.data.rows.map((r) => r.name)).not.toContain('Offline demo · DALL·E');
  });

  it('draws a real DALL·E picture and an SD3 picture with a locked seed, progress moving', async () => {
    const before = await balance(env.alice.token);
    const quote = await get<{ totalCredits: number; enough: boolean }>(
      `/images/quote?use=draw&modelId=${(await demoOf('draw')).id}&n=2`,
      env.alice.token,
    );
    expect(quote.body.data).toMatchObject({ totalCredits: 8, enough: true });
    const d = await post<{ rows: D.DrawTask[] }>('/queue/dalleCreate', env.alice.token, {
      modelId: (await demoOf('draw')).id,
      prompt: 'a mountain lake at sunrise',
      size: '1536x1024',
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const sd3Id = (await demoOf('sd3')).id;
    const body = { modelId: sd3Id, prompt: 'a desert city', seed: 42, aspectRatio: '9:16' };
    const [s1, s2] = await Promise.all([
      post<D.DrawTask>('/queue/sdxlCreate', env.alice.token, body),
      post<D.DrawTask>('/queue/sdxlCreate', env.alice.token, body),
    ]);
    const [dt, t1, t2] = await Promise.all(
      [d.body.data.rows[0]!.id, s1.body.data.id, s2.body.data.id].map((id) =>
        settle(env.alice.token, id),
      ),
    );
    for (const t of [dt!, t1!, t2!]) expect(t.status, t.error ?? '').toBe(3);
    expect(dt!.demo).toBe(true);
    const pic = await fetchStored(dt!.images[0]!.url, env.alice.token);
    const meta = await sharp(pic.bytes).metadata();
    expect(meta.width! / meta.height!).toBeCloseTo(1.5, 1);
    expect(await spread(pic.bytes)).toBeGreaterThan(20); // a picture, not a flat colour
    const [a, b] = await Promise.all(
      [t1!, t2!].map((t) => fetchStored(t.images[0]!.url, env.alice.token)),
    );
    expect(a!.bytes.equals(b!.bytes)).toBe(true); // same prompt + seed: the same picture
    expect(t1!.params).toMatchObject({ seed: 42, aspectRatio: '9:16' });
    expect(await balance(env.alice.token)).toBe(before - 4 - 4 - 4);
  });

  it('the demo painter: the seed decides, an edit changes only the masked part, strength blends', async () => {
    const one = await renderDemoImage({ prompt: 'forest', seed: 1, aspect: '1:1', long: 128 });
    const same = await renderDemoImage({ prompt: 'forest', seed: 1, aspect: '1:1', long: 128 });
    const other = await renderDemoImage({ prompt: 'forest', seed: 2, aspect: '1:1', long: 128 });
    expect(one.png.equals(same.png)).toBe(true);
    expect(one.png.equals(other.png)).toBe(false);
    const base = await pngOf(255, 0, 0, 128);
    // Transparent (painted) on the left half only.
    const alpha = Buffer.alloc(128 * 128 * 4, 255);
    for (let y = 0; y < 128; y++) for (let x = 0; x < 64; x++) alpha[(y * 128 + x) * 4 + 3] = 0;
    const mask = await sharp(alpha, { raw: { width: 128, height: 128, channels: 4 } })
      .png()
      .toBuffer();
    const edited = await renderDemoImage({
      prompt: 'forest',
      seed: 1,
      aspect: '1:1',
      long: 128,
      base,
      mask,
    });
    const raw = await sharp(edited.png).removeAlpha().raw().toBuffer();
    const px = (x: number, y: number) => [
      ...raw.subarray((y * 128 + x) * 3, (y * 128 + x) * 3 + 3),
    ];
    expect(px(100, 60)).toEqual([255, 0, 0]); // outside the mask: the reference, untouched
    expect(px(20, 60)).not.toEqual([255, 0, 0]); // inside: painted
    const kept = await renderDemoImage({
      prompt: 'forest',
      seed: 1,
      aspect: '1:1',
      long: 128,
      base,
      strength: 0,
    });
    const half = await renderDemoImage({
      prompt: 'forest',
      seed: 1,
      aspect: '1:1',
      long: 128,
      base,
      strength: 0.5,
    });
    const first = async (png: Buffer) => [
      ...(await sharp(png).removeAlpha().raw().toBuffer()).subarray(0, 3),
    ];
    expect(await first(kept.png)).toEqual([255, 0, 0]);
    expect(await first(half.png)).not.toEqual([255, 0, 0]);
    const clear = await renderDemoImage({
      prompt: 'forest',
      seed: 1,
      aspect: '1:1',
      long: 64,
      transparent: true,
    });
    expect((await sharp(clear.png).stats()).channels[3]!.min).toBe(0);
  });

  it('the draw lists answer each type its own kinds, in the draw-list shape', async () => {
    const dalle = await get<D.DrawListData>('/chatLog/draw?type=1', env.alice.token);
    const sd3 = await get<D.DrawListData>('/chatLog/draw?type=2', env.alice.token);
    expect(dalle.body.data.rows.length).toBeGreaterThan(0);
    expect(new Set(dalle.body.data.rows.map((r) => r.kind))).toEqual(new Set(['image']));
    expect(new Set(sd3.body.data.rows.map((r) => r.kind))).toEqual(new Set(['sd3']));
    expect(sd3.body.data).toMatchObject({ count: sd3.body.data.rows.length, countQueue: 0 });
    const none = await get<D.DrawListData>('/chatLog/draw?type=9', env.alice.token);
    expect(none.body.data).toEqual({ rows: [], count: 0, countQueue: 0 });
  });
});

describe('ownership and input', () => {
  it("another user's tasks and pictures are 404 on every call; their lists stay apart", async () => {
    const mine = await upload(env.t.app, env.alice, await pngOf(1, 2, 3, 32));
    const drawId = (await demoOf('draw')).id;
    const sd3Id = (await demoOf('sd3')).id;
    const useRef = await post('/queue/dalleCreate', env.bob.token, {
      modelId: drawId,
      prompt: 'x',
      images: [mine.url],
    });
    expect(useRef.status).toBe(404);
    const useInit = await post('/queue/sdxlCreate', env.bob.token, {
      modelId: sd3Id,
      prompt: 'x',
      mode: 'image-to-image',
      image: mine.url,
    });
    expect(useInit.status).toBe(404);
    const task = await post<D.DrawTask>('/queue/sdxlCreate', env.alice.token, {
      modelId: sd3Id,
      prompt: 'mine',
    });
    const id = task.body.data.id;
    await settle(env.alice.token, id);
    expect((await post('/queue/getMjStatus', env.bob.token, { ids: [id] })).status).toBe(404);
    expect((await post('/queue/redo', env.bob.token, { id })).status).toBe(404);
    expect((await post('/midjourney/delete', env.bob.token, { ids: [id] })).status).toBe(404);
    const stolen = await env.t.app.inject({
      method: 'GET',
      url: (await settle(env.alice.token, id)).images[0]!.url.replace(/\?.*$/, ''),
    });
    expect(stolen.statusCode).not.toBe(200);
    for (const type of [1, 2]) {
      const list = await get<D.DrawListData>(`/chatLog/draw?type=${type}`, env.bob.token);
      expect(list.body.data.rows.map((r) => r.id)).not.toContain(id);
    }
    expect((await get(`/images/quote?use=sd3&modelId=999999`, env.bob.token)).status).toBe(404);
    expect((await get(`/images/quote?use=sd3&modelId=${drawId}`, env.bob.token)).status).toBe(404);
  });

  it('bad input is a 400 naming the field; short credits a 430 with nothing queued', async () => {
    const drawId = (await demoOf('draw')).id;
    const bad = await post('/queue/sdxlCreate', env.alice.token, {
      prompt: 'x',
      aspectRatio: '7:3',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('aspectRatio');
    const n = await post('/queue/dalleCreate', env.alice.token, {
      modelId: drawId,
      prompt: 'x',
      n: 9,
    });
    expect(n.status).toBe(400);
    const mask = await post('/queue/dalleCreate', env.alice.token, {
      modelId: drawId,
      prompt: 'x',
      maskBase64: 'AAAA',
    });
    expect(mask.status).toBe(400);
    expect(JSON.stringify(mask.body)).toContain('maskBase64');
    const poor = await createUser(env.t.app);
    const r = await post('/queue/dalleCreate', poor.token, { modelId: drawId, prompt: 'x', n: 2 });
    expect(r.status).toBe(430);
    expect((await get<D.DrawListData>('/chatLog/draw?type=1', poor.token)).body.data.count).toBe(0);
  });
});
