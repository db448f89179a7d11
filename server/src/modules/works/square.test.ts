import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { works as W } from '@atelier/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { storeFile } from '../files/index.js';
import { insertFinishedTask, toStoredFiles } from '../tasks/index.js';

/** Keyset pages of the square (square.ts): `next` leads to the page after, through the index. */
let t: TestApp;
let user: TestUser;
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  for (let i = 1; i <= 5; i += 1) {
    const file = await storeFile(t.app.ctx, {
      userId: user.userId,
      origin: 'result',
      bytes: PIXEL,
    });
    const id = await insertFinishedTask(t.app.ctx, {
      userId: user.userId,
      kind: 'mj',
      action: 'imagine',
      prompt: `work ${i}`,
      params: {},
      files: toStoredFiles([file]),
    });
    const r = await t.app.inject({
      method: 'POST',
      url: `/api${W.publish.path}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { id, isPublic: true, title: `Work ${i}` },
    });
    expect(r.statusCode, r.body).toBe(200);
  }
});
afterAll(async () => t.close());

const page = async (query: string) => {
  const r = await t.app.inject({ method: 'GET', url: `/api${W.square.path}?${query}` });
  return { status: r.statusCode, body: r.json() };
};

describe('square keyset pages', () => {
  it.each(['new', 'liked'])(
    'walks every work once in %s order, then next is null',
    async (sort) => {
      const offset = [
        ...(await page(`sort=${sort}&size=2&page=1`)).body.data.rows,
        ...(await page(`sort=${sort}&size=2&page=2`)).body.data.rows,
        ...(await page(`sort=${sort}&size=2&page=3`)).body.data.rows,
      ].map((w: { id: number }) => w.id);
      const walked: number[] = [];
      let after = '';
      for (let i = 0; i < 3; i += 1) {
        const { body } = await page(`sort=${sort}&size=2${after ? `&after=${after}` : ''}`);
        expect(body.data.count).toBe(5);
        walked.push(...body.data.rows.map((w: { id: number }) => w.id));
        if (i < 2) after = body.data.next as string;
        else expect(body.data.next).toBeNull();
      }
      expect(walked).toEqual(offset);
      expect(new Set(walked).size).toBe(5);
    },
  );

  it('refuses a cursor it did not write, naming the field', async () => {
    for (const bad of ['bm90LWpzb24', Buffer.from('["x",1]').toString('base64url'), 'a.b']) {
      const { status, body } = await page(`sort=liked&after=${bad}`);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain('after');
    }
  });
});
