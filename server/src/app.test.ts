import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  expectServerErrors,
  testRedisUrl,
  type TestApp,
} from './test/harness.js';
import { until } from '../test/task-support.js';

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

  it('checks Redis for readiness when it is configured', async () => {
    // Readiness answers 503 while Redis is away: that is what this test checks.
    expectServerErrors(503);
    const withRedis = await createTestApp({
      env: { REDIS_URL: testRedisUrl, REDIS_PREFIX: `ready${Date.now()}:` },
    });
    const down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:9' } });
    try {
      // Ready once its connection is up: on a busy machine the first ping may take longer than
      // Redis commands are given (1 s), and readiness says 503 until one answers.
      const ready = await until(
        async () => {
          const r = await call<{ redis?: string }>(withRedis.app, { url: '/readyz' });
          return r.status === 200 ? r : undefined;
        },
        60_000,
        'readiness with Redis',
      );
      expect(ready.body.data.redis).toBe('ok');
      const unready = await call(down.app, { url: '/readyz' });
      expect(unready.status).toBe(503);
      expect(unready.body).toMatchObject({ code: 503, message: 'redis unreachable' });
    } finally {
      await withRedis.close();
      await down.close();
    }
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

  it('serves request figures on /metrics with the token', async () => {
    const open = await createTestApp({ env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
    try {
      await open.app.inject({ url: '/healthz' });
      expect((await open.app.inject({ url: '/metrics' })).statusCode).toBe(403);
      const res = await open.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"/);
      expect(res.body).toContain('process_cpu_seconds_total');
    } finally {
      await open.close();
    }
  });

  it('sends a request id and security headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
