import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { IMMUTABLE, REVALIDATE, pickEncoding, registerWeb } from './web.js';

const sitePages: Record<string, { language: string; indexPath: string }> = {
  'en.example': { language: 'en-US', indexPath: '/Chat' },
  'auto.example': { language: 'browser', indexPath: '' },
  'odd.example': { language: 'browser', indexPath: '"><script>' },
};

/** A built web app in a temporary folder, with the compressed copies the build writes. */
function fakeDist(): { dir: string; script: string; html: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('hello '.repeat(400))});\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const write = (rel: string, text: string, compressed = true) => {
    const file = path.join(dir, rel);
    fs.writeFileSync(file, text);
    if (!compressed) return;
    fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, gzipSync(text));
  };
  write('assets/index-Ab12.js', script);
  write('assets/tiny-Cd34.js', 'export {};\n', false);
  write('index.html', html);
  write('version.json', '{"version":"1"}\n', false);
  return { dir, script, html };
}

describe('the web app', () => {
  let app: FastifyInstance;
  let dist: ReturnType<typeof fakeDist>;
  beforeAll(async () => {
    dist = fakeDist();
    app = Fastify();
    await registerWeb(app, dist.dir, async (host) => sitePages[host] ?? null);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed asset in brotli, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const body = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(dist.script.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(dist.script);
  });

  it('falls back to gzip, then to the file as is', async () => {
    const gz = await get('/assets/index-Ab12.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(dist.script);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/index-Ab12.js', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(dist.script);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    }
    // A file without compressed copies goes out as is to a browser that accepts both.
    const tiny = await get('/assets/tiny-Cd34.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const head = await get('/assets/index-Ab12.js', 'br', 'HEAD');
    const full = await get('/assets/index-Ab12.js', 'br');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-encoding', 'content-length', 'content-type', 'cache-control'])
      expect(head.headers[name]).toBe(full.headers[name]);
  });

  it('revalidates index.html and version.json, compressed when accepted', async () => {
    for (const url of ['/', '/Chat', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toBe('accept-encoding');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(dist.html);
    }
    const plain = await get('/Midjourney');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.html);
    const head = await get('/Chat', 'gzip', 'HEAD');
    expect([head.statusCode, head.headers['content-encoding'], head.body]).toEqual([
      200,
      'gzip',
      '',
    ]);
    const version = await get('/version.json', 'br');
    expect(version.headers['cache-control']).toBe(REVALIDATE);
    expect(version.json()).toEqual({ version: '1' });
  });

  it("names the site's first-visit language and index path in index.html, compressed as before", async () => {
    const page = (host: string, acceptEncoding: string) =>
      app.inject({ url: '/Chat', headers: { host, 'accept-encoding': acceptEncoding } });
    const en = await page('en.example', 'br');
    expect(en.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(en.rawPayload).toString()).toBe(
      dist.html.replace('<html>', '<html data-site-language="en-US" data-index-path="/Chat">'),
    );
    const auto = await page('auto.example', 'gzip');
    expect(gunzipSync(auto.rawPayload).toString()).toContain(
      '<html data-site-language="browser" data-index-path="">',
    );
    // A host the sites do not know, or an index path that is not a plain path, keeps the page.
    expect((await page('other.example', '')).body).toBe(dist.html);
    expect((await page('odd.example', '')).body).toBe(dist.html);
  });

  it('never serves a compressed copy by its own name, and 404s a missing asset', async () => {
    expect((await get('/assets/index-Ab12.js.br')).statusCode).toBe(404);
    expect((await get('/assets/gone-Zz99.js', 'br')).statusCode).toBe(404);
    expect((await get('/api/nothing')).statusCode).toBe(404);
  });
});

describe('pickEncoding', () => {
  it('prefers br, then gzip, within what the browser accepts and the build wrote', () => {
    expect(pickEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip, deflate', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0, *', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('identity', ['br', 'gzip'])).toBeNull();
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeNull();
  });
});
