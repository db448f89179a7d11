import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { fileUrl, storeFile } from '../files/index.js';
import { thumbOfCover } from './catalogue.js';

/**
 * The square's cards draw a cover's 256 px WebP (`coverThumb`): a stored cover gives its own
 * thumbnail, a cover elsewhere stays as it is (the demo's example covers: square.test.ts).
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

describe("a model card's cover thumbnail", () => {
  it("gives a stored cover's own thumbnail, and a cover elsewhere as it is", async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const file = await storeFile(t.app.ctx, {
      userId: admin.userId,
      origin: 'site',
      bytes: png,
      public: true,
    });
    expect(file.thumb_key).toBeTruthy();
    const thumb = await thumbOfCover(t.app.ctx, fileUrl(t.app.ctx, file.key, true));
    expect(thumb).toBe(fileUrl(t.app.ctx, file.thumb_key!, true));
    const served = await t.app.inject({ method: 'GET', url: thumb });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(256);
    const elsewhere = 'https://cdn.example.com/cover.png';
    expect(await thumbOfCover(t.app.ctx, elsewhere)).toBe(elsewhere);
  });
});
