import { afterAll, beforeAll, expect } from 'vitest';
import { credits, type BodyIn } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
export let t: TestApp;
export let admin: TestUser;

export const balanceOf = async (headers: Record<string, string>) =>
  (await callEndpoint(t.app, credits.myBalance, { headers: headers })).body.data;
export const db = () => t.app.ctx.db.kysely;

export async function createCodes(input: BodyIn<typeof credits.adminCreateCodes>) {
  const res = await callEndpoint(t.app, credits.adminCreateCodes, {
    token: admin.token,
    body: input,
  });
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
