import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { auth, market as M, type BodyIn, type QueryIn } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { draw, quickTasks, settle, startWorkers } from '../../../test/drawing-support.js';
import { grant } from '../credits/index.js';
import { seedCategories } from './seed.js';

/**
 * The market over real demo Midjourney tasks: publishing copies every parameter and the
 * example, ownership on every endpoint, hiding, and counts under concurrent toggles.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let taskId: number;

beforeAll(async () => {
  t = await createTestApp({
    config: { drawing: { demoStepMs: 10, pollMs: 20 }, tasks: quickTasks },
  });
  await startWorkers(t.app);
  [alice, bob, admin] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app, { role: 'admin' }),
  ]);
  await grant(t.app.ctx.db.kysely, {
    userId: alice.userId,
    amount: 500,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${alice.userId}`,
  });
  const q = await draw(t.app, alice.token, {
    type: 'imagine',
    prompt: 'a lighthouse in a storm',
    params: { aspect: '16:9', chaos: 12, stylize: 250, seed: 4242, no: 'people', tile: false },
  });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const done = await settle(t.app, alice.token, q.body.data.id);
  expect(done.status).toBe(3);
  taskId = done.id;
});
afterAll(async () => t?.close());

const publish = (token: string, body: BodyIn<typeof M.publishPrompt>) =>
  callEndpoint(t.app, M.publishPrompt, { token, body });
const list = async (query: QueryIn<typeof M.listPrompts> = {}, token?: string) =>
  (await callEndpoint(t.app, M.listPrompts, { query, ...(token ? { token } : {}) })).body.data;

describe('categories', () => {
  it('are seeded in three languages', async () => {
    for (const lang of ['en-US', 'zh-CN', 'zh-TW'] as const) {
      const res = await callEndpoint(t.app, M.listCategories, { lang });
      expect(res.body.data.rows.map((c) => c.name)).toEqual(
        seedCategories.map((c) => c.name[lang]),
      );
    }
  });
});

describe('publishing from a task', () => {
  let promptId: number;

  it('copies the prompt, kind, model, every parameter and the first result as example', async () => {
    const cats = (await callEndpoint(t.app, M.listCategories)).body.data.rows;
    const res = await publish(alice.token, {
      taskId,
      title: 'Storm lighthouse',
      tags: ['sea', 'storm', 'sea'],
      categoryId: cats[1]!.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    promptId = p.id;
    const task = await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(p.prompt).toBe(task.prompt);
    expect(p.kind).toBe('mj');
    expect(p.params).toEqual(JSON.parse(task.params));
    expect(p.params.flags).toMatchObject({
      aspect: '16:9',
      chaos: 12,
      stylize: 250,
      seed: 4242,
      no: 'people',
    });
    expect(p.modelId).toBe((JSON.parse(task.params) as { modelId: number }).modelId);
    expect(p.modelName).toBe('Offline demo · Midjourney');
    expect(p.tags).toEqual(['sea', 'storm']);
    expect(p.author.id).toBe(alice.userId);
    // The example is a copy: another user (and a guest) loads it, and it stays after the task goes.
    const img = await t.app.inject({ method: 'GET', url: p.example!.url });
    expect(img.statusCode).toBe(200);
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([p.example!.width, p.example!.height]);
    expect(p.example!.url).not.toContain(JSON.parse(task.files)[0].key);
  });

  it('refuses another user’s task as if it did not exist, and bad input by field', async () => {
    const other = await publish(bob.token, { taskId, title: 'Mine now' });
    expect(other.status).toBe(404);
    const none = await publish(bob.token, { taskId: 999_999, title: 'x' });
    expect(none.status).toBe(404);
    const both = await publish(bob.token, { taskId, prompt: 'x', title: 'x' } as never);
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('prompt');
    const noTitle = await publish(bob.token, { prompt: 'x', title: '' });
    expect(noTitle.status).toBe(400);
    expect(JSON.stringify(noTitle.body)).toContain('title');
    const badCat = await publish(bob.token, { prompt: 'x', title: 'y', categoryId: 99_999 });
    expect(badCat.status).toBe(400);
    expect(JSON.stringify(badCat.body)).toContain('categoryId');
    const guest = await callEndpoint(t.app, M.publishPrompt, { body: { prompt: 'x', title: 'y' } });
    expect(guest.status).toBe(401);
  });

  it('publishes a chat prompt from the prompt store, and "use" answers every parameter', async () => {
    const chat = await publish(bob.token, { prompt: 'Act as a travel guide', title: 'Guide' });
    expect(chat.status).toBe(200);
    expect(chat.body.data).toMatchObject({ kind: 'chat', example: null, params: {} });
    const used = await callEndpoint(t.app, M.usePrompt, {
      token: bob.token,
      body: { id: promptId },
    });
    expect(used.status).toBe(200);
    const detail = (await callEndpoint(t.app, M.promptDetail, { query: { id: promptId } })).body
      .data;
    expect(used.body.data.prefill).toEqual({
      kind: 'mj',
      modelId: detail.modelId,
      prompt: detail.prompt,
      params: detail.params,
    });
    expect(used.body.data.useCount).toBe(1);
    expect(detail.useCount).toBe(1);
  });

  it('counts one use per account; guests, free to make, do not pump "most used"', async () => {
    const before = (await callEndpoint(t.app, M.promptDetail, { query: { id: promptId } })).body
      .data.useCount;
    // 15: guest creations are limited to RATE_LIMIT_AUTH (20) a minute per IP.
    for (let i = 0; i < 15; i++) {
      const g = crypto.randomUUID();
      await callEndpoint(t.app, auth.createGuest, { body: { guest_id: g } });
      const used = await callEndpoint(t.app, M.usePrompt, {
        headers: { guestid: g },
        body: { id: promptId },
      });
      expect(used.status).toBe(200);
      expect(used.body.data.prefill.prompt).toBeTruthy();
    }
    for (let i = 0; i < 3; i++)
      await callEndpoint(t.app, M.usePrompt, { token: alice.token, body: { id: promptId } });
    const after = (await callEndpoint(t.app, M.promptDetail, { query: { id: promptId } })).body.data
      .useCount;
    expect(after).toBe(before + 1);
  });

  it('searches, filters and sorts', async () => {
    expect((await list({ keyword: 'LIGHTHOUSE' })).rows.map((p) => p.id)).toEqual([promptId]);
    expect((await list({ keyword: 'storm' })).rows.map((p) => p.id)).toEqual([promptId]);
    expect((await list({ kind: 'chat' })).rows.every((p) => p.kind === 'chat')).toBe(true);
    expect((await list({ sort: 'used' })).rows[0]!.id).toBe(promptId);
    const cat = (await list({ keyword: 'storm' })).rows[0]!.categoryId!;
    expect((await list({ categoryId: cat })).count).toBe(1);
    expect(
      (await callEndpoint(t.app, M.listPrompts, { query: { sort: 'best' } as never })).status,
    ).toBe(400);
    expect(
      (await callEndpoint(t.app, M.listPrompts, { query: { page: '1.5' } as never })).status,
    ).toBe(400);
  });
});

describe('ownership and moderation', () => {
  let id: number;
  beforeAll(async () => {
    id = (await publish(alice.token, { prompt: 'Write a haiku about rain', title: 'Haiku' })).body
      .data.id;
  });

  it('only the author edits or deletes; others get 404', async () => {
    const body = { id, title: 'Taken' };
    expect((await callEndpoint(t.app, M.updatePrompt, { token: bob.token, body })).status).toBe(
      404,
    );
    expect(
      (await callEndpoint(t.app, M.deletePrompt, { token: bob.token, body: { id } })).status,
    ).toBe(404);
    const own = await callEndpoint(t.app, M.updatePrompt, {
      token: alice.token,
      body: { id, title: 'Rain haiku', tags: ['poem'] },
    });
    expect(own.body.data).toMatchObject({ title: 'Rain haiku', tags: ['poem'], mine: true });
    const report = await callEndpoint(t.app, M.reportPrompt, {
      token: alice.token,
      body: { id, reason: 'x' },
    });
    expect(report.status).toBe(400);
  });

  it('operator endpoints refuse users', async () => {
    for (const [e, opts] of [
      [M.adminListPrompts, { query: {} }],
      [M.adminReports, { query: { id } }],
      [M.adminFeature, { body: { id, featured: true } }],
      [M.adminHide, { body: { id, hidden: true, reason: 'spam' } }],
    ] as const)
      expect((await callEndpoint(t.app, e, { token: bob.token, ...(opts as object) })).status).toBe(
        403,
      );
  });

  it('a hidden prompt leaves every list and answers 404 to everyone but its author', async () => {
    await callEndpoint(t.app, M.collectPrompt, { token: bob.token, body: { id } });
    await callEndpoint(t.app, M.reportPrompt, {
      token: bob.token,
      body: { id, reason: 'Copied from elsewhere' },
    });
    const reported = await callEndpoint(t.app, M.adminListPrompts, {
      token: admin.token,
      query: { filter: 'reported' },
    });
    expect(reported.body.data.rows.find((p) => p.id === id)?.reportCount).toBe(1);
    const hideNoReason = await callEndpoint(t.app, M.adminHide, {
      token: admin.token,
      body: { id, hidden: true },
    });
    expect(hideNoReason.status).toBe(400);
    expect(JSON.stringify(hideNoReason.body)).toContain('reason');
    const hidden = await callEndpoint(t.app, M.adminHide, {
      token: admin.token,
      body: { id, hidden: true, reason: 'Copied' },
    });
    expect(hidden.body.data).toMatchObject({ hidden: true, hiddenReason: 'Copied' });

    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    expect(ids((await list({ size: 100 })).rows)).not.toContain(id);
    expect(ids((await list({ size: 100, keyword: 'haiku' }, bob.token)).rows)).not.toContain(id);
    expect(ids((await list({ size: 100, sort: 'liked' })).rows)).not.toContain(id);
    const collected = await callEndpoint(t.app, M.collectedPrompts, { token: bob.token });
    expect(ids(collected.body.data.rows)).not.toContain(id);
    const cats = (await callEndpoint(t.app, M.listCategories)).body.data.rows;
    expect(cats.reduce((n, c) => n + c.count, 0)).toBeLessThan(
      (await list({ size: 100 })).count + 1,
    );
    for (const [e, arg] of [
      [M.promptDetail, { query: { id } }],
      [M.likePrompt, { body: { id } }],
      [M.collectPrompt, { body: { id } }],
      [M.usePrompt, { body: { id } }],
      [M.reportPrompt, { body: { id, reason: 'again' } }],
    ] as const)
      expect((await callEndpoint(t.app, e, { token: bob.token, ...(arg as object) })).status).toBe(
        404,
      );
    // The author still sees it, with the reason.
    const mine = await callEndpoint(t.app, M.myPrompts, { token: alice.token });
    expect(mine.body.data.rows.find((p) => p.id === id)).toMatchObject({
      hidden: true,
      hiddenReason: 'Copied',
    });
    expect(
      (await callEndpoint(t.app, M.promptDetail, { token: alice.token, query: { id } })).status,
    ).toBe(200);

    await callEndpoint(t.app, M.adminHide, { token: admin.token, body: { id, hidden: false } });
    expect(ids((await list({ size: 100 })).rows)).toContain(id);
  });

  it('featured prompts come first; deleting removes the prompt and its example', async () => {
    await callEndpoint(t.app, M.adminFeature, { token: admin.token, body: { id, featured: true } });
    expect((await list()).rows[0]!.id).toBe(id);
    const del = await callEndpoint(t.app, M.deletePrompt, { token: alice.token, body: { id } });
    expect(del.status).toBe(200);
    expect((await callEndpoint(t.app, M.promptDetail, { query: { id } })).status).toBe(404);
  });
});

describe('likes and collections under concurrency', () => {
  it('50 users liking at once count 50; one user toggling 50 times at once stays consistent', async () => {
    const id = (await publish(alice.token, { prompt: 'Count me', title: 'Counter' })).body.data.id;
    const users = await Promise.all(Array.from({ length: 50 }, () => createUser(t.app)));
    const results = await Promise.all(
      users.map((u) => callEndpoint(t.app, M.likePrompt, { token: u.token, body: { id } })),
    );
    expect(results.every((r) => r.status === 200 && r.body.data.on)).toBe(true);
    const db = t.app.ctx.db.kysely;
    const state = async (mark: 'like' | 'collect') => {
      const p = await db
        .selectFrom('market_prompts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('market_prompt_marks')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('prompt_id', '=', id)
        .where('mark', '=', mark)
        .executeTakeFirstOrThrow();
      return {
        count: Number(mark === 'like' ? p.like_count : p.collect_count),
        rows: Number(rows.n),
      };
    };
    expect(await state('like')).toEqual({ count: 50, rows: 50 });

    const same = await Promise.all(
      Array.from({ length: 50 }, () =>
        callEndpoint(t.app, M.collectPrompt, { token: bob.token, body: { id } }),
      ),
    );
    expect(same.every((r) => r.status === 200)).toBe(true);
    const after = await state('collect');
    expect(after.count).toBe(after.rows);
    expect(after.rows).toBeLessThanOrEqual(1);
    const detail = await callEndpoint(t.app, M.promptDetail, { token: bob.token, query: { id } });
    expect(detail.body.data.collected).toBe(after.rows === 1);
    expect(detail.body.data.likeCount).toBe(50);

    // Half of the likers take their like back at once.
    await Promise.all(
      users
        .slice(0, 25)
        .map((u) => callEndpoint(t.app, M.likePrompt, { token: u.token, body: { id } })),
    );
    expect(await state('like')).toEqual({ count: 25, rows: 25 });
  });
});
