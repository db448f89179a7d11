import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, collect as C, works as W, type QueryIn } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestUser } from '../../test/users.js';
import { quickTasks, startWorkers } from '../../../test/drawing-support.js';
import { grant } from '../credits/index.js';
import { as, demoDrawing, fundedUser, ok } from './works.setup.js';

/**
 * Works over the task engine with the offline demo's real drawings: publishing, who sees what
 * (another user's private work is a 404 everywhere), moderation, deletion and guests.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let a1: number;
let a2: number;

beforeAll(async () => {
  t = await createTestApp({
    config: { drawing: { demoStepMs: 5, pollMs: 20 }, tasks: quickTasks },
  });
  await startWorkers(t.app);
  [alice, bob, admin] = await Promise.all([
    fundedUser(t.app),
    fundedUser(t.app),
    fundedUser(t.app, 'admin'),
  ]);
  [a1, a2] = await Promise.all([
    demoDrawing(t.app, alice, 'a lighthouse in the fog'),
    demoDrawing(t.app, alice, 'a red fox in the snow'),
  ]);
}, 120_000);
afterAll(async () => t.close());

const square = async (token: string | null, query: QueryIn<typeof W.square> = {}) =>
  (await ok(t.app, W.square, token, { query })).rows.map((w) => w.id);
const share = (id: number) => t.app.inject({ method: 'GET', url: `/s/${id}` });

describe('works', () => {
  it('lists every kind in the history and publishes / unpublishes a work', async () => {
    const hist = await ok(t.app, W.history, alice.token);
    expect(hist.rows.map((w) => w.id)).toEqual([a2, a1].sort((x, y) => y - x));
    expect(hist.rows[0]!.cover?.media).toBe('image');
    const mine = await ok(t.app, W.myWorks, alice.token);
    expect(mine.count).toBe(2);
    expect(mine.rows.every((w) => !w.isPublic)).toBe(true);
    expect(await square(null)).not.toContain(a1);

    const pub = await ok(t.app, W.publish, alice.token, {
      body: {
        id: a1,
        isPublic: true,
        title: 'Fog',
        description: 'Morning',
        tags: ['#sea', 'sea', 'light'],
      },
    });
    expect(pub).toMatchObject({ isPublic: true, title: 'Fog', tags: ['sea', 'light'] });
    expect(await square(null)).toEqual([a1]);
    expect(await square(null, { tag: 'light' })).toEqual([a1]);
    expect(await square(null, { kind: 'chat-draw' })).toEqual([]);
    expect((await ok(t.app, W.popularTags, null)).rows).toContainEqual({ tag: 'sea', count: 1 });
    const seen = await ok(t.app, W.workDetails, null, { query: { id: a1 } });
    expect(seen.params).toMatchObject({ flags: { seed: 42 } });
    expect(seen.mine).toBe(false);
    const page = await share(a1);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:title" content="Fog">');
    expect(page.body).toMatch(/og:image" content="http[^"]+\/api\/files\//);
    const designer = await ok(t.app, W.designer, null, { query: { userId: alice.userId } });
    expect(designer.totals.works).toBe(1);

    await ok(t.app, W.publish, alice.token, { body: { id: a1, isPublic: false } });
    expect(await square(null)).toEqual([]);
    expect((await as(t.app, W.workDetails, bob.token, { query: { id: a1 } })).status).toBe(404);
    expect((await share(a1)).statusCode).toBe(404);
  });

  it("answers 404 for another user's private work on every call", async () => {
    const q = { query: { id: a2 } };
    const target = { targetType: 'work' as const, targetId: a2 };
    expect((await as(t.app, W.workDetails, bob.token, q)).status).toBe(404);
    expect((await as(t.app, W.workDetails, null, q)).status).toBe(404);
    expect(
      (await as(t.app, W.publish, bob.token, { body: { id: a2, isPublic: true } })).status,
    ).toBe(404);
    expect((await as(t.app, W.zipWorks, bob.token, { body: { ids: [a2] } })).status).toBe(404);
    expect((await as(t.app, C.doLike, bob.token, { body: target })).status).toBe(404);
    expect((await as(t.app, C.addCollect, bob.token, { body: target })).status).toBe(404);
    expect((await as(t.app, C.deleteCollect, bob.token, { body: target })).status).toBe(404);
    expect(
      (await as(t.app, W.report, bob.token, { body: { ...target, reason: 'x' } })).status,
    ).toBe(404);
    const album = await ok(t.app, W.saveAlbum, bob.token, { body: { title: 'mine' } });
    // A new album is private unless made public: others do not find it.
    expect(album.isPublic).toBe(false);
    expect((await as(t.app, W.albumDetail, alice.token, { query: { id: album.id } })).status).toBe(
      404,
    );
    const add = { body: { albumId: album.id, workIds: [a2] } };
    expect((await as(t.app, W.addToAlbum, bob.token, add)).status).toBe(404);
    expect(
      (await ok(t.app, C.haveList, bob.token, { query: { targetType: 'work', ids: [a2] } })).rows,
    ).toEqual([]);
    expect((await ok(t.app, W.deleteWorks, bob.token, { body: { ids: [a2] } })).deleted).toBe(0);
    expect((await share(a2)).statusCode).toBe(404);
    expect((await share(999999)).statusCode).toBe(404);
    // …and Alice's own album of Bob's id is no way in either.
    const aliceAlbum = await ok(t.app, W.saveAlbum, alice.token, {
      body: { title: 'a', isPublic: false },
    });
    expect(
      (await as(t.app, W.albumDetail, bob.token, { query: { id: aliceAlbum.id } })).status,
    ).toBe(404);
    expect((await ok(t.app, W.workDetails, alice.token, q)).mine).toBe(true);
  });

  it('hides a reported work from every public list and restores it, keeping the reasons', async () => {
    await ok(t.app, W.publish, alice.token, { body: { id: a2, isPublic: true, tags: ['fox'] } });
    const album = await ok(t.app, W.saveAlbum, alice.token, {
      body: { title: 'Animals', isPublic: true },
    });
    await ok(t.app, W.addToAlbum, alice.token, { body: { albumId: album.id, workIds: [a2] } });
    await ok(t.app, C.addCollect, bob.token, { body: { targetType: 'work', targetId: a2 } });
    await ok(t.app, W.report, bob.token, {
      body: { targetType: 'work', targetId: a2, reason: 'spam' },
    });
    const reports = await ok(t.app, W.listReports, admin.token);
    expect(reports.rows[0]).toMatchObject({
      targetId: a2,
      open: 1,
      reasons: ['spam'],
      hidden: false,
    });
    expect((await as(t.app, W.listReports, bob.token)).status).toBe(403);

    const hide = {
      targetType: 'work' as const,
      targetId: a2,
      action: 'hide' as const,
      reason: 'not allowed',
    };
    expect(await ok(t.app, W.moderate, admin.token, { body: hide })).toEqual({
      hidden: true,
      closedReports: 1,
    });
    expect(await square(null)).not.toContain(a2);
    expect(await square(bob.token, { sort: 'liked' })).not.toContain(a2);
    expect(await square(null, { userId: alice.userId })).not.toContain(a2);
    expect(await square(null, { tag: 'fox' })).toEqual([]);
    expect((await ok(t.app, W.popularTags, null)).rows.map((r) => r.tag)).not.toContain('fox');
    expect(
      (await ok(t.app, W.designer, null, { query: { userId: alice.userId } })).totals.works,
    ).toBe(0);
    const theirAlbum = await ok(t.app, W.albumDetail, bob.token, { query: { id: album.id } });
    expect(theirAlbum.works).toEqual([]);
    expect((await as(t.app, W.workDetails, bob.token, { query: { id: a2 } })).status).toBe(404);
    expect((await share(a2)).statusCode).toBe(404);
    const gone = await ok(t.app, C.noList, bob.token);
    expect(gone.rows.map((c) => c.targetId)).toEqual([a2]);
    const own = await ok(t.app, W.workDetails, alice.token, { query: { id: a2 } });
    expect(own).toMatchObject({ hidden: true, hiddenReason: 'not allowed' });
    expect(
      (await as(t.app, W.publish, alice.token, { body: { id: a2, isPublic: true } })).status,
    ).toBe(403);

    await ok(t.app, W.moderate, admin.token, {
      body: { ...hide, action: 'restore', reason: 'appeal ok' },
    });
    expect(await square(null)).toContain(a2);
    const all = await ok(t.app, W.listReports, admin.token, { query: { state: 'all' } });
    expect(all.rows[0]).toMatchObject({
      open: 0,
      lastAction: { action: 'restore', reason: 'appeal ok' },
    });
    const log = await t.app.ctx.db.kysely
      .selectFrom('moderation_log')
      .select(['action', 'reason'])
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'hide', reason: 'not allowed' },
      { action: 'restore', reason: 'appeal ok' },
    ]);
  });

  it('deleting a task removes its work from every list, album and collection', async () => {
    const id = await demoDrawing(t.app, alice, 'a paper boat');
    await ok(t.app, W.publish, alice.token, { body: { id, isPublic: true, tags: ['boat'] } });
    const album = await ok(t.app, W.saveAlbum, alice.token, { body: { title: 'Boats' } });
    await ok(t.app, W.addToAlbum, alice.token, { body: { albumId: album.id, workIds: [id] } });
    await ok(t.app, W.saveAlbum, alice.token, {
      body: { id: album.id, title: 'Boats', coverWorkId: id },
    });
    const target = { targetType: 'work' as const, targetId: id };
    await ok(t.app, C.doLike, bob.token, { body: { ...target, like: true } });
    await ok(t.app, C.addCollect, bob.token, { body: target });
    await ok(t.app, W.report, bob.token, { body: { ...target, reason: 'dup' } });

    expect((await ok(t.app, W.deleteWorks, alice.token, { body: { ids: [id] } })).deleted).toBe(1);
    const db = t.app.ctx.db.kysely;
    const count = async (table: 'works' | 'album_works' | 'work_tags') =>
      (await db.selectFrom(table).selectAll().execute()).filter((r) =>
        'work_id' in r ? r.work_id === id : (r as { id: number }).id === id,
      ).length;
    expect(await count('works')).toBe(0);
    expect(await count('album_works')).toBe(0);
    expect(await count('work_tags')).toBe(0);
    const left = await db
      .selectFrom('reactions')
      .select('id')
      .where('target_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect(
      await db.selectFrom('reports').select('id').where('target_id', '=', id).execute(),
    ).toEqual([]);
    expect(await square(null)).not.toContain(id);
    expect(
      (await ok(t.app, W.albumDetail, alice.token, { query: { id: album.id } })).album,
    ).toMatchObject({
      count: 0,
      coverWorkId: null,
    });
    expect(
      (await ok(t.app, C.allCollections, bob.token)).rows.map((c) => c.targetId),
    ).not.toContain(id);
  });

  it("moves a guest's works to the account it registers", async () => {
    const guestId = randomUUID();
    await callEndpoint(t.app, auth.createGuest, { body: { guest_id: guestId } });
    const guestUser = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('guest_id', '=', guestId.toLowerCase())
      .executeTakeFirstOrThrow();
    await grant(t.app.ctx.db.kysely, {
      userId: guestUser.id,
      amount: 100,
      kind: 'admin_adjust',
      ref: 'test',
      idempotencyKey: `guest:${guestUser.id}`,
    });
    const q = await callEndpoint(t.app, W.history, { guestId });
    expect(q.body.data.count).toBe(0);
    const draw = await t.app.inject({
      method: 'POST',
      url: '/api/queue/addMjDrawQueue',
      headers: { guestid: guestId },
      payload: { type: 'imagine', prompt: 'a guest kite', params: {} },
    });
    const id = (draw.json() as { data: { id: number } }).data.id;
    for (let i = 0; i < 400; i++) {
      const r = await callEndpoint(t.app, W.myWorks, { guestId });
      if (r.body.data.count === 1) break;
      await new Promise((res) => setTimeout(res, 25));
    }
    const priv = await callEndpoint(t.app, W.publish, {
      guestId,
      body: { id, isPublic: false, title: 'kite' },
    });
    expect(priv.status).toBe(200);
    expect(
      (await callEndpoint(t.app, W.publish, { guestId, body: { id, isPublic: true } })).status,
    ).toBe(403);

    const reg = await callEndpoint(t.app, auth.register, {
      guestId,
      body: { username: `g${Date.now().toString(36)}`, password: 'guest-password-1' },
    });
    expect(reg.status).toBe(200);
    const token = reg.body.data.token;
    const mine = await ok(t.app, W.myWorks, token);
    expect(mine.rows.map((w) => [w.id, w.title, w.mine])).toEqual([[id, 'kite', true]]);
    const row = await t.app.ctx.db.kysely
      .selectFrom('works')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).not.toBe(guestUser.id);
    expect((await ok(t.app, W.publish, token, { body: { id, isPublic: true } })).isPublic).toBe(
      true,
    );
  });
});
