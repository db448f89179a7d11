import { afterAll, beforeAll, expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { credits } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
export let t: TestApp;
export let admin: TestUser;
export const en = { 'x-lang': 'en-US' };

export const get = <T>(
  url: string,
  headers: Record<string, string>,
  extra: Partial<InjectOptions> = {},
) => call<T>(t.app, { method: 'GET', url: `/api${url}`, headers: { ...en, ...headers }, ...extra });
export const post = <T>(
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  extra: Partial<InjectOptions> = {},
) =>
  call<T>(t.app, {
    method: 'POST',
    url: `/api${url}`,
    headers: { ...en, ...headers },
    payload: payload as InjectOptions['payload'],
    ...extra,
  });

export const balanceOf = async (headers: Record<string, string>) =>
  (await get<credits.Balance>('/balance/query', headers)).body.data;
export const db = () => t.app.ctx.db.kysely;

export async function createCodes(input: Record<string, unknown>) {
  const res = await post<{ codes: string[]; csv: string; batch: credits.CodeBatch }>(
    '/admin/credits/codes/create',
    bearer(admin.token),
    input,
  );
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Starts the app and its fakes before this file's tests and stops them after. */
export function useCreditsApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimit: { auth: 10_000, global: 100_000 } } });
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(async () => t.close());
}
