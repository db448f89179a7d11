import { afterAll, beforeAll, expect } from 'vitest';
import { auth, type BodyIn } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { ConfigInput } from '../../config.js';
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const en = { 'x-lang': 'en-US' };

let seq = 0;
export const uniqueName = (prefix = 'user') => `${prefix}_${Date.now().toString(36)}${seq++}`;

export let t: TestApp;
export const adminPassword = 'admin-password-123';

export async function register(
  body: BodyIn<typeof auth.register>,
  headers: Record<string, string> = {},
) {
  const res = await callEndpoint(t.app, auth.register, { headers: headers, body: body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.token;
}
export async function login(username: string, password: string, ua = CHROME_MAC) {
  const res = await callEndpoint(t.app, auth.login, {
    headers: { 'user-agent': ua },
    body: { username, password },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.token;
}
export const info = async (headers: Record<string, string>) =>
  callEndpoint(t.app, auth.currentUser, { headers: headers });

/**
 * Starts the app and its fakes before this file's tests and stops them after; `extra` as a
 * function is read when the app starts (after a fake the file started first knows its port).
 */
export function useAuthApp(extra: ConfigInput | (() => ConfigInput) = {}): void {
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        adminUsername: 'root_admin',
        adminPassword,
        rateLimit: { auth: 1000, global: 10000 },
        ...(typeof extra === 'function' ? extra() : extra),
      },
    });
  });
  afterAll(async () => t.close());
}
