import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, TaskStatus } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { decodeWav, durationOf } from '../../lib/wav.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, call } from '../../test/harness.js';
import {
  startFakeCloudRunSeparator,
  type FakeCloudRunSeparator,
} from '../../../test/fakes/audio-separator-cloudrun.js';
import {
  admin,
  alice,
  balance,
  bytesOf,
  finish,
  stereo,
  submit,
  t,
  uploadAudio,
  useSeparationApp,
  wavBytes,
} from './separation.setup.js';

// A step timeout far below a separation's length: the Cloud Run call must outlast it.
useSeparationApp({ stepTimeoutMs: 1000 });

let cloud: FakeCloudRunSeparator;
let providerId: number;
const models: Record<'single' | 'preset', number> = { single: 0, preset: 0 };
const PRICE = 9;

beforeAll(async () => {
  cloud = await startFakeCloudRunSeparator({ token: 'id-token-1' });
  const h = bearer(admin.token);
  const provider = await call<{ id: number }>(t.app, {
    method: 'POST',
    url: '/api/admin/chat/providers/create',
    headers: h,
    payload: {
      name: 'sep-cloudrun',
      protocol: 'audio-separator-cloudrun',
      baseUrl: cloud.url,
      apiKey: 'id-token-1',
    },
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(200);
  providerId = provider.body.data.id;
  await call(t.app, {
    method: 'POST',
    url: '/api/admin/credits/prices/create',
    headers: h,
    payload: {
      model: 'cloudsep',
      action: 'separate',
      category: 'separation',
      label: 'cr',
      credits: PRICE,
    },
  });
  for (const [key, upstreamModel] of [
    ['single', 'UVR-MDX-NET-Inst_HQ_3.onnx'],
    ['preset', 'preset:karaoke'],
  ] as const) {
    const model = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: `Cloud Run ${key}`,
        upstreamModel,
        providerId,
        kind: 'separation',
        priceKey: 'cloudsep:separate',
      },
    });
    expect(model.status, JSON.stringify(model.body)).toBe(200);
    models[key] = model.body.data.id;
  }
});
afterAll(() => cloud.close());

/** Sets the provider's timeout (the console's field). */
async function providerTimeout(timeoutMs: number) {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/admin/chat/providers/update',
    headers: bearer(admin.token),
    payload: { id: providerId, timeoutMs },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Submits one upload and waits for its end; the fake's jobs it started. */
async function separateOnce() {
  const up = await uploadAudio(alice, wavBytes());
  const [submits, started] = [cloud.submits.length, cloud.started];
  const r = await submit(alice, {
    modelId: models.single,
    source: { type: 'upload', url: up.body.data.url },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const done = await finish(alice, r.body.data.id);
  return { done, submits: cloud.submits.length - submits, started: cloud.started - started };
}

describe('separation through the Cloud Run deployment (fake on loopback)', () => {
  it('one request separates: the stems are stored and the price charged once', async () => {
    const before = await balance(alice);
    const up = await uploadAudio(alice, wavBytes(stereo(1)), 'duet.wav');
    const r = await submit(alice, {
      modelId: models.single,
      source: { type: 'upload', url: up.body.data.url },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finish(alice, r.body.data.id);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    expect(done).toMatchObject({ method: 'model', format: 'wav', credits: PRICE, demo: false });
    expect(cloud.submits.at(-1)!.fields).toMatchObject({
      model: 'UVR-MDX-NET-Inst_HQ_3.onnx',
      output_format: 'wav',
    });
    expect(done.vocals!.name).toMatch(/^duet_\(Vocals\)_UVR-MDX-NET-Inst_HQ_3\.wav$/);
    expect(durationOf(decodeWav(await bytesOf(done.instrumental!.url)))).toBeCloseTo(1, 3);
    expect(await balance(alice)).toBe(before - PRICE);
  });

  it('a `preset:` model sends the ensemble preset instead of a model file', async () => {
    const up = await uploadAudio(alice, wavBytes());
    const r = await submit(alice, {
      modelId: models.preset,
      source: { type: 'upload', url: up.body.data.url },
    });
    const done = await finish(alice, r.body.data.id);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    const sent = cloud.submits.at(-1)!.fields;
    expect(sent.preset).toBe('karaoke');
    expect(sent.model).toBeUndefined();
  });

  it('an error the deployment answers fails the task and gives the credits back', async () => {
    const up = await uploadAudio(alice, wavBytes());
    const before = await balance(alice);
    cloud.failNext = 1;
    const r = await submit(alice, {
      modelId: models.single,
      source: { type: 'upload', url: up.body.data.url },
    });
    const done = await finish(alice, r.body.data.id);
    expect(done.status).toBe(TaskStatus.failed);
    expect(done.error).not.toMatch(/CUDA/);
    expect(done.credits).toBe(0);
    expect(await balance(alice)).toBe(before);
  });

  it('a provider of this protocol waits 1,800 s by default, as the official client does', async () => {
    const r = await callEndpoint(t.app, chat.adminListProviders, { token: admin.token });
    const p = r.body.data.rows.find((x) => x.id === providerId)!;
    expect(p.timeoutMs).toBe(1_800_000);
  });

  it('waits for a separation longer than the step timeout: one request, one job', async () => {
    const before = await balance(alice);
    cloud.workMs = 2500; // past the engine's step timeout of 1 s
    const { done, submits, started } = await separateOnce().finally(() => (cloud.workMs = 50));
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    expect([submits, started]).toEqual([1, 1]);
    expect(await balance(alice)).toBe(before - PRICE);
  });

  it('a request that timed out is not sent again: one job, nothing charged', async () => {
    const before = await balance(alice);
    await providerTimeout(1000);
    cloud.workMs = 15_000;
    const { done, submits, started } = await separateOnce().finally(async () => {
      cloud.workMs = 50;
      await providerTimeout(1_800_000);
    });
    expect(done.status).toBe(TaskStatus.failed);
    expect(done.error).toMatch(/服务未确认收到请求.*未扣除积分/); // the caller's language
    expect([submits, started]).toEqual([1, 1]);
    expect(done.credits).toBe(0);
    expect(await balance(alice)).toBe(before);
  });

  it('a connection dropped mid-request is not sent again: one job, nothing charged', async () => {
    const before = await balance(alice);
    cloud.dropNext = 1;
    const { done, submits, started } = await separateOnce();
    expect(done.status).toBe(TaskStatus.failed);
    expect(done.error).toMatch(/服务未确认收到请求/);
    expect([submits, started]).toEqual([1, 1]);
    expect(await balance(alice)).toBe(before);
  });

  it("the console's connection test reads /health, and says so when the token is refused", async () => {
    const ok = await callEndpoint(t.app, A.testProvider, {
      token: admin.token,
      body: { id: providerId },
    });
    expect(ok.body.data).toMatchObject({ ok: true });
    expect(ok.body.data.message).toMatch(/Cloud Run answered: healthy, models ready/);
    cloud.token = 'another-token';
    const refused = await callEndpoint(t.app, A.testProvider, {
      token: admin.token,
      body: { id: providerId },
    }).finally(() => (cloud.token = 'id-token-1'));
    expect(refused.body.data).toMatchObject({ ok: false });
    expect(refused.body.data.message).toMatch(/^403 /);
  });
});
