import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fakes/s3.js';
import { localStorage } from './local.js';
import { parseStorageUrl, s3Storage } from './s3.js';

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

describe('SigV4 signer (aws4fetch)', () => {
  it("matches AWS's documented example (GET Object with a Range header)", async () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
    const emptyHash = sha256Hex('');
    expect(emptyHash).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const client = new AwsClient({
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
    });
    const signed = await client.sign('https://examplebucket.s3.amazonaws.com/test.txt', {
      method: 'GET',
      headers: { range: 'bytes=0-9', 'x-amz-content-sha256': emptyHash },
      // aws4fetch leaves Range unsigned by default; AWS's example signs it.
      aws: { datetime: '20130524T000000Z', allHeaders: true },
    });
    expect(signed.headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3-compatible storage', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => s3.close());

  it('puts, gets and deletes through a server that checks every signature', async () => {
    const storage = s3Storage(parseStorageUrl(s3.storageUrl));
    const bytes = Buffer.from('hello picture');
    await storage.put('u/1/a_b.c-d.png', bytes, 'image/png');
    expect(s3.objects.get('u/1/a_b.c-d.png')?.bytes.toString()).toBe('hello picture');
    expect(await storage.get('u/1/a_b.c-d.png')).toEqual({ bytes, mime: 'image/png' });
    await storage.delete('u/1/a_b.c-d.png');
    expect(await storage.get('u/1/a_b.c-d.png')).toBeNull();
    expect(s3.rejected).toBe(0);
  });

  it('is refused with a wrong secret', async () => {
    const loc = parseStorageUrl(s3.storageUrl);
    const storage = s3Storage({ ...loc, secretAccessKey: 'wrong' });
    await expect(storage.put('u/1/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/403/);
    expect(s3.rejected).toBe(1);
  });

  it('tries again after 503 SlowDown, with backoff, and gives up after its retries', async () => {
    const storage = s3Storage(parseStorageUrl(s3.storageUrl), { retries: 2, backoffMs: 5 });
    const before = s3.requests;
    s3.slowDownNext = 2;
    await storage.put('u/1/retried.png', Buffer.from('again'), 'image/png');
    expect(s3.requests - before).toBe(3);
    expect(s3.objects.get('u/1/retried.png')?.bytes.toString()).toBe('again');
    s3.slowDownNext = 3;
    await expect(storage.get('u/1/retried.png')).rejects.toThrow(/503/);
    expect(s3.slowDownNext).toBe(0);
  });

  it('gives each attempt a time limit and tries again after a timeout', async () => {
    const storage = s3Storage(parseStorageUrl(s3.storageUrl), {
      timeoutMs: 1000,
      retries: 1,
      backoffMs: 5,
    });
    await storage.put('u/1/slow.png', Buffer.from('slow'), 'image/png');
    // The stall is far longer than the limit, so a busy machine cannot blur the difference.
    s3.stall = { next: 1, ms: 15_000 };
    const started = Date.now();
    expect((await storage.get('u/1/slow.png'))?.bytes.toString()).toBe('slow');
    expect(Date.now() - started).toBeLessThan(10_000);
    s3.stall = { next: 2, ms: 15_000 };
    await expect(storage.get('u/1/slow.png')).rejects.toThrow(/no answer in 1000 ms/);
  });

  it('signs the session token of temporary credentials', async () => {
    const withToken = await startFakeS3('atelier', { sessionToken: 'FwoGZX+token/1==' });
    try {
      const loc = parseStorageUrl(
        `${withToken.storageUrl}&sessionToken=${encodeURIComponent('FwoGZX+token/1==')}`,
      );
      expect(loc.sessionToken).toBe('FwoGZX+token/1==');
      const storage = s3Storage(loc);
      await storage.put('u/1/t.png', Buffer.from('token'), 'image/png');
      expect((await storage.get('u/1/t.png'))?.bytes.toString()).toBe('token');
      expect(withToken.rejected).toBe(0);
      const without = s3Storage({ ...loc, sessionToken: undefined }, { retries: 0 });
      await expect(without.get('u/1/t.png')).rejects.toThrow(/403/);
      expect(withToken.rejected).toBe(1);
    } finally {
      await withToken.close();
    }
  });

  it('streams objects both ways', async () => {
    const storage = s3Storage(parseStorageUrl(s3.storageUrl));
    const rejected = s3.rejected;
    const bytes = Buffer.alloc(300_000, 7);
    await storage.put(
      'r/1/video.mp4',
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      'video/mp4',
      bytes.length,
    );
    expect(s3.objects.get('r/1/video.mp4')?.bytes.equals(bytes)).toBe(true);
    const got = await storage.stream('r/1/video.mp4');
    expect(got).toMatchObject({ mime: 'video/mp4', size: bytes.length });
    expect((await readAll(got!.body)).equals(bytes)).toBe(true);
    expect(await storage.stream('r/1/none.mp4')).toBeNull();
    expect(s3.rejected).toBe(rejected);
  });

  it('hands out presigned links that read straight from the bucket, and only as signed', async () => {
    const storage = s3Storage(parseStorageUrl(s3.storageUrl));
    await storage.put('r/1/clip.mp4', Buffer.from('moving picture'), 'video/mp4');
    const link = await storage.presign!('r/1/clip.mp4', 600, {
      mime: 'video/mp4',
      download: 'my clip.mp4',
    });
    expect(link).toContain('X-Amz-Signature=');
    expect(link).not.toContain(encodeURIComponent('fake/secret+key'));
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my_clip.mp4"');
    expect(await res.text()).toBe('moving picture');
    const rejected = s3.rejected;
    const tampered = link.replace('clip.mp4', 'clip2.mp4');
    expect((await fetch(tampered)).status).toBe(403);
    const expired = new URL(link);
    expired.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(expired)).status).toBe(403);
    expect(s3.rejected).toBe(rejected + 2);
  });
});

describe('local storage', () => {
  it('keeps files under its folder and refuses keys that leave it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-storage-'));
    const storage = localStorage(root);
    await storage.put('r/2/x.webp', Buffer.from('abc'), 'image/webp');
    expect(await storage.get('r/2/x.webp')).toEqual({
      bytes: Buffer.from('abc'),
      mime: 'image/webp',
    });
    const streamed = await storage.stream('r/2/x.webp');
    expect(streamed).toMatchObject({ mime: 'image/webp', size: 3 });
    expect((await readAll(streamed!.body)).toString()).toBe('abc');
    await storage.put('r/2/y.bin', Readable.from([Buffer.from('de'), Buffer.from('f')]), 'x/y', 3);
    expect((await storage.get('r/2/y.bin'))?.bytes.toString()).toBe('def');
    await storage.delete('r/2/x.webp');
    expect(await storage.get('r/2/x.webp')).toBeNull();
    expect(await storage.stream('r/2/x.webp')).toBeNull();
    await expect(storage.put('../evil', Buffer.from(''), 'text/plain')).rejects.toThrow();
    await expect(storage.get('/etc/passwd')).rejects.toThrow();
    fs.rmSync(root, { recursive: true, force: true });
  });
});
