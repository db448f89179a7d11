import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { files as F } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { draw, quickTasks, settle, startWorkers } from '../../../test/drawing-support.js';
import { grant } from '../credits/index.js';

/**
 * What one account can make the server decode and store: pictures are measured from their
 * header before decoding (a 31 KB PNG can declare 256 M pixels), every user has a storage
 * quota, and free derived files (a grid's slices) are cut once and limited per minute.
 */

const crc32 = (buf: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A valid 1-bit black PNG of `size` × `size`: tiny on disk, `size`² pixels once decoded. */
function pixelBomb(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(size / 8)) * size);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipart(bytes: Buffer, filename: string) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** A noisy picture, so that its PNG does not compress to nothing. */
const noise = (size: number) => {
  const raw = randomBytes(size * size * 3);
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
};

let t: TestApp;
let alice: TestUser;
const QUOTA = 4_000_000;

async function uploadAs(user: TestUser, bytes: Buffer) {
  const body = multipart(bytes, 'p.png');
  return call<F.UploadedFile>(t.app, {
    method: 'POST',
    url: '/api/upload/file',
    headers: { ...bearer(user.token), ...body.headers, 'x-lang': 'en-US' },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({
    config: {
      files: { userQuotaBytes: QUOTA, uploadRateLimit: 10 },
      drawing: { demoStepMs: 5, pollMs: 20 },
      tasks: quickTasks,
    },
  });
  await startWorkers(t.app);
  alice = await createUser(t.app);
});
afterAll(async () => t.close());

describe('pictures are measured before they are decoded', () => {
  it('refuses a 16000 × 16000 PNG of 31 KB with a 400 naming the field', async () => {
    const bomb = pixelBomb(16_000);
    expect(bomb.length).toBeLessThan(40_000);
    const guest = await createUser(t.app);
    const r = await uploadAs(guest, bomb);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/too many pixels/i);
    expect(JSON.stringify(r.body.data)).toContain('"field":"file"');
    const rows = await t.app.ctx.db.kysely
      .selectFrom('files')
      .select('id')
      .where('user_id', '=', guest.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('still takes a large ordinary picture under the limit', async () => {
    const guest = await createUser(t.app);
    const r = await uploadAs(guest, await noise(300));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});

describe('storage quota', () => {
  it('answers 413 past the quota and shows what is used', async () => {
    const bob = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await uploadAs(bob, await noise(700))).status);
    expect(statuses).toContain(200);
    expect(statuses.at(-1)).toBe(413);
    const usage = await callEndpoint(t.app, F.storageUsage, { token: bob.token });
    expect(usage.status).toBe(200);
    expect(usage.body.data.quotaBytes).toBe(QUOTA);
    expect(usage.body.data.usedBytes).toBeGreaterThan(0);
    expect(usage.body.data.usedBytes).toBeLessThanOrEqual(QUOTA);
    const full = await uploadAs(bob, await noise(700));
    expect(full.body.message).toMatch(/storage is full/i);
  });
});

describe("a grid's slices", () => {
  it('are cut once and reused; the call is limited per minute', async () => {
    await grant(t.app.ctx.db.kysely, {
      userId: alice.userId,
      amount: 100,
      kind: 'admin_adjust',
      ref: 'test',
      idempotencyKey: `test:${alice.userId}`,
    });
    const q = await draw(t.app, alice.token, { type: 'imagine', prompt: 'four cats' });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const done = await settle(t.app, alice.token, q.body.data.id, [], 60_000);
    expect(done.status).toBe(3);
    const count = async () =>
      (
        await t.app.ctx.db.kysely
          .selectFrom('files')
          .select('id')
          .where('user_id', '=', alice.userId)
          .execute()
      ).length;
    const slice = () =>
      call<{ images: Array<{ url: string }> }>(t.app, {
        method: 'GET',
        url: `/api/midjourney/sliceImg?id=${done.id}`,
        headers: bearer(alice.token),
      });
    const first = await slice();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.images).toHaveLength(4);
    const after = await count();
    const again = await Promise.all([slice(), slice(), slice()]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await count()).toBe(after);
    const key = (u: string) => u.split('?')[0];
    expect(again[0]!.body.data.images.map((i) => key(i.url))).toEqual(
      first.body.data.images.map((i) => key(i.url)),
    );
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await slice()).status);
    expect(statuses).toContain(429);
  });
});
