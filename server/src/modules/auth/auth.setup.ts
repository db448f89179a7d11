import { afterAll, beforeAll, expect } from 'vitest';
import type { UserInfo } from '@atelier/contracts';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const en = { 'x-lang': 'en-US' };
/** The fields a failed answer names for its form (`data.errors`). */
export const fieldsOf = (res: { body: { data: unknown } }) =>
  ((res.body.data as { errors?: Array<{ field: string }> } | null)?.errors ?? []).map(
    (e) => e.field,
  );

let seq = 0;
export const uniqueName = (prefix = 'user') => `${prefix}_${Date.now().toString(36)}${seq++}`;

export let t: TestApp;
export const adminPassword = 'admin-password-123';

export const post = <T>(url: string, payload: object, headers: Record<string, string> = {}) =>
  call<T>(t.app, { method: 'POST', url, payload, headers: { ...en, ...headers } });
export const get = <T>(url: string, headers: Record<string, string> = {}) =>
  call<T>(t.app, { method: 'GET', url, headers: { ...en, ...headers } });

export async function register(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await post<{ token: string }>('/api/auth/register', body, headers);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.token;
}
export async function login(username: string, password: string, ua = CHROME_MAC) {
  const res = await post<{ token: string }>(
    '/api/auth/login',
    { username, password },
    { 'user-agent': ua },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.token;
}
export const info = async (headers: Record<string, string>) =>
  get<{ userInfo: UserInfo; userBalance: UserInfo['userBalance'] }>('/api/auth/getInfo', headers);

/** Starts the app and its fakes before this file's tests and stops them after. */
export function useAuthApp(): void {
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        adminUsername: 'root_admin',
        adminPassword,
        rateLimit: { auth: 1000, global: 10000 },
      },
    });
  });
  afterAll(async () => t.close());
}
