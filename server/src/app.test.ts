import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './test/harness.js';

describe('app core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health and readiness', async () => {
    expect((await call(t.app, { url: '/healthz' })).status).toBe(200);
    const ready = await call<{ database: string }>(t.app, { url: '/readyz' });
    expect(ready.status).toBe(200);
    expect(['sqlite', 'postgres']).toContain(ready.body.data.database);
  });

  it('answers unknown API paths with the envelope', async () => {
    const res = await call(t.app, { url: '/api/nope', headers: { 'x-lang': 'en-US' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, success: false, data: null });
    expect(res.body.message).toContain('/api/nope');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('openapi');
  });

  it('keeps /metrics closed unless configured', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(403);
  });

  it('sends a request id and security headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
