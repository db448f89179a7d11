import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { fetchPublicPicture, PictureFetchError } from './picture-proxy.js';

/**
 * The proxy that shows a remote picture of an answer after a click: public addresses only
 * (redirects checked too), pictures only, for a signed-in or guest caller.
 */
let t: TestApp;
let alice: TestUser;
let server: http.Server;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
  })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/cat.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html' }).end('<svg/>');
    else if (req.url === '/to-metadata')
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
  alice = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
  server.close();
});

/** A guard that takes loopback as public (the test server), and still refuses link-local. */
const loopbackIsPublic = { isBlocked: (a: string) => a.startsWith('169.254.') };

describe('fetchPublicPicture', () => {
  it('fetches a picture and says what it is by its bytes', async () => {
    const got = await fetchPublicPicture(`${base}/cat.png`, loopbackIsPublic);
    expect(got.mime).toBe('image/png');
    expect(got.bytes.equals(png)).toBe(true);
  });

  it('refuses what is not a picture, and a redirect into the private network', async () => {
    await expect(fetchPublicPicture(`${base}/page`, loopbackIsPublic)).rejects.toBeInstanceOf(
      PictureFetchError,
    );
    await expect(fetchPublicPicture(`${base}/to-metadata`, loopbackIsPublic)).rejects.toThrow(
      /private or local address/,
    );
  });

  it('refuses loopback under the real guard', async () => {
    await expect(fetchPublicPicture(`${base}/cat.png`)).rejects.toThrow(/private or local/);
  });
});

describe('GET /api/proxy/image', () => {
  it('needs an identity and refuses private addresses with a 400 naming the field', async () => {
    const url = `/api/proxy/image?url=${encodeURIComponent(`${base}/cat.png`)}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const r = await t.app.inject({ url, headers: { ...bearer(alice.token), 'x-lang': 'en-US' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: expect.stringMatching(/cannot be shown/) });
    const meta = await t.app.inject({
      url: `/api/proxy/image?url=${encodeURIComponent('http://169.254.169.254/latest/')}`,
      headers: bearer(alice.token),
    });
    expect(meta.statusCode).toBe(400);
    const none = await t.app.inject({ url: '/api/proxy/image', headers: bearer(alice.token) });
    expect(none.statusCode).toBe(400);
  });
});
