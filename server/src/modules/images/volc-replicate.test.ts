import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { drawing as D } from '@atelier/contracts';
import { pngOf, upload } from '../../../test/drawing-support.js';
import { startFakeReplicate, type FakeReplicate } from '../../../test/fakes/replicate.js';
import { startFakeVolcImages, type FakeVolcImages } from '../../../test/fakes/volc-images.js';
import { bearer, call } from '../../test/harness.js';
import { checkReplicate } from '../../providers/image/replicate.js';
import { checkSeedream } from '../../providers/image/seedream.js';
import { checkJimeng } from '../../providers/jimeng.js';
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
 * Seedream (Ark's images/generations, directly and through New API), Jimeng images
 * (Volcengine's signed visual API) and FLUX on Replicate (predictions polled at `urls.get`),
 * against their fakes on loopback: each picture kept in our storage after the upstream's link
 * expired, one charge equal to the quote, the upstream's refusals (its filter, an invalid
 * parameter, no quota) charging nothing.
 */
useImagesApp();

let volc: FakeVolcImages;
let rep: FakeReplicate;
const ids: Record<string, number> = {};

beforeAll(async () => {
  [volc, rep] = await Promise.all([startFakeVolcImages(), startFakeReplicate()]);
  Object.assign(
    ids,
    await addModels('seedream', volc.url, volc.arkKey, 'fakeseedream', {
      seedream3: 'doubao-seedream-3-0-t2i-250415',
      seedream4: 'doubao-seedream-4-0-250828',
    }),
    await addModels('newapi', volc.url, volc.relayToken, 'fakerelayseedream', {
      relayed: 'doubao-seedream-3-0-t2i-250415',
    }),
    await addModels('jimeng', volc.url, volc.volcKey, 'fakejimeng', {
      jm30: 'jimeng_t2i_v30',
      jm40: 'jimeng_t2i_v40',
    }),
    await addModels('replicate', rep.url, rep.token, 'fakereplicate', {
      pro: 'black-forest-labs/flux-1.1-pro',
      kontext: 'black-forest-labs/flux-kontext-pro',
      schnell: 'black-forest-labs/flux-schnell',
    }),
  );
});
afterAll(async () => {
  await Promise.all([volc.close(), rep.close()]);
});

async function drawOne(body: object) {
  const r = await post<{ rows: D.DrawTask[] }>('/queue/dalleCreate', env.alice.token, body);
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
const modelRow = async (id: number) =>
  (
    await get<{ rows: Array<Record<string, unknown>> }>('/images/models?use=draw', env.alice.token)
  ).body.data.rows.find((m) => m.id === id)!;
const lastBody = (requests: Array<{ path: string; body: string }>, path: string) =>
  JSON.parse(requests.filter((q) => q.path === path).at(-1)!.body) as Record<string, unknown>;

/** The picture is ours: stored, served, and the upstream's link no longer answers. */
async function keptAfterExpiry(t: D.DrawTask, linkAgain: () => Promise<number>) {
  const img = await fetchStored(t.images[0]!.url, env.alice.token);
  expect(img.status).toBe(200);
  expect((await sharp(img.bytes).metadata()).format).toBe('png');
  expect(await linkAgain()).toBeGreaterThanOrEqual(403);
  expect((await fetchStored(t.images[0]!.url, env.alice.token)).status).toBe(200);
}

describe('Seedream (Volcengine Ark)', () => {
  it('offers aspect, seed and guidance on 3.0, references on 4.0; a picture charged its quote once', async () => {
    expect(await modelRow(ids.seedream3!)).toMatchObject({
      family: 'seedream',
      seed: true,
      guidance: true,
      edits: false,
      aspects: expect.arrayContaining(['1:1', '16:9', '21:9']),
    });
    expect(await modelRow(ids.seedream4!)).toMatchObject({ guidance: false, edits: true });
    const cost = await quote(ids.seedream3!, 'generate');
    expect(cost).toBe(PRICE.generate);
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: ids.seedream3,
      prompt: 'a tea house',
      aspectRatio: '16:9',
      seed: 12,
      guidance: 3.5,
    });
    expect(t.status, t.error ?? '').toBe(3);
    const sent = volc.requests.filter((q) => q.path === '/api/v3/images/generations').at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${volc.arkKey}`);
    expect(JSON.parse(sent.body)).toMatchObject({
      model: 'doubao-seedream-3-0-t2i-250415',
      prompt: 'a tea house',
      size: '1280x720',
      seed: 12,
      guidance_scale: 3.5,
      watermark: false,
      response_format: 'url',
    });
    await keptAfterExpiry(t, async () => {
      const key = [...volc.linkFetches.keys()].at(-1)!;
      expect(volc.linkFetches.get(key)).toBe(1);
      return (await fetch(`${volc.url}/tos/${key}.png`)).status;
    });
    expect(await balance(env.alice.token)).toBe(before - cost);
  });

  it('4.0 edits from two references as data URLs at its 2K size, charged as an edit', async () => {
    const a = await upload(env.t.app, env.alice, await pngOf(200, 40, 40, 64));
    const b = await upload(env.t.app, env.alice, await pngOf(40, 40, 200, 64));
    const cost = await quote(ids.seedream4!, 'edit');
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: ids.seedream4,
      prompt: 'merge them',
      images: [a.url, b.url],
    });
    expect(t.status, t.error ?? '').toBe(3);
    const sent = lastBody(volc.requests, '/api/v3/images/generations');
    expect(sent.size).toBe('2048x2048');
    expect(sent.image).toEqual([
      expect.stringMatching(/^data:image\/png;base64,/),
      expect.stringMatching(/^data:image\/png;base64,/),
    ]);
    expect(sent).not.toHaveProperty('guidance_scale');
    expect(await balance(env.alice.token)).toBe(before - cost);
  });

  it('a guidance on 4.0 is a 400 naming the field, nothing held or sent', async () => {
    const sent = volc.requests.length;
    const r = await post<unknown>('/queue/dalleCreate', env.alice.token, {
      modelId: ids.seedream4,
      prompt: 'x',
      guidance: 4,
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('guidance');
    expect(volc.requests.length).toBe(sent);
  });

  it('through New API: the same body at /v1/images/generations with the relay token', async () => {
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: ids.relayed,
      prompt: 'a relayed bridge',
      aspectRatio: '3:4',
    });
    expect(t.status, t.error ?? '').toBe(3);
    const sent = volc.requests.filter((q) => q.path === '/v1/images/generations').at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${volc.relayToken}`);
    expect(JSON.parse(sent.body)).toMatchObject({ size: '864x1152', watermark: false });
    expect(await balance(env.alice.token)).toBe(before - PRICE.generate);
  });

  it('its filter (input and output), an invalid parameter and no quota charge nothing', async () => {
    const before = await balance(env.alice.token);
    for (const [prompt, words] of [
      ['a forbidden sign', 'InputTextSensitiveContentDetected'],
      ['an nsfw scene', 'OutputImageSensitiveContentDetected'],
      ['a broke size', 'InvalidParameter'],
    ] as const) {
      const t = await drawOne({ modelId: ids.seedream3, prompt });
      expect(t.status, prompt).toBe(4);
      expect(t.error).toContain(words);
    }
    for (const id of [ids.seedream3, ids.relayed]) {
      volc.noQuota = true;
      const t = await drawOne({ modelId: id, prompt: 'a calm sea' });
      volc.noQuota = false;
      expect(t.status).toBe(4);
      expect(t.error).toContain('QuotaExceeded');
    }
    expect(await balance(env.alice.token)).toBe(before);
  });
});

describe('Jimeng images (Volcengine visual API, signed)', () => {
  it('a signed submit, polled with its req_key until done, kept after its link expired, charged once', async () => {
    expect(await modelRow(ids.jm30!)).toMatchObject({
      family: 'jimeng',
      seed: true,
      guidance: false,
      edits: false,
    });
    expect(await modelRow(ids.jm40!)).toMatchObject({ edits: true });
    const cost = await quote(ids.jm30!, 'generate');
    const before = await balance(env.alice.token);
    const t = await drawOne({ modelId: ids.jm30, prompt: 'a crane', aspectRatio: '1:1', seed: 5 });
    expect(t.status, t.error ?? '').toBe(3);
    const submit = volc.requests
      .filter((q) => q.query.get('Action') === 'CVSync2AsyncSubmitTask')
      .at(-1)!;
    expect(submit.headers.authorization).toMatch(
      /^HMAC-SHA256 Credential=AKLT\w+\/\d{8}\/cn-north-1\/cv\/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(submit.body)).toMatchObject({
      req_key: 'jimeng_t2i_v30',
      prompt: 'a crane',
      seed: 5,
      width: 1328,
      height: 1328,
    });
    const get = volc.requests
      .filter((q) => q.query.get('Action') === 'CVSync2AsyncGetResult')
      .at(-1)!;
    expect(JSON.parse(get.body)).toMatchObject({
      req_key: 'jimeng_t2i_v30',
      req_json: '{"return_url":true}',
    });
    await keptAfterExpiry(t, async () => {
      const key = [...volc.linkFetches.keys()].at(-1)!;
      return (await fetch(`${volc.url}/tos/${key}.png`)).status;
    });
    expect(await balance(env.alice.token)).toBe(before - cost);
  });

  it('4.0 takes references as binary_data_base64', async () => {
    const a = await upload(env.t.app, env.alice, await pngOf(30, 160, 90, 64));
    const t = await drawOne({ modelId: ids.jm40, prompt: 'in watercolor', images: [a.url] });
    expect(t.status, t.error ?? '').toBe(3);
    const sent = JSON.parse(
      volc.requests.filter((q) => q.query.get('Action') === 'CVSync2AsyncSubmitTask').at(-1)!.body,
    );
    expect(sent.binary_data_base64).toHaveLength(1);
    expect(sent.width).toBe(2048);
  });

  it('its filter before and after drawing, an invalid parameter, no quota: nothing charged', async () => {
    const before = await balance(env.alice.token);
    for (const [prompt, words] of [
      ['a forbidden word', 'Text Risk Not Pass'],
      ['an nsfw picture', 'Post Img Risk Not Pass'],
      ['a broke request', 'Input invalid'],
    ] as const) {
      const t = await drawOne({ modelId: ids.jm30, prompt });
      expect(t.status, prompt).toBe(4);
      expect(t.error).toContain(words);
    }
    volc.noQuota = true;
    const poor = await drawOne({ modelId: ids.jm30, prompt: 'a calm sea' });
    volc.noQuota = false;
    expect(poor.status).toBe(4);
    expect(poor.error).toContain('AccessDenied');
    expect(await balance(env.alice.token)).toBe(before);
  });

  it('checks: the signature accepted, a wrong secret refused', async () => {
    const o = { baseUrl: volc.url, timeoutMs: 2000 };
    expect(await checkJimeng({ ...o, apiKey: volc.volcKey })).toMatch(/signature is accepted/);
    await expect(
      checkJimeng({ ...o, apiKey: `${volc.volcKey.split('|')[0]}|wrong` }),
    ).rejects.toThrow(/SignatureDoesNotMatch/);
    await expect(checkJimeng({ ...o, apiKey: 'no-separator' })).rejects.toThrow();
    expect(await checkSeedream({ ...o, apiKey: volc.arkKey })).toMatch(/signed in/);
    await expect(checkSeedream({ ...o, apiKey: 'nope' })).rejects.toThrow(/401/);
  });
});

describe('FLUX on Replicate', () => {
  it('a prediction polled at urls.get until succeeded, its delivery link gone after our copy, charged once', async () => {
    expect(await modelRow(ids.pro!)).toMatchObject({ family: 'flux', seed: true, edits: true });
    const cost = await quote(ids.pro!, 'generate');
    const before = await balance(env.alice.token);
    const t = await drawOne({
      modelId: ids.pro,
      prompt: 'a red kite',
      aspectRatio: '16:9',
      seed: 9,
    });
    expect(t.status, t.error ?? '').toBe(3);
    const sent = rep.requests.find(
      (q) => q.path === '/v1/models/black-forest-labs/flux-1.1-pro/predictions',
    )!;
    expect(sent.headers.authorization).toBe(`Bearer ${rep.token}`);
    expect(JSON.parse(sent.body)).toEqual({
      input: { prompt: 'a red kite', aspect_ratio: '16:9', seed: 9, output_format: 'png' },
    });
    expect(
      rep.requests.filter((q) => /^\/v1\/predictions\/\w+$/.test(q.path)).length,
    ).toBeGreaterThanOrEqual(3);
    await keptAfterExpiry(t, async () => {
      const key = [...rep.deliveryFetches.keys()].at(-1)!;
      return (await fetch(`${rep.url}/delivery/xezq/${key}/out-0.png`)).status;
    });
    expect(await balance(env.alice.token)).toBe(before - cost);
    // flux-schnell answers a list of links: the first is ours.
    const s = await drawOne({ modelId: ids.schnell, prompt: 'a quick sketch' });
    expect(s.status, s.error ?? '').toBe(3);
  });

  it('Kontext takes the reference as input_image', async () => {
    const a = await upload(env.t.app, env.alice, await pngOf(10, 90, 200, 64));
    const t = await drawOne({ modelId: ids.kontext, prompt: 'make it night', images: [a.url] });
    expect(t.status, t.error ?? '').toBe(3);
    const sent = lastBody(
      rep.requests,
      '/v1/models/black-forest-labs/flux-kontext-pro/predictions',
    );
    expect((sent.input as Record<string, string>).input_image).toMatch(/^data:image\/png;base64,/);
  });

  it('its safety filter (E005), a failed model, 422, 402 and 429 charge nothing', async () => {
    const before = await balance(env.alice.token);
    const filtered = await drawOne({ modelId: ids.pro, prompt: 'an nsfw thing' });
    expect(filtered.status).toBe(4);
    expect(filtered.error).toMatch(/E005/);
    const broken = await drawOne({ modelId: ids.pro, prompt: 'a broken thing' });
    expect(broken.status).toBe(4);
    // An input the model refuses: FLUX 1.1 pro has no 21:9 (422 with invalid_fields).
    const invalid = await drawOne({ modelId: ids.pro, prompt: 'x', aspectRatio: '21:9' });
    expect(invalid.status).toBe(4);
    expect(invalid.error).toContain('Input validation failed');
    rep.noCredit = true;
    const poor = await drawOne({ modelId: ids.pro, prompt: 'a calm sea' });
    rep.noCredit = false;
    expect(poor.status).toBe(4);
    expect(poor.error).toMatch(/no credit|余额不足/);
    rep.busy = true;
    const busy = await drawOne({ modelId: ids.pro, prompt: 'a busy street' });
    rep.busy = false;
    expect(busy.status).toBe(4);
    expect(await balance(env.alice.token)).toBe(before);
  });

  it('checks: the account with the token, a wrong token in words', async () => {
    const o = { baseUrl: rep.url, timeoutMs: 2000 };
    expect(await checkReplicate({ ...o, apiKey: rep.token })).toBe(
      'Replicate: signed in as atelier-test',
    );
    await expect(checkReplicate({ ...o, apiKey: 'nope' })).rejects.toThrow(/401/);
  });
});

describe('offline demo named after an engine', () => {
  it('a Seedream-named model on the demo provider offers its choices and paints offline', async () => {
    const h = bearer(env.admin.token);
    const list = await call<{ rows: Array<{ id: number; protocol: string }> }>(env.t.app, {
      url: '/api/admin/chat/providers',
      headers: h,
    });
    const m = await call<{ id: number }>(env.t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'Seedream (offline demo)',
        upstreamModel: 'doubao-seedream-3-0-t2i-250415',
        providerId: list.body.data.rows.find((r) => r.protocol === 'demo')!.id,
        kind: 'image',
        priceKey: 'demo-flux:generate',
      },
    });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    expect(await modelRow(m.body.data.id)).toMatchObject({
      family: 'seedream',
      demo: true,
      guidance: true,
    });
    const sent = volc.requests.length;
    const t = await drawOne({
      modelId: m.body.data.id,
      prompt: 'a demo garden',
      seed: 3,
      guidance: 5,
    });
    expect(t.status, t.error ?? '').toBe(3);
    expect(volc.requests.length).toBe(sent);
  });
});
