import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BodyIn, Endpoint, QueryIn } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createUser, type TestUser } from '../../test/users.js';
import { draw, settle } from '../../../test/drawing-support.js';
import { grant } from '../credits/index.js';

/** Calls an endpoint as `token` (or signed out) and returns the whole answer. */
export const as = <E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  token: string | null,
  input: { query?: QueryIn<E>; body?: BodyIn<E> } = {},
) => callEndpoint(app, e, { ...input, ...(token ? { token } : {}) });

/** Calls it and expects a 200; returns `data`. */
export async function ok<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  token: string | null,
  input: { query?: QueryIn<E>; body?: BodyIn<E> } = {},
) {
  const r = await as(app, e, token, input);
  expect(r.status, `${e.path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

export async function fundedUser(app: FastifyInstance, role: 'user' | 'admin' = 'user') {
  const u = await createUser(app, { role });
  await grant(app.ctx.db.kysely, {
    userId: u.userId,
    amount: 1000,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${u.userId}`,
  });
  return u;
}

/** A finished Midjourney drawing of the offline demo (a 2×2 grid picture): its task id. */
export async function demoDrawing(app: FastifyInstance, user: TestUser, prompt: string) {
  const q = await draw(app, user.token, { type: 'imagine', prompt, params: { seed: 42 } });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const done = await settle(app, user.token, q.body.data.id, [], 60_000);
  expect(done.status, done.error ?? '').toBe(3);
  return done.id;
}
