import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { isTaskFinished, type drawing as D } from '@atelier/contracts';
import { bearer, call } from '../src/test/harness.js';
import { engineOf } from '../src/modules/tasks/index.js';
import { fileUrl, storeFile } from '../src/modules/files/service.js';

/** Task engine settings that keep retries and idle polls short in tests. */
export const quickTasks = { backoffMs: 20, idlePollMs: 25 } as const;

/**
 * Starts the task workers in the test's process: embedded on SQLite, BullMQ wake-ups on
 * PostgreSQL + Redis (where the API process runs none by default).
 */
export async function startWorkers(app: FastifyInstance): Promise<void> {
  await engineOf(app.ctx).start();
}

export { freePort } from './ports.js';

/** A small real PNG of one colour. */
export const pngOf = (r: number, g: number, b: number, size = 32) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A picture the user owns, stored as `/upload/file` stores it, with the links it answers. */
export async function upload(
  app: FastifyInstance,
  user: { userId: number },
  bytes: Buffer,
  name = 'picture.png',
): Promise<{ url: string; thumbUrl: string }> {
  const f = await storeFile(app.ctx, {
    userId: user.userId,
    origin: 'upload',
    bytes,
    name,
    reencode: true,
  });
  return { url: fileUrl(app.ctx, f.key), thumbUrl: fileUrl(app.ctx, f.thumb_key ?? f.key) };
}

export async function draw(app: FastifyInstance, token: string, body: D.DrawInput | object) {
  return call<D.DrawTask>(app, {
    method: 'POST',
    url: '/api/queue/addMjDrawQueue',
    headers: bearer(token),
    payload: body,
  });
}

export async function status(app: FastifyInstance, token: string, ids: number[]) {
  return call<{ rows: D.DrawTask[] }>(app, {
    method: 'POST',
    url: '/api/queue/getMjStatus',
    headers: bearer(token),
    payload: { ids },
  });
}

/** Polls until the task has finished (status 3 or 4), with a deadline; keeps what it saw. */
export async function settle(
  app: FastifyInstance,
  token: string,
  id: number,
  seen: number[] = [],
  deadlineMs = 25_000,
): Promise<D.DrawTask> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const r = await status(app, token, [id]);
    const t = r.body.data.rows[0]!;
    if (!seen.includes(t.progress)) seen.push(t.progress);
    if (isTaskFinished(t.status)) return t;
    if (Date.now() > end) throw new Error(`task ${id} still ${t.status} at ${t.progress}%`);
    await new Promise((res) => setTimeout(res, 8));
  }
}

export async function credits(app: FastifyInstance, token: string): Promise<number> {
  const r = await call<{ credits: number }>(app, {
    method: 'GET',
    url: '/api/balance/query',
    headers: bearer(token),
  });
  return r.body.data.credits;
}

/**
 * A Midjourney provider and model on a fake midjourney-proxy, with a price per action
 * (`<priceModel>:<action>`), created through the admin API as an operator would.
 */
export async function addProxyModel(
  app: FastifyInstance,
  adminToken: string,
  proxy: { url: string; secret: string },
  options: {
    name?: string;
    /** `midjourney` (a fork with buttons), `midjourney-novicezk` or `midjourney-newapi`. */
    protocol?: 'midjourney' | 'midjourney-novicezk' | 'midjourney-newapi';
    /** On `midjourney`: `trueai` (speed prefixes, face swap) or any other name. */
    flavour?: 'novicezk' | 'trueai';
    priceModel?: string;
    prices?: Record<string, number>;
    concurrency?: number;
  } = {},
): Promise<{ providerId: number; modelId: number; priceKey: string }> {
  const h = bearer(adminToken);
  const name = options.name ?? `mj-${Math.random().toString(36).slice(2, 8)}`;
  const priceModel = options.priceModel ?? name.replace(/[^a-z0-9]/gi, '');
  const provider = await call<{ id: number }>(app, {
    method: 'POST',
    url: '/api/admin/chat/providers/create',
    headers: h,
    payload: {
      name,
      protocol: options.protocol ?? 'midjourney',
      baseUrl: proxy.url,
      apiKey: proxy.secret,
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    },
  });
  // The prices first: a model must name a price that exists.
  for (const [action, credits] of Object.entries(options.prices ?? { imagine: 5 }))
    await call(app, {
      method: 'POST',
      url: '/api/admin/credits/prices/create',
      headers: h,
      payload: {
        model: priceModel,
        action,
        category: 'image',
        label: `${name} ${action}`,
        credits,
      },
    });
  const model = await call<{ id: number }>(app, {
    method: 'POST',
    url: '/api/admin/chat/models/create',
    headers: h,
    payload: {
      name: `${name} model`,
      upstreamModel: options.flavour ?? 'trueai',
      providerId: provider.body.data.id,
      kind: 'image',
      priceKey: `${priceModel}:imagine`,
    },
  });
  return {
    providerId: provider.body.data.id,
    modelId: model.body.data.id,
    priceKey: `${priceModel}:imagine`,
  };
}
