import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { files as F } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { startFakeS3, type FakeS3 } from '../../../test/fakes/s3.js';
import { readOwnedImage } from './service.js';

function multipart(bytes: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const picture = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    // EXIF the upload must not keep (it can hold where a photo was taken).
    .withExif({ IFD0: { Artist: 'Someone Private' } })
    .jpeg()
    .toBuffer();

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

async function upload(user: TestUser, bytes: Buffer, name = 'p.jpg', type = 'image/jpeg') {
  const body = multipart(bytes, name, type);
  return call<F.UploadedFile>(t.app, {
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...bearer(user.token), ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({ config: { files: { uploadMaxBytes: 60_000 } } });
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(async () => t.close());

describe('uploads', () => {
  it('takes a picture, re-encodes it without its metadata and serves it by a signed link', async () => {
    const r = await upload(alice, await picture());
    expect(r.status).toBe(200);
    const f = r.body.data;
    expect(f).toMatchObject({ width: 40, height: 30, mime: 'image/jpeg' });
    expect(f.url).toMatch(/^\/api\/files\/u\/\d+\/.+\.jpg\?exp=\d+&sig=/);
    const got = await t.app.inject({ url: f.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    const thumb = await t.app.inject({ url: f.thumbUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('decides the type by the bytes, not the name', async () => {
    const r = await upload(alice, Buffer.from('<svg onload=alert(1)>'), 'x.png', 'image/png');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('file');
    // A PNG named .txt is still a PNG.
    const png = await sharp(await picture())
      .png()
      .toBuffer();
    const ok = await upload(alice, png, 'notes.txt', 'text/plain');
    expect(ok.status).toBe(200);
    expect(ok.body.data.mime).toBe('image/png');
  });

  it('refuses a file above the size limit with 413', async () => {
    const big = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(60_000);
    const r = await upload(alice, big, 'big.png', 'image/png');
    expect(r.status).toBe(413);
  });

  it("never shows or deletes another user's files", async () => {
    const mine = (await upload(alice, await picture())).body.data;
    const list = async (u: TestUser) =>
      (
        await call<{ rows: F.UploadedFile[]; count: number }>(t.app, {
          url: '/api/upload/piclist',
          headers: bearer(u.token),
        })
      ).body.data;
    expect((await list(alice)).rows.map((f) => f.id)).toContain(mine.id);
    expect(await list(bob)).toEqual({ rows: [], count: 0 });

    // The file itself: no link or a forged one → 404; the owner's own credentials work.
    const key = mine.url.split('?')[0]!;
    expect((await t.app.inject({ url: key })).statusCode).toBe(404);
    expect((await t.app.inject({ url: key, headers: bearer(bob.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${key}?exp=9999999999&sig=forged` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: key, headers: bearer(alice.token) })).statusCode).toBe(200);

    const del = await call(t.app, {
      url: `/api/upload/delOnePic?id=${mine.id}`,
      headers: bearer(bob.token),
    });
    expect(del.status).toBe(404);
    const delAll = await call<{ deleted: number }>(t.app, {
      url: '/api/upload/delAllPic',
      headers: bearer(bob.token),
    });
    expect(delAll.body.data.deleted).toBe(0);
    expect((await t.app.inject({ url: mine.url })).statusCode).toBe(200);

    // Another module reading "an image of this user" by URL gets only the owner's.
    expect(await readOwnedImage(t.app.ctx, bob.userId, mine.url)).toBeNull();
    const own = await readOwnedImage(t.app.ctx, alice.userId, `http://site.example${mine.url}`);
    expect(own?.mime).toBe('image/jpeg');

    const mineDel = await call<{ deleted: number }>(t.app, {
      url: `/api/upload/delOnePic?id=${mine.id}`,
      headers: bearer(alice.token),
    });
    expect(mineDel.body.data.deleted).toBe(1);
    expect((await t.app.inject({ url: mine.url })).statusCode).toBe(404);
    const all = await call<{ deleted: number }>(t.app, {
      url: '/api/upload/delAllPic',
      headers: bearer(alice.token),
    });
    expect(all.body.data.deleted).toBeGreaterThan(0);
    expect((await list(alice)).count).toBe(0);
  });

  it('asks for a signed-in user or guest and for the file field', async () => {
    const body = multipart(await picture(), 'p.jpg', 'image/jpeg');
    const anon = await t.app.inject({ method: 'POST', url: '/api/upload/file', ...body });
    expect(anon.statusCode).toBe(401);
    const wrong = multipart(await picture(), 'p.jpg', 'image/jpeg', 'other');
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/upload/file',
      headers: { ...bearer(alice.token), ...wrong.headers },
      payload: wrong.payload,
    });
    expect(r.status).toBe(400);
  });
});

describe('uploads on S3-compatible storage (STORAGE_URL)', () => {
  let s3: FakeS3;
  let t2: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t2 = await createTestApp({ config: { storageUrl: s3.storageUrl } });
  });
  afterAll(async () => {
    await t2.close();
    await s3.close();
  });

  it('stores the picture and its thumbnail in the bucket and serves them back', async () => {
    const user = await createUser(t2.app);
    const body = multipart(await picture(), 'p.jpg', 'image/jpeg');
    const r = await call<F.UploadedFile>(t2.app, {
      method: 'POST',
      url: '/api/upload/file',
      headers: { ...bearer(user.token), ...body.headers },
      payload: body.payload,
    });
    expect(r.status).toBe(200);
    expect(s3.objects.size).toBe(2);
    const got = await t2.app.inject({ url: r.body.data.url });
    expect(got.statusCode).toBe(200);
    expect((await sharp(got.rawPayload).metadata()).width).toBe(40);
    expect(s3.rejected).toBe(0);
  });
});

describe('large files straight from the bucket (files.bucketLinkMinBytes)', () => {
  let s3: FakeS3;
  let t3: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t3 = await createTestApp({
      config: { storageUrl: s3.storageUrl, files: { bucketLinkMinBytes: 1 } },
    });
  });
  afterAll(async () => {
    await t3.close();
    await s3.close();
  });

  it('redirects a reader with access to a presigned link of the bucket, and no one else', async () => {
    const user = await createUser(t3.app);
    const body = multipart(await picture(), 'p.jpg', 'image/jpeg');
    const r = await call<F.UploadedFile>(t3.app, {
      method: 'POST',
      url: '/api/upload/file',
      headers: { ...bearer(user.token), ...body.headers },
      payload: body.payload,
    });
    expect(r.status).toBe(200);
    const moved = await t3.app.inject({ url: r.body.data.url });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers['cache-control']).toBe('private, no-store');
    const link = String(moved.headers.location);
    expect(link.startsWith(`${s3.url}/atelier/`)).toBe(true);
    expect(link).toContain('X-Amz-Signature=');
    const fromBucket = await fetch(link);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe(r.body.data.mime);
    const bytes = Buffer.from(await fromBucket.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(40);
    // Without the signed link of the API, nothing leaves (the access check comes first).
    const bare = await t3.app.inject({ url: r.body.data.url.split('?')[0]! });
    expect(bare.statusCode).toBe(404);
    expect(s3.rejected).toBe(0);
  });
});
