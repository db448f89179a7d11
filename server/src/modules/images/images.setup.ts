import { afterAll, beforeAll, expect } from 'vitest';
import { isTaskFinished, type drawing as D } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeOpenAIImages, type FakeOpenAIImages } from '../../../test/fakes/openai-images.js';
import { startFakeStability, type FakeStability } from '../../../test/fakes/stability.js';
import { quickTasks, startWorkers } from '../../../test/drawing-support.js';
import { grant } from '../credits/index.js';

/**
 * The images module against its fakes on loopback (OpenAI images and Stability), plus the
 * offline demo: an app with workers, an admin, two users with credits, and models an operator
 * made through the admin API.
 */
export const env: {
  t: TestApp;
  openai: FakeOpenAIImages;
  stability: FakeStability;
  admin: TestUser;
  alice: TestUser;
  bob: TestUser;
  models: Record<'gpt' | 'dalle3' | 'dalle2' | 'slow' | 'sd3', number>;
} = {} as never;

export const PRICE = { generate: 7, edit: 9, img2img: 8 };

export const get = <T>(url: string, token: string) =>
  call<T>(env.t.app, { method: 'GET', url: `/api${url}`, headers: bearer(token) });
export const post = <T>(url: string, token: string, payload: object) =>
  call<T>(env.t.app, { method: 'POST', url: `/api${url}`, headers: bearer(token), payload });

export async function balance(token: string): Promise<number> {
  return (await get<{ credits: number }>('/balance/query', token)).body.data.credits;
}

/** Polls the drawing status call until the task has finished. */
export async function settle(token: string, id: number, deadlineMs = 25_000): Promise<D.DrawTask> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const r = await post<{ rows: D.DrawTask[] }>('/queue/getMjStatus', token, { ids: [id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const task = r.body.data.rows[0]!;
    if (isTaskFinished(task.status)) return task;
    if (Date.now() > end) throw new Error(`task ${id} still ${task.status}`);
    await new Promise((res) => setTimeout(res, 15));
  }
}

/** The stored bytes behind one of our file links. */
export async function fetchStored(url: string, token: string) {
  const r = await env.t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: r.statusCode, bytes: r.rawPayload, type: String(r.headers['content-type']) };
}

/** A provider of `protocol` and image models on it, as an operator makes them in the console. */
export async function addModels(
  protocol:
    'openai' | 'stability' | 'bfl' | 'gemini' | 'newapi' | 'seedream' | 'jimeng' | 'replicate',
  baseUrl: string,
  apiKey: string,
  priceModel: string,
  upstream: Record<string, string>,
  // A guard against a hang, never what a test measures: a busy machine's fake may take seconds.
  timeoutMs = 20_000,
) {
  const h = bearer(env.admin.token);
  const provider = await call<{ id: number }>(env.t.app, {
    method: 'POST',
    url: '/api/admin/chat/providers/create',
    headers: h,
    payload: { name: `${protocol}-fake`, protocol, baseUrl, apiKey, timeoutMs },
  });
  expect(provider.status, JSON.stringify(provider.body)).toBe(200);
  const ids: Record<string, number> = {};
  for (const [name, model] of Object.entries(upstream)) {
    const r = await call<{ id: number }>(env.t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: `${name} (fake)`,
        upstreamModel: model,
        providerId: provider.body.data.id,
        kind: 'image',
        priceKey: `${priceModel}:generate`,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids[name] = r.body.data.id;
  }
  const prices = { generate: PRICE.generate, edit: PRICE.edit, 'image-to-image': PRICE.img2img };
  for (const [action, credits] of Object.entries(prices))
    await call(env.t.app, {
      method: 'POST',
      url: '/api/admin/credits/prices/create',
      headers: h,
      payload: {
        model: priceModel,
        action,
        category: 'image',
        label: `${priceModel} ${action}`,
        credits,
      },
    });
  return ids;
}

export function useImagesApp(): void {
  beforeAll(async () => {
    const [t, openai, stability] = await Promise.all([
      createTestApp({
        config: {
          drawing: { demoStepMs: 10, pollMs: 40 },
          tasks: { ...quickTasks, retries: 1 },
        },
      }),
      startFakeOpenAIImages(),
      startFakeStability(),
    ]);
    Object.assign(env, { t, openai, stability });
    await startWorkers(t.app);
    [env.admin, env.alice, env.bob] = await Promise.all([
      createUser(t.app, { role: 'admin' }),
      createUser(t.app),
      createUser(t.app),
    ]);
    const o = await addModels(
      'openai',
      openai.url,
      openai.secret,
      'fakeoai',
      {
        gpt: 'gpt-image-1',
        dalle3: 'dall-e-3',
        dalle2: 'dall-e-2',
        slow: 'fake-slow',
        // 2 s: the slow model's 3 s must time out (openai.test.ts).
      },
      2000,
    );
    const s = await addModels(
      'stability',
      stability.url,
      stability.secret,
      'fakesd3',
      {
        sd3: 'sd3.5-large',
        // 2 s: a slow answer (3 s) must time out (sd3.test.ts).
      },
      2000,
    );
    env.models = {
      ...(o as Record<'gpt' | 'dalle3' | 'dalle2' | 'slow', number>),
      sd3: s.sd3!,
    };
    for (const u of [env.alice, env.bob])
      await grant(t.app.ctx.db.kysely, {
        userId: u.userId,
        amount: 1000,
        kind: 'admin_adjust',
        ref: 'test',
        idempotencyKey: `test:${u.userId}`,
      });
  });
  afterAll(async () => {
    await Promise.all([env.openai.close(), env.stability.close()]);
    await env.t.close();
  });
}
