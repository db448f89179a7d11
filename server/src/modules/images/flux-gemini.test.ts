import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { drawing as D } from '@atelier/contracts';
import { pngOf, upload } from '../../../test/drawing-support.js';
import { startFakeBfl, type FakeBfl } from '../../../test/fakes/bfl.js';
import { startFakeGeminiImage, type FakeGeminiImage } from '../../../test/fakes/gemini-image.js';
import { startFakeNewApi, type FakeNewApi } from '../../../test/fakes/newapi.js';
import { UpstreamError } from '../tasks/index.js';
import { checkConnection as checkBfl, submitFlux } from '../../providers/image/bfl.js';
import { checkConnection as checkGemini } from '../../providers/image/gemini-image.js';
import {
  addModels,
  balance,
  env,
  fetchStored,
  get,
  post,
  PRICE,
  settle,
  useImagesApp,
} from './images.setup.js';

/**
 * FLUX through Black Forest Labs' API (submit, `polling_url`, moderated statuses) and Gemini
 * image models (`generateContent` with inline references), directly and through New API,
 * against their fakes on loopback: the picture kept in our storage (BFL's link expires), one
 * charge equal to the quote, and every refusal charging nothing.
 */
useImagesApp();

let bfl: FakeBfl;
let gemini: FakeGeminiImage;
let relay: FakeNewApi;
const ids = { pro: 0, kontext: 0, nano: 0, relayed: 0 };

beforeAll(async () => {
  [bfl, gemini, relay] = await Promise.all([
    startFakeBfl(),
    startFakeGeminiImage(),
    startFakeNewApi(),
  ]);
  bfl.pendingPolls = 2;
  const f = await addModels('bfl', bfl.url, bfl.secret, 'fakeflux', {
    pro: 'flux-pro-1.1',
    kontext: 'flux-kontext-pro',
  });
  const g = await addModels('gemini', gemini.url, gemini.secret, 'fakenano', {
    nano: 'gemini-2.5-flash-image',
  });
  const r = await addModels('newapi', relay.url, relay.token, 'fakerelaynano', {
    relayed: 'gemini-2.5-flash-image',
  });
  Object.assign(ids, { pro: f.pro, kontext: f.kontext, nano: g.nano, relayed: r.relayed });
});
afterAll(async () => {
  await Promise.all([bfl.close(), gemini.close(), relay.close()]);
});

const draw = (body: object, token = env.alice.token) =>
  post<{ rows: D.DrawTask[] }>('/queue/dalleCreate', token, body);

async function drawOne(body: object) {
  const r = await draw(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return settle(env.alice.token, r.body.data.rows[0]!.id);
}

const quote = async (modelId: number, action: 'generate' | 'edit') =>
  (
    await get<{ unitCredits: number }>(
      `/images/quote?use=draw&modelId=${modelId}&action=${action}`,
      env.alice.token,
    )
  ).body.data.unitCredits;

describe('FLUX (Black Forest Labs)', () => {
  it('offers its aspect ratios and seed, no mask; a 16:9 picture polled until Ready, kept after its link expired, charged its quote once', async () => {
    const models = await get<{ rows: Array<Record<string, unknown>> }>(
      '/images/models?use=draw',
      env.alice.token,
    );
    expect(models.body.data.rows.find((m) => m.id === ids.pro)).toMatchObject({
      family: 'flux',
      aspects: expect.arrayContaining(['1:1', '16:9', '9:16']),
      seed: true,
      mask: false,
      edits: true,
      sizes: [],
    });
    const cost = await quote(ids.pro, 'generate');
    expect(cost).toBe(PRICE.generate);
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: ids.pro,
      prompt: 'a lighthouse',
      aspectRatio: '16:9',
      seed: 77,
    });
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.params).toMatchObject({ aspectRatio: '16:9', seed: 77 });
    const sent = bfl.requests.find((q) => q.path === '/v1/flux-pro-1.1')!;
    expect(sent.headers['x-key']).toBe(bfl.secret);
    expect(JSON.parse(sent.body)).toMatchObject({
      prompt: 'a lighthouse',
      seed: 77,
      width: 1376,
      height: 768,
      output_format: 'png',
    });
    // Polled through its polling_url until Ready (two Pending looks first).
    expect(bfl.requests.filter((q) => q.path === '/v1/get_result').length).toBeGreaterThanOrEqual(
      3,
    );
    const img = await fetchStored(t.images[0]!.url, env.alice.token);
    expect(img.status).toBe(200);
    expect((await sharp(img.bytes).metadata()).width).toBeGreaterThan(
      (await sharp(img.bytes).metadata()).height!,
    );
    // The sample link was fetched once and has expired; our copy stays.
    expect([...bfl.sampleFetches.values()].at(-1)).toBe(1);
    const again = await fetch(
      `${bfl.url}/delivery/${[...bfl.sampleFetches.keys()].at(-1)}/sample.png`,
    );
    expect(again.status).toBe(403);
    expect((await fetchStored(t.images[0]!.url, env.alice.token)).status).toBe(200);
    expect(await balance(env.alice.token)).toBe(before - cost);
  });

  it('Kontext: references as input_image, input_image_2 and the aspect as aspect_ratio, charged as an edit', async () => {
    const a = await upload(env.t.app, env.alice, await pngOf(200, 40, 40, 64));
    const b = await upload(env.t.app, env.alice, await pngOf(40, 40, 200, 64));
    const cost = await quote(ids.kontext, 'edit');
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: ids.kontext,
      prompt: 'the two cats together',
      aspectRatio: '4:3',
      images: [a.url, b.url],
    });
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.action).toBe('edit');
    const sent = JSON.parse(bfl.requests.find((q) => q.path === '/v1/flux-kontext-pro')!.body);
    expect(sent.aspect_ratio).toBe('4:3');
    expect(Buffer.from(sent.input_image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(sent.input_image_2).toEqual(expect.any(String));
    expect(sent).not.toHaveProperty('width');
    expect(await balance(env.alice.token)).toBe(before - cost);
  });

  it('refusals charge nothing and say why: request moderated, content moderated, an upstream error, no credits', async () => {
    const before = await balance(env.alice.token);
    for (const [prompt, words] of [
      ['a forbidden thing', 'Request Moderated'],
      ['an nsfw thing', 'Content Moderated'],
    ] as const) {
      const t = await drawOne({ modelId: ids.pro, prompt });
      expect(t.status).toBe(4);
      expect(t.error).toContain(words);
    }
    const broken = await drawOne({ modelId: ids.pro, prompt: 'a broken thing' });
    expect(broken.status).toBe(4);
    bfl.noCredits = true;
    const poor = await drawOne({ modelId: ids.pro, prompt: 'a quiet lake' });
    bfl.noCredits = false;
    expect(poor.status).toBe(4);
    expect(poor.error).toMatch(/no credits left|余额不足/);
    expect(await balance(env.alice.token)).toBe(before);
  });

  it('an invalid parameter is the upstream’s 422 naming the field, refused at once', async () => {
    const e = await submitFlux({
      baseUrl: bfl.url,
      apiKey: bfl.secret,
      timeoutMs: 2000,
      model: 'flux-kontext-pro',
      prompt: 'x',
      aspectRatio: '32:9',
    }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(UpstreamError);
    expect((e as UpstreamError).transient).toBe(false);
    expect((e as UpstreamError).message).toContain('aspect_ratio');
  });

  it('checks: its credits with the key, a wrong key in words', async () => {
    const opts = { baseUrl: bfl.url, timeoutMs: 2000 };
    expect(await checkBfl({ ...opts, apiKey: bfl.secret })).toBe('1234.5 credits left');
    await expect(checkBfl({ ...opts, apiKey: 'nope' })).rejects.toThrow(/key was refused \(403\)/);
  });
});

describe('Gemini image models', () => {
  it('two references edited into a 16:9 picture through generateContent, charged its quote once', async () => {
    const a = await upload(env.t.app, env.alice, await pngOf(200, 40, 40, 64));
    const b = await upload(env.t.app, env.alice, await pngOf(40, 200, 40, 64));
    const cost = await quote(ids.nano, 'edit');
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: ids.nano,
      prompt: 'put them in one room',
      aspectRatio: '16:9',
      images: [a.url, b.url],
    });
    expect(t.status, t.error ?? '').toBe(3);
    const q = gemini.requests.find((r) => r.path.endsWith(':generateContent'))!;
    expect(q.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(q.headers['x-goog-api-key']).toBe(gemini.secret);
    const body = JSON.parse(q.body);
    expect(body.generationConfig).toEqual({
      responseModalities: ['TEXT', 'IMAGE'],
      imageConfig: { aspectRatio: '16:9' },
    });
    const parts = body.contents[0].parts;
    expect(parts.filter((p: { inlineData?: unknown }) => p.inlineData)).toHaveLength(2);
    expect(parts.at(-1)).toEqual({ text: 'put them in one room' });
    const img = await fetchStored(t.images[0]!.url, env.alice.token);
    const meta = await sharp(img.bytes).metadata();
    expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
    expect(await balance(env.alice.token)).toBe(before - cost);
  });

  it('refusals charge nothing: a blocked prompt, an unsafe picture, words only, the quota', async () => {
    const before = await balance(env.alice.token);
    for (const [prompt, words] of [
      ['a forbidden thing', 'PROHIBITED_CONTENT'],
      ['an unsafe thing', 'IMAGE_SAFETY'],
      ['a chatty thing', 'no picture'],
    ] as const) {
      const t = await drawOne({ modelId: ids.nano, prompt });
      expect(t.status).toBe(4);
      expect(t.error).toContain(words);
    }
    gemini.quota = true;
    const quota = await drawOne({ modelId: ids.nano, prompt: 'a fox' });
    gemini.quota = false;
    expect(quota.status).toBe(4);
    expect(await balance(env.alice.token)).toBe(before);
  });

  it('its choices are checked: no seed, no mask (a 400 naming the field)', async () => {
    const seed = await draw({ modelId: ids.nano, prompt: 'x', seed: 3 });
    expect(seed.status).toBe(400);
    expect(JSON.stringify(seed.body)).toContain('seed');
    const aspect = await draw({ modelId: env.models.dalle3, prompt: 'x', aspectRatio: '16:9' });
    expect(aspect.status).toBe(400);
    expect(JSON.stringify(aspect.body)).toContain('aspectRatio');
  });

  it('through New API: its Gemini route with the relay token in x-goog-api-key', async () => {
    const t = await drawOne({ modelId: ids.relayed, prompt: 'a harbour', aspectRatio: '1:1' });
    expect(t.status, t.error ?? '').toBe(3);
    expect(relay.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1beta/models/gemini-2.5-flash-image:generateContent',
    });
    expect(relay.gemini.requests.at(-1)!.headers['x-goog-api-key']).toBe(relay.gemini.secret);
  });

  it('checks: the model list with the key, a wrong key in words', async () => {
    const opts = { baseUrl: gemini.url, timeoutMs: 2000 };
    expect(await checkGemini({ ...opts, apiKey: gemini.secret })).toMatch(/Gemini models/);
    await expect(checkGemini({ ...opts, apiKey: 'nope' })).rejects.toThrow(/API key not valid/);
  });
});

describe('the offline demos of FLUX and Gemini image', () => {
  it('are on /draw with their choices and paint a picture in the aspect asked, FLUX saying its seed', async () => {
    const models = await get<{ rows: Array<{ id: number; name: string; family: string }> }>(
      '/images/models?use=draw',
      env.alice.token,
    );
    const flux = models.body.data.rows.find((m) => m.name === 'Offline demo · FLUX')!;
    const nano = models.body.data.rows.find((m) => m.name === 'Offline demo · Gemini image')!;
    expect(flux.family).toBe('flux');
    expect(nano.family).toBe('gemini-image');
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: flux.id,
      prompt: 'a red kite',
      aspectRatio: '9:16',
      seed: 5,
    });
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.params).toMatchObject({ seed: 5, aspectRatio: '9:16' });
    const img = await fetchStored(t.images[0]!.url, env.alice.token);
    const meta = await sharp(img.bytes).metadata();
    expect(meta.height!).toBeGreaterThan(meta.width!);
    expect(await balance(env.alice.token)).toBe(before - 4);
  });
});
