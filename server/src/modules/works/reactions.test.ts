import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect as C, works as W } from '@atelier/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { quickTasks, startWorkers } from '../../../test/drawing-support.js';
import { as, demoDrawing, fundedUser, ok } from './works.setup.js';

/**
 * Likes and collections under concurrency (50 toggles at once count as the rows say), and
 * albums: order, reorder, cover, who sees which works.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp({
    config: { drawing: { demoStepMs: 5, pollMs: 20 }, tasks: quickTasks },
  });
  await startWorkers(t.app);
  [alice, bob] = await Promise.all([fundedUser(t.app), createUser(t.app)]);
  ids = await Promise.all(['one', 'two', 'three'].map((p) => demoDrawing(t.app, alice, `a ${p}`)));
  for (const id of ids.slice(0, 2))
    await ok(t.app, W.publish, alice.token, { body: { id, isPublic: true } });
}, 120_000);
afterAll(async () => t.close());

const rowsOf = async (type: 'like' | 'collect', id: number) =>
  (
    await t.app.ctx.db.kysely
      .selectFrom('reactions')
      .select('user_id')
      .where('type', '=', type)
      .where('target_type', '=', 'work')
      .where('target_id', '=', id)
      .execute()
  ).length;
const counts = async (id: number) =>
  t.app.ctx.db.kysely
    .selectFrom('works')
    .select(['like_count', 'collect_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('likes and collections', () => {
  it('count 50 users liking at once as 50, and one user toggling 50 times at once as its rows', async () => {
    const id = ids[0]!;
    const users = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    const body = { targetType: 'work' as const, targetId: id, like: true };
    const answers = await Promise.all(users.map((u) => as(t.app, C.doLike, u.token, { body })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect((await counts(id)).like_count).toBe(50);

    // One user, two tabs: 50 "like" at once are one like; 50 toggles at once leave the count
    // equal to the rows, whatever the final state.
    const same = await Promise.all(
      Array.from({ length: 50 }, () => as(t.app, C.doLike, bob.token, { body })),
    );
    expect(same.every((a) => a.status === 200 && a.body.data.liked)).toBe(true);
    expect((await counts(id)).like_count).toBe(51);
    const toggle = { targetType: 'work' as const, targetId: id };
    await Promise.all(
      Array.from({ length: 50 }, () => as(t.app, C.doLike, bob.token, { body: toggle })),
    );
    expect((await counts(id)).like_count).toBe(await rowsOf('like', id));

    await Promise.all(
      users.map((u) => as(t.app, C.doLike, u.token, { body: { ...body, like: false } })),
    );
    const left = await rowsOf('like', id);
    expect(left).toBeLessThanOrEqual(1);
    expect((await counts(id)).like_count).toBe(left);
  });

  it('collects once under 50 concurrent adds, and un-collects once under 50 deletes', async () => {
    const id = ids[1]!;
    const target = { targetType: 'work' as const, targetId: id };
    await Promise.all(
      Array.from({ length: 50 }, () => as(t.app, C.addCollect, bob.token, { body: target })),
    );
    expect(await counts(id)).toMatchObject({ collect_count: 1 });
    expect(await rowsOf('collect', id)).toBe(1);
    const state = await ok(t.app, C.haveList, bob.token, {
      query: { targetType: 'work', ids: [id, ids[0]!] },
    });
    expect(state.rows.find((r) => r.targetId === id)).toMatchObject({
      collected: true,
      collectCount: 1,
    });
    const mine = await ok(t.app, C.allCollections, bob.token);
    expect(mine.rows).toMatchObject([{ targetId: id, available: true }]);
    const saved = await ok(t.app, C.saveCollect, bob.token, {
      body: { id: mine.rows[0]!.id, note: 'nice' },
    });
    expect(saved.note).toBe('nice');
    expect(
      (await as(t.app, C.saveCollect, alice.token, { body: { id: saved.id, note: 'x' } })).status,
    ).toBe(404);
    await Promise.all(
      Array.from({ length: 50 }, () => as(t.app, C.deleteCollect, bob.token, { body: target })),
    );
    expect(await counts(id)).toMatchObject({ collect_count: 0 });

    // Collected, then unpublished: listed under getNoList; deleteCollectDraw clears it.
    await ok(t.app, C.addCollect, bob.token, { body: target });
    await ok(t.app, W.publish, alice.token, { body: { id, isPublic: false } });
    expect((await ok(t.app, C.noList, bob.token)).rows.map((c) => c.targetId)).toEqual([id]);
    expect(
      (await ok(t.app, C.deleteCollectDraw, bob.token, { body: { unavailable: true } })).deleted,
    ).toBe(1);
    expect(await counts(id)).toMatchObject({ collect_count: 0 });
    await ok(t.app, W.publish, alice.token, { body: { id, isPublic: true } });
    const bad = await as(t.app, C.deleteCollectDraw, bob.token, { body: {} });
    expect(bad.status).toBe(400);
    expect((await as(t.app, C.doLike, null, { body: target })).status).toBe(401);
    expect(
      (await as(t.app, C.doLike, bob.token, { body: { targetType: 'prompt', targetId: 1 } }))
        .status,
    ).toBe(404);
  });
});

describe('albums', () => {
  it('keeps the owner’s order, reorders, and shows others only published works', async () => {
    // Albums are private unless made public; this one is shown to others.
    const album = await ok(t.app, W.saveAlbum, alice.token, {
      body: { title: 'Three', isPublic: true },
    });
    await ok(t.app, W.addToAlbum, alice.token, {
      body: { albumId: album.id, workIds: [ids[2]!, ids[0]!] },
    });
    await ok(t.app, W.addToAlbum, alice.token, {
      body: { albumId: album.id, workIds: [ids[1]!, ids[0]!] },
    });
    const order = async (token: string | null) =>
      (await ok(t.app, W.albumDetail, token, { query: { id: album.id } })).works.map((w) => w.id);
    expect(await order(alice.token)).toEqual([ids[2], ids[0], ids[1]]);
    // ids[2] is private: others see the rest, in order.
    expect(await order(null)).toEqual([ids[0], ids[1]]);

    await ok(t.app, W.reorderAlbum, alice.token, {
      body: { albumId: album.id, workIds: [ids[1]!, ids[2]!, ids[0]!] },
    });
    expect(await order(alice.token)).toEqual([ids[1], ids[2], ids[0]]);
    const wrong = await as(t.app, W.reorderAlbum, alice.token, {
      body: { albumId: album.id, workIds: [ids[1]!, ids[2]!] },
    });
    expect(wrong.status).toBe(400);
    expect(
      (await as(t.app, W.reorderAlbum, bob.token, { body: { albumId: album.id, workIds: ids } }))
        .status,
    ).toBe(404);

    const withCover = await ok(t.app, W.saveAlbum, alice.token, {
      body: { id: album.id, title: 'Three', coverWorkId: ids[0]! },
    });
    expect(withCover.coverWorkId).toBe(ids[0]);
    await ok(t.app, W.removeFromAlbum, alice.token, {
      body: { albumId: album.id, workIds: [ids[2]!] },
    });
    expect(await order(alice.token)).toEqual([ids[1], ids[0]]);
    const page = await ok(t.app, W.designer, null, { query: { userId: alice.userId } });
    expect(page.albums).toMatchObject([{ id: album.id, count: 2, title: 'Three' }]);
    expect(page.totals.works).toBe(2);
  });
});
