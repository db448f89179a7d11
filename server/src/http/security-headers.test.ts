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
  });

  it('loads pictures from the site, data: and blob: only, never any https: address', async () => {
    const res = await t.app.inject({ url: '/api/config/queryFronet' });
    const img = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    // Baidu Tongji's one beacon path aside (next test): no host, no https: at large.
    expect(img?.split(' ').sort()).toEqual([
      "'self'",
      'blob:',
      'data:',
      'https://hm.baidu.com/hm.gif',
    ]);
  });

  it('lets the analytics script the policy allows send its beacon, that path only', async () => {
    // hm.js reports a page view by loading https://hm.baidu.com/hm.gif?si=…: a script allowed
    // to run but not to report counts nothing.
    const res = await t.app.inject({ url: '/api/config/queryFronet' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://hm.baidu.com");
    const img = /img-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(img).toContain('https://hm.baidu.com/hm.gif');
    expect(img).not.toContain('https://hm.baidu.com');
  });

  it('adds the bucket of presigned links and the operator’s picture origins', async () => {
    const s3 = await createTestApp({
      config: {
        storageUrl: 's3+https://KEY:SECRET@bucket.example.net:9000/atelier?region=us-east-1',
        files: { bucketLinkMinBytes: 1_000_000 },
        imgOrigins: ['https://cdn.example.com'],
      },
    });
    try {
      const res = await s3.app.inject({ url: '/api/config/queryFronet' });
      const img = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(img?.split(' ')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://bucket.example.net:9000',
        'https://cdn.example.com',
        'https://hm.baidu.com/hm.gif',
      ]);
    } finally {
      await s3.close();
    }
  });

  it('sends HSTS over HTTPS only, as the trusted proxy reports it', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const plain = await proxied.app.inject({ url: '/api/config/queryFronet' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const overHttps = await proxied.app.inject({
        url: '/api/config/queryFronet',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
    // Without a trusted proxy, a forged x-forwarded-proto does not turn it on.
    const forged = await t.app.inject({
      url: '/api/config/queryFronet',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the API docs page carry its own policy', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).not.toContain('hm.baidu.com');
  });
});
