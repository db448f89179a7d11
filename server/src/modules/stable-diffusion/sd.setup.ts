import { sharp } from '../../lib/sharp.js';
import { expect } from 'vitest';
import { isTaskFinished, type sd as S } from '@atelier/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer, call } from '../../test/harness.js';
import { fund, until } from '../../../test/task-support.js';

/** Helpers of the model square and toolbox tests: providers, cards and prices as an operator adds them. */

export async function addProvider(
  app: FastifyInstance,
  adminToken: string,
  p: {
    name: string;
    protocol: 'a1111' | 'comfyui' | 'midjourney' | 'stability' | 'openai';
    baseUrl: string;
    apiKey?: string;
    concurrency?: number;
    timeoutMs?: number;
  },
): Promise<number> {
  const r = await call<{ id: number }>(app, {
    method: 'POST',
    url: '/api/admin/chat/providers/create',
    headers: bearer(adminToken),
    payload: p,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

export async function addPrice(
  app: FastifyInstance,
  adminToken: string,
  model: string,
  action: string,
  credits: number,
) {
  const r = await call(app, {
    method: 'POST',
    url: '/api/admin/credits/prices/create',
    headers: bearer(adminToken),
    payload: { model, action, category: 'image', label: `${model} ${action}`, credits },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return `${model}:${action}`;
}

export async function addSdModel(
  app: FastifyInstance,
  adminToken: string,
  m: { name: string; providerId: number; priceKey: string; checkpoint?: string },
): Promise<number> {
  const r = await call<{ id: number }>(app, {
    method: 'POST',
    url: '/api/admin/sd/models/save',
    headers: bearer(adminToken),
    payload: {
      name: m.name,
      providerId: m.providerId,
      checkpoint: m.checkpoint ?? 'realisticVisionV60',
      baseModel: 'SD 1.5',
      description: { 'en-US': 'test', 'zh-CN': '测试', 'zh-TW': '測試' },
      cover: '',
      examples: [],
      fields: [{ name: 'prompt', type: 'text', default: '' }],
      priceKey: m.priceKey,
      sort: 0,
      enabled: true,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

export async function sdCreate(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return call<S.SdTask>(app, {
    method: 'POST',
    url: '/api/queue/sdCreate',
    headers: bearer(token),
    payload: body,
  });
}

export async function toolSubmit(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
) {
  return call<S.SdTask>(app, {
    method: 'POST',
    url: '/api/tools/submit',
    headers: bearer(token),
    payload: body,
  });
}

export async function sdStatus(app: FastifyInstance, token: string, ids: number[]) {
  return call<{ rows: S.SdTask[] }>(app, {
    method: 'POST',
    url: '/api/sd/status',
    headers: bearer(token),
    payload: { ids },
  });
}

/** Waits until the task ends and answers it. */
export async function settled(
  app: FastifyInstance,
  token: string,
  id: number,
  timeoutMs = 25_000,
): Promise<S.SdTask> {
  return until(
    async () => {
      const r = await sdStatus(app, token, [id]);
      const t = r.body.data.rows[0];
      return t && isTaskFinished(t.status) ? t : null;
    },
    timeoutMs,
    `task ${id}`,
  );
}

export { fund };

/** A 256×192 mask PNG, white on the left half (where remix and redraw may change anything). */
export async function leftHalfMask(): Promise<Buffer> {
  const m = Buffer.alloc(256 * 192);
  for (let y = 0; y < 192; y++) m.fill(255, y * 256, y * 256 + 128);
  return sharp(m, { raw: { width: 256, height: 192, channels: 1 } })
    .png()
    .toBuffer();
}
