import { afterAll, beforeAll, expect } from 'vitest';
import { isTaskFinished, type separation as S } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { encodeWav, type PcmAudio } from '../../lib/wav.js';
import {
  startFakeAudioSeparator,
  type FakeAudioSeparator,
} from '../../../test/fakes/audio-separator.js';
import { quickTasks, startWorkers } from '../../../test/drawing-support.js';
import { grant } from '../credits/index.js';

/**
 * An app with the separation module, its workers, the offline demo model and a model on a
 * fake audio-separator server (price `fakesep:separate` = PRICE), and three users with credits.
 */
export let t: TestApp;
export let fake: FakeAudioSeparator;
export let admin: TestUser;
export let alice: TestUser;
export let bob: TestUser;
export let fakeModelId: number;
export let demoModelId: number;
export const PRICE = 7;

/** Stereo audio: a tone on the left, another on the right, `seconds` long. */
export function stereo(
  seconds = 0.5,
  sampleRate = 8000,
  hz: [number, number] = [440, 660],
): PcmAudio {
  const n = Math.round(seconds * sampleRate);
  const ch = (f: number, a: number) =>
    Float32Array.from({ length: n }, (_, i) => a * Math.sin((2 * Math.PI * f * i) / sampleRate));
  return { sampleRate, channels: [ch(hz[0], 0.4), ch(hz[1], 0.3)] };
}

export const wavBytes = (audio: PcmAudio = stereo()) => encodeWav(audio);

export function multipart(bytes: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

export async function uploadAudio(
  user: TestUser,
  bytes: Buffer,
  name = 'song.wav',
  type = 'audio/wav',
) {
  const body = multipart(bytes, name, type);
  return call<S.UploadedAudio>(t.app, {
    method: 'POST',
    url: '/api/separation/upload',
    headers: { ...bearer(user.token), ...body.headers },
    payload: body.payload,
  });
}

export async function submit(user: TestUser, body: S.SeparationInput) {
  return call<S.SeparationTask>(t.app, {
    method: 'POST',
    url: '/api/separation/submit',
    headers: bearer(user.token),
    payload: body,
  });
}

export async function statusOf(user: TestUser, id: number) {
  return call<S.SeparationTask>(t.app, {
    method: 'GET',
    url: `/api/separation/status?id=${id}`,
    headers: bearer(user.token),
  });
}

/** Polls until the separation has finished; keeps the progress numbers it saw. */
export async function finish(user: TestUser, id: number, seen: number[] = [], ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const r = await statusOf(user, id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    seen.push(r.body.data.progress);
    if (isTaskFinished(r.body.data.status)) return r.body.data;
    if (Date.now() > end)
      throw new Error(`separation ${id} did not finish: ${JSON.stringify(r.body.data)}`);
    await new Promise((r2) => setTimeout(r2, 15));
  }
}

/** The bytes of a stored file, read through its link as a browser would. */
export async function bytesOf(url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

export async function balance(user: TestUser): Promise<number> {
  const row = await t.app.ctx.db.kysely
    .selectFrom('credit_balances')
    .select('credits')
    .where('user_id', '=', user.userId)
    .executeTakeFirst();
  return Number(row?.credits ?? 0);
}

/** `tasks`: the engine's settings for this file (cloudrun.test.ts shortens the step timeout). */
export function useSeparationApp(tasks: Record<string, number> = {}): void {
  beforeAll(async () => {
    [fake, t] = await Promise.all([
      startFakeAudioSeparator({ stepMs: 60 }),
      createTestApp({
        config: { separation: { demoStepMs: 60, pollMs: 20 }, tasks: { ...quickTasks, ...tasks } },
      }),
    ]);
    await startWorkers(t.app);
    [admin, alice, bob] = await Promise.all([
      createUser(t.app, { role: 'admin' }),
      createUser(t.app),
      createUser(t.app),
    ]);
    const h = bearer(admin.token);
    const provider = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/create',
      headers: h,
      payload: {
        name: 'sep-fake',
        protocol: 'audio-separator',
        baseUrl: fake.url,
        apiKey: 'k-123',
      },
    });
    expect(provider.status, JSON.stringify(provider.body)).toBe(200);
    const model = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'BS-Roformer (fake)',
        upstreamModel: 'model_bs_roformer_ep_317_sdr_12.9755.ckpt',
        providerId: provider.body.data.id,
        kind: 'separation',
        priceKey: 'fakesep:separate',
      },
    });
    expect(model.status, JSON.stringify(model.body)).toBe(200);
    fakeModelId = model.body.data.id;
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/credits/prices/create',
      headers: h,
      payload: {
        model: 'fakesep',
        action: 'separate',
        category: 'separation',
        label: 'fake',
        credits: PRICE,
      },
    });
    const models = await call<{ rows: S.SeparationModel[] }>(t.app, {
      method: 'GET',
      url: '/api/separation/models',
      headers: bearer(alice.token),
    });
    demoModelId = models.body.data.rows.find((m) => m.demo)!.id;
    for (const u of [alice, bob])
      await grant(t.app.ctx.db.kysely, {
        userId: u.userId,
        amount: 1000,
        kind: 'admin_adjust',
        ref: 'test',
        idempotencyKey: `test:${u.userId}`,
      });
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });
}
