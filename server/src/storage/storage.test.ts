import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fakes/s3.js';
import { localStorage } from './local.js';
import { parseStorageUrl, s3Storage } from './s3.js';
import { sha256Hex, signRequest } from './sigv4.js';

describe('SigV4 signer', () => {
  it("matches AWS's documented example (GET Object with a Range header)", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
    const emptyHash = sha256Hex('');
    expect(emptyHash).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const auth = signRequest(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: emptyHash,
        amzDate: '20130524T000000Z',
      },
    );
    expect(auth).toBe(
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
    await storage.delete('r/2/x.webp');
    expect(await storage.get('r/2/x.webp')).toBeNull();
    await expect(storage.put('../evil', Buffer.from(''), 'text/plain')).rejects.toThrow();
    await expect(storage.get('/etc/passwd')).rejects.toThrow();
    fs.rmSync(root, { recursive: true, force: true });
  });
});
