import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { drawing as D } from '@atelier/contracts';
import { pngOf, upload } from '../../../test/drawing-support.js';
import { generateSd3, checkConnection } from '../../providers/image/stability.js';
import { UpstreamError } from '../../providers/errors.js';
import { balance, env, fetchStored, post, PRICE, settle, useImagesApp } from './images.setup.js';

/** SD3 through the fake Stability API: both modes, both answer formats, filters and failures. */
useImagesApp();

const sd3 = (token: string, body: object) => post<D.DrawTask>('/queue/sdxlCreate', token, body);

describe('SD3', () => {
  it('text-to-image: every field goes multipart, the seed comes back, the picture is stored', async () => {
    const before = await balance(env.alice.token);
    const r = await sd3(env.alice.token, {
      modelId: env.models.sd3,
      prompt: 'a castle in the clouds',
      aspectRatio: '16:9',
      seed: 1234,
      negativePrompt: 'blurry',
      cfgScale: 6.5,
      stylePreset: 'fantasy-art',
      outputFormat: 'jpeg',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = await settle(env.alice.token, r.body.data.id);
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.kind).toBe('sd3');
    expect(t.params).toMatchObject({
      seed: 1234,
      aspectRatio: '16:9',
      negativePrompt: 'blurry',
      cfgScale: 6.5,
    });
    const q = env.stability.requests.at(-1)!;
    expect(q.headers.accept).toBe('image/*');
    expect(q.fields).toMatchObject({
      mode: ['text-to-image'],
      aspect_ratio: ['16:9'],
      model: ['sd3.5-large'],
      seed: ['1234'],
      negative_prompt: ['blurry'],
      cfg_scale: ['6.5'],
      style_preset: ['fantasy-art'],
      output_format: ['jpeg'],
    });
    const img = await fetchStored(t.images[0]!.url, env.alice.token);
    const meta = await sharp(img.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
    expect(await balance(env.alice.token)).toBe(before - PRICE.generate);
  });

  it('image-to-image sends the start picture and its strength', async () => {
    const init = await upload(env.t.app, env.alice, await pngOf(90, 160, 30, 64));
    const r = await sd3(env.alice.token, {
      modelId: env.models.sd3,
      prompt: 'make it autumn',
      mode: 'image-to-image',
      image: init.url,
      strength: 0.35,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = await settle(env.alice.token, r.body.data.id);
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.action).toBe('image-to-image');
    const q = env.stability.requests.at(-1)!;
    expect(q.fields.mode).toEqual(['image-to-image']);
    expect(q.fields.strength).toEqual(['0.35']);
    expect(q.files.image?.[0]?.bytes.length).toBeGreaterThan(0);
    const missing = await sd3(env.alice.token, {
      modelId: env.models.sd3,
      prompt: 'x',
      mode: 'image-to-image',
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('image');
  });

  it('a content filter, a moderation refusal, a 500 and a timeout fail with the reason and charge nothing', async () => {
    const before = await balance(env.alice.token);
    const filtered = await sd3(env.alice.token, {
      modelId: env.models.sd3,
      prompt: 'something filtered',
    });
    const moderated = await sd3(env.alice.token, {
      modelId: env.models.sd3,
      prompt: 'something moderated',
    });
    const slow = await sd3(env.alice.token, { modelId: env.models.sd3, prompt: 'a slow one' });
    const [f, m, s] = await Promise.all(
      [filtered, moderated, slow].map((r) => settle(env.alice.token, r.body.data.id)),
    );
    env.stability.failStatus = 500;
    const e = await settle(
      env.alice.token,
      (await sd3(env.alice.token, { modelId: env.models.sd3, prompt: 'boom' })).body.data.id,
    );
    env.stability.failStatus = null;
    for (const t of [f!, m!, s!, e]) {
      expect(t.status).toBe(4);
      expect(t.credits).toBe(0);
    }
    // The user's language (zh-CN by default), with the upstream's own reason where it gave one.
    expect(f!.error).toContain('内容审核拦截');
    expect(m!.error).toMatch(/内容审核拦截.*content moderation system/);
    expect(await balance(env.alice.token)).toBe(before);
  });

  it('the adapter reads base64 JSON (Accept: application/json) and a filtered JSON answer', async () => {
    const base = {
      baseUrl: env.stability.url,
      apiKey: env.stability.secret,
      timeoutMs: 5000,
      model: 'sd3.5-medium',
    };
    const out = await generateSd3({ ...base, prompt: 'json please', seed: 77, accept: 'json' });
    expect(env.stability.requests.at(-1)!.headers.accept).toBe('application/json');
    expect(out.seed).toBe(77);
    expect((await sharp(out.bytes).metadata()).format).toBe('png');
    await expect(
      generateSd3({ ...base, prompt: 'filtered', accept: 'json' }),
    ).rejects.toMatchObject({
      retry: 'permanent',
      kind: 'banned',
    });
    await expect(generateSd3({ ...base, model: 'sd9', prompt: 'x' })).rejects.toMatchObject({
      status: 400,
      retry: 'permanent',
    });
  });

  it('checkConnection says what is right and what is wrong, in words', async () => {
    const ok = await checkConnection({
      baseUrl: env.stability.url,
      apiKey: env.stability.secret,
      timeoutMs: 2000,
    });
    expect(ok).toContain('42.5');
    const badKey = checkConnection({ baseUrl: env.stability.url, apiKey: 'nope', timeoutMs: 2000 });
    await expect(badKey).rejects.toThrow(/key was refused \(401\)/);
    const nobody = checkConnection({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x', timeoutMs: 2000 });
    await expect(nobody).rejects.toBeInstanceOf(UpstreamError);
    await expect(nobody).rejects.toThrow(/cannot reach/);
  });
});
