import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { drawing as D } from '@atelier/contracts';
import { pngOf, upload } from '../../../test/drawing-support.js';
import { balance, env, fetchStored, post, PRICE, settle, useImagesApp } from './images.setup.js';

/**
 * OpenAI images through the fake upstream: generations (gpt-image base64, DALL·E links that
 * expire), edits (multipart `image[]` + mask), and failures that charge nothing.
 */
useImagesApp();

const dalle = (token: string, body: object) =>
  post<{ rows: D.DrawTask[]; count: number }>('/queue/dalleCreate', token, body);

describe('OpenAI images', () => {
  it('gpt-image: n pictures as base64, each stored with a thumbnail, each charged once', async () => {
    const before = await balance(env.alice.token);
    const r = await dalle(env.alice.token, {
      modelId: env.models.gpt,
      prompt: 'a lighthouse at dusk',
      n: 2,
      size: '1536x1024',
      quality: 'high',
      background: 'opaque',
      outputFormat: 'png',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.count).toBe(2);
    const done = await Promise.all(r.body.data.rows.map((t) => settle(env.alice.token, t.id)));
    for (const t of done) {
      expect(t.status, t.error ?? '').toBe(3);
      expect(t.kind).toBe('image');
      expect(t.action).toBe('generate');
      expect(t.params).toMatchObject({ size: '1536x1024', quality: 'high', background: 'opaque' });
      const img = await fetchStored(t.images[0]!.url, env.alice.token);
      expect(img.status).toBe(200);
      expect((await sharp(img.bytes).metadata()).format).toBe('png');
      expect((await fetchStored(t.images[0]!.thumbUrl, env.alice.token)).status).toBe(200);
    }
    expect(await balance(env.alice.token)).toBe(before - 2 * PRICE.generate);
    const sent = env.openai.requests.filter((q) => q.path === '/v1/images/generations').slice(-2);
    for (const q of sent) {
      expect(q.json).toMatchObject({
        model: 'gpt-image-1',
        n: 1,
        size: '1536x1024',
        background: 'opaque',
        output_format: 'png',
      });
      // gpt-image refuses response_format: it is never sent.
      expect(q.json).not.toHaveProperty('response_format');
      expect(q.headers.authorization).toBe(`Bearer ${env.openai.secret}`);
    }
  });

  it('DALL·E 3: its revised prompt, its link fetched once and served from our storage after the upstream is gone', async () => {
    const r = await dalle(env.alice.token, {
      modelId: env.models.dalle3,
      prompt: 'a red fox',
      size: '1792x1024',
      quality: 'hd',
      style: 'natural',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = await settle(env.alice.token, r.body.data.rows[0]!.id);
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.finalPrompt).toBe('A detailed picture of a red fox');
    expect(t.prompt).toBe('a red fox');
    const q = env.openai.requests.filter((x) => x.path === '/v1/images/generations').at(-1)!;
    expect(q.json).toMatchObject({
      model: 'dall-e-3',
      n: 1,
      size: '1792x1024',
      quality: 'hd',
      style: 'natural',
    });
    // The link was fetched exactly once; fetching it again upstream fails (it "expired").
    const fetches = [...env.openai.urlFetches.values()];
    expect(fetches.at(-1)).toBe(1);
    const again = await fetch(
      `${env.openai.url.replace(/\/v1$/, '')}/files/${[...env.openai.urlFetches.keys()].at(-1)}.png`,
    );
    expect(again.status).toBe(403);
    const stored = await fetchStored(t.images[0]!.url, env.alice.token);
    expect(stored.status).toBe(200);
    expect((await sharp(stored.bytes).metadata()).width).toBeGreaterThan(0);
  });

  it('DALL·E 3 refuses a size it does not draw: 400 naming the field, nothing queued or held', async () => {
    const before = await balance(env.alice.token);
    const r = await dalle(env.alice.token, {
      modelId: env.models.dalle3,
      prompt: 'x',
      size: '512x512',
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('size');
    const edit = await dalle(env.alice.token, {
      modelId: env.models.dalle3,
      prompt: 'x',
      images: ['/api/files/u/1/whatever.png'],
    });
    expect(edit.status).toBe(400);
    expect(JSON.stringify(edit.body)).toContain('images');
    expect(await balance(env.alice.token)).toBe(before);
  });

  it('edits: reference pictures and a mask go multipart as image[] and mask', async () => {
    const ref = await upload(env.t.app, env.alice, await pngOf(200, 40, 40, 64));
    const ref2 = await upload(env.t.app, env.alice, await pngOf(40, 40, 200, 64));
    const mask = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const before = await balance(env.alice.token);
    const r = await dalle(env.alice.token, {
      modelId: env.models.gpt,
      prompt: 'add a moon',
      images: [ref.url, ref2.url],
      maskBase64: `data:image/png;base64,${mask.toString('base64')}`,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = await settle(env.alice.token, r.body.data.rows[0]!.id);
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.action).toBe('edit');
    const q = env.openai.requests.filter((x) => x.path === '/v1/images/edits').at(-1)!;
    expect(q.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(q.files['image[]']).toHaveLength(2);
    expect(q.files.mask?.[0]?.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(q.fields.prompt).toEqual(['add a moon']);
    expect(await balance(env.alice.token)).toBe(before - PRICE.edit);
  });

  it('DALL·E 2 edits send one `image` field', async () => {
    const ref = await upload(env.t.app, env.alice, await pngOf(10, 200, 40, 64));
    const r = await dalle(env.alice.token, {
      modelId: env.models.dalle2,
      prompt: 'a hat',
      images: [ref.url],
      size: '512x512',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await settle(env.alice.token, r.body.data.rows[0]!.id)).status).toBe(3);
    const q = env.openai.requests.filter((x) => x.path === '/v1/images/edits').at(-1)!;
    expect(q.files.image).toHaveLength(1);
    expect(q.fields.size).toEqual(['512x512']);
  });

  it('a 500, a timeout and the safety system each fail the task and charge nothing', async () => {
    const before = await balance(env.alice.token);
    env.openai.failStatus = 500;
    const a = await dalle(env.alice.token, { modelId: env.models.gpt, prompt: 'a cat' });
    const failed500 = await settle(env.alice.token, a.body.data.rows[0]!.id);
    env.openai.failStatus = null;
    const b = await dalle(env.alice.token, { modelId: env.models.slow, prompt: 'a slow cat' });
    const c = await dalle(env.alice.token, {
      modelId: env.models.gpt,
      prompt: 'something forbidden',
    });
    const [timedOut, refused] = await Promise.all([
      settle(env.alice.token, b.body.data.rows[0]!.id),
      settle(env.alice.token, c.body.data.rows[0]!.id),
    ]);
    for (const t of [failed500, timedOut, refused]) {
      expect(t.status).toBe(4);
      expect(t.credits).toBe(0);
      expect(t.images).toEqual([]);
    }
    expect(refused.error).toContain('safety system');
    expect(await balance(env.alice.token)).toBe(before);
  });
});

describe('after the upstream is gone', () => {
  it('every stored result (DALL·E links included) is still served from our storage', async () => {
    const r = await dalle(env.alice.token, {
      modelId: env.models.dalle3,
      prompt: 'a last picture',
    });
    const t = await settle(env.alice.token, r.body.data.rows[0]!.id);
    expect(t.status, t.error ?? '').toBe(3);
    await env.openai.close();
    const stored = await fetchStored(t.images[0]!.url, env.alice.token);
    expect(stored.status).toBe(200);
    expect(stored.type).toMatch(/^image\//);
    const upstream = await fetch(`${env.openai.url}/models`).catch(() => null);
    expect(upstream).toBeNull();
  });
});
