import { expect, test } from '@playwright/test';
import { BASE_URL, adminToken, api, envelopeOf } from '../support/index.js';

test('the app loads in the browser', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(await page.title()).not.toBe('');
  expect(errors).toEqual([]);
});

test('the site configuration answers the envelope', async ({ request }) => {
  const res = await request.get(`${BASE_URL}/api/config/queryFronet`);
  expect(res.status()).toBe(200);
  const body = await envelopeOf<Record<string, unknown>>(res);
  expect(body.success).toBe(true);
  expect(body.code).toBe(200);
  expect(typeof body.data).toBe('object');
  expect(body.data).not.toBeNull();
});

test('an unknown API path answers 404 in the envelope', async ({ request }) => {
  const res = await request.get(`${BASE_URL}/api/no/such/path`);
  expect(res.status()).toBe(404);
  const body = await envelopeOf(res);
  expect(body.success).toBe(false);
});

test('the seeded admin can sign in', async ({ request }) => {
  const token = await adminToken(request);
  const info = await api<{ userInfo: { role: string } }>(request, 'GET', '/auth/getInfo', {
    token,
  });
  expect(info.userInfo.role).toBe('admin');
});

test('the API docs open', async ({ page, request }) => {
  const json = await request.get(`${BASE_URL}/api/docs/json`);
  expect(json.status()).toBe(200);
  const doc = (await json.json()) as { openapi?: string; paths?: Record<string, unknown> };
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths ?? {}).some((p) => p.startsWith('/api/'))).toBe(true);
  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#swagger-ui')).toBeVisible();
});
