import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { ANSWER_POLICY } from './security-headers.js';

/** A built web app in a temporary folder: its page and one hashed script and style. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-csp-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'assets', 'web-Cd34.css'), 'body{}\n');
  fs.writeFileSync(
    path.join(dir, 'assets', 'logo-Ef56.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  return dir;
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDist: fakeDist() } });
  });
  afterAll(async () => t.close());

  it('sends the web app policy on its pages', async () => {
    const res = await t.app.inject({ url: '/Chat' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' https://hm.baidu.com",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the strict short policy on JSON answers, scripts and styles only', async () => {
    const answers = [
      await t.app.inject({ url: '/api/config/queryFronet' }),
      // A refusal of a contract route is JSON too.
      await t.app.inject({ url: '/api/auth/getInfo' }),
      await t.app.inject({ url: '/assets/index-Ab12.js' }),
      await t.app.inject({ url: '/assets/web-Cd34.css?v=1' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 200, 200]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(ANSWER_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // What a browser may show as a document keeps the page's policy: the page, a picture of
    // the build (an SVG opened on its own runs as a document), any route not of the contract.
    for (const url of ['/', '/assets/logo-Ef56.svg', '/assets/index-Ab12.js.html', '/healthz'])
      expect((await t.app.inject({ url })).headers['content-security-policy'], url).toContain(
        "default-src 'self'",
      );
  });

  it('loads pictures from the site, data: and blob: only, never any https: address', async () => {
    const res = await t.app.inject({ url: '/' });
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
    const res = await t.app.inject({ url: '/' });
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
      const res = await s3.app.inject({ url: '/healthz' });
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
