import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

describe('compressed JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const start = (encoding?: string) =>
    t.app.inject({
      url: '/api/config/start',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends brotli or gzip as the browser accepts, the same JSON inside', async () => {
    const plain = await start();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    expect(plain.rawPayload.length).toBeGreaterThan(1400);
    const json = plain.json<unknown>();

    const br = await start('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(br.rawPayload.length * 2).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gzip = await start('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
  });

  it('leaves small answers and what is not JSON as they are', async () => {
    // A refusal is a few hundred bytes: nothing to gain.
    const small = await t.app.inject({
      url: '/api/auth/getInfo',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
    // The OpenAPI page is HTML, the metrics text: not touched.
    const docs = await t.app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'br' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBeUndefined();
  });
});
