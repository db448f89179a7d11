import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { works as W } from '@atelier/contracts';
import { storeFile } from '../modules/files/index.js';
import { insertFinishedTask, toStoredFiles } from '../modules/tasks/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createUser, type TestUser } from '../test/users.js';

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Public lists from the short-lived cache for anonymous visitors (http/public-cache.ts). */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ config: { publicCacheSeconds: 30 } });
  user = await createUser(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });

describe('public cache', () => {
  it('serves an anonymous list with Cache-Control and an ETag, and 304 on revalidation', async () => {
    const first = await get(`${W.square.path}?sort=new`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=(29|30)$/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);

    const again = await get(`${W.square.path}?sort=new`);
    expect(again.headers.etag).toBe(etag);
    expect(again.json()).toEqual(first.json());

    const revalidated = await get(`${W.square.path}?sort=new`, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('keys by address and language', async () => {
    const a = await get(`${W.square.path}?sort=liked`);
    const b = await get(`${W.square.path}?sort=liked`, { 'x-lang': 'en-US' });
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect(b.json().message).not.toBe(a.json().message);
  });

  it('never caches an answer for a signed-in user or a guest', async () => {
    const mine = await get(`${W.square.path}?sort=new`, { authorization: `Bearer ${user.token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBeUndefined();
    expect(mine.headers.etag).toBeUndefined();
  });

  it('forgets every kept list when a work is published through the works routes', async () => {
    const before = await get(`${W.square.path}?sort=new`);
    const count = before.json().data.count as number;
    const file = await storeFile(t.app.ctx, {
      userId: user.userId,
      origin: 'result',
      bytes: PIXEL,
    });
    const id = await insertFinishedTask(t.app.ctx, {
      userId: user.userId,
      kind: 'mj',
      action: 'imagine',
      prompt: 'a cached square',
      params: {},
      files: toStoredFiles([file]),
    });
    // Written to the database without a route: the kept answer stays until it expires.
    expect((await get(`${W.square.path}?sort=new`)).headers.etag).toBe(before.headers.etag);

    const published = await t.app.inject({
      method: 'POST',
      url: `/api${W.publish.path}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { id, isPublic: true, title: 'Fresh' },
    });
    expect(published.statusCode, published.body).toBe(200);
    const after = await get(`${W.square.path}?sort=new`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.count).toBe(count + 1);
    expect(after.json().data.rows[0].title).toBe('Fresh');
    // An old ETag is no longer answered with a 304.
    const stale = await get(`${W.square.path}?sort=new`, {
      'if-none-match': before.headers.etag as string,
    });
    expect(stale.statusCode).toBe(200);
  });
});
