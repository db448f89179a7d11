import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends the web app policy on API answers', async () => {
    const res = await t.app.inject({ url: '/api/config/queryFronet' });
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' https://hm.baidu.com",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeTruthy();
  });

  it('lets the API docs page carry its own policy', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).not.toContain('hm.baidu.com');
  });
});
