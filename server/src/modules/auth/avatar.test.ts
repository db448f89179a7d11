import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { pngOf, upload } from '../../../test/drawing-support.js';

/**
 * An avatar is one of our own public pictures or none: never a data: SVG, a tracker, or an
 * address on the server's own network; the user's upload becomes a public copy anyone loads.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
});
afterAll(async () => t.close());

const setAvatar = (who: TestUser, avatar: string) =>
  callEndpoint(t.app, user.updateProfile, { token: who.token, body: { avatar } });
const fieldOf = (body: unknown) =>
  ((body as { data: { errors?: Array<{ field: string }> } }).data?.errors ?? []).map(
    (e) => e.field,
  );

describe('avatars', () => {
  it('refuses other schemes, plain http and addresses on the server’s network', async () => {
    for (const avatar of [
      'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      'javascript:alert(1)',
      'http://tracker.example/pixel.gif',
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/a.png',
    ]) {
      const r = await setAvatar(alice, avatar);
      expect(r.status, avatar).toBe(400);
      expect(fieldOf(r.body), avatar).toEqual(['avatar']);
    }
    const me = await callEndpoint(t.app, user.updateProfile, { token: alice.token, body: {} });
    expect(me.body.data.avatar).toBe('');
  });

  it('takes one of the user’s pictures as a public copy, and nobody else’s', async () => {
    const mine = await upload(t.app, alice, await pngOf(10, 200, 10));
    const r = await setAvatar(alice, mine.url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const avatar = r.body.data.avatar;
    expect(avatar).toMatch(/^\/api\/files\/r\/\d+\/\S+$/);
    expect(avatar).not.toContain('sig=');
    const seen = await t.app.inject({ url: avatar });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toMatch(/^image\//);
    // Saving it again keeps the same picture.
    expect((await setAvatar(alice, avatar)).body.data.avatar).toBe(avatar);

    const theirs = await upload(t.app, bob, await pngOf(1, 2, 3));
    const stolen = await setAvatar(alice, theirs.url);
    expect(stolen.status).toBe(400);
    expect((await setAvatar(alice, '')).body.data.avatar).toBe('');
  });
});

describe('changing the avatar', () => {
  it('keeps one stored copy, and is limited per minute like an upload', async () => {
    const carol = await createUser(t.app);
    const pictures = [
      await upload(t.app, carol, await pngOf(200, 10, 10)),
      await upload(t.app, carol, await pngOf(10, 10, 200)),
    ];
    const avatarCopies = async () =>
      (
        await t.app.ctx.db.kysely
          .selectFrom('files')
          .select('key')
          .where('user_id', '=', carol.userId)
          .where('public', '=', 1)
          .execute()
      ).map((r) => r.key);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await setAvatar(carol, pictures[i % 2]!.url);
      statuses.push(r.status);
      const copies = await avatarCopies();
      expect(copies).toHaveLength(1);
      expect(r.body.data.avatar).toContain(copies[0]);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((await setAvatar(carol, '')).status).toBe(200);
    expect(await avatarCopies()).toEqual([]);
    // The uploads themselves stay.
    expect((await t.app.inject({ url: pictures[0]!.url })).statusCode).toBe(200);
    for (let i = 0; i < 40 && statuses.at(-1) !== 429; i++)
      statuses.push((await setAvatar(carol, pictures[i % 2]!.url)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
