import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawing as D, market as M, TaskStatus, works as W } from '@atelier/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestUser } from '../../test/users.js';
import { quickTasks, startWorkers } from '../../../test/drawing-support.js';
import { until } from '../../../test/task-support.js';
import { storeFile } from '../files/index.js';
import { createTask, getTask } from '../tasks/index.js';
import { as, demoDrawing, fundedUser, ok } from './works.setup.js';

/**
 * Writes a user may ask for again and again without paying: batch downloads (zips) and the
 * copies publishing to the market makes. Each counts against the storage quota (413 past it),
 * and a zip is never packed into another (each round would double what one call stores).
 */

const QUOTA = 30_000_000;
let t: TestApp;
let alice: TestUser;
let drawing: number;

const usedBy = async (userId: number) =>
  (
    await t.app.ctx.db.kysely
      .selectFrom('files')
      .select('size')
      .where('user_id', '=', userId)
      .execute()
  ).reduce((sum, r) => sum + Number(r.size), 0);

/** Fills the user's storage so that `room` bytes are left under the quota. */
async function leaveRoom(user: TestUser, room: number) {
  const fill = QUOTA - (await usedBy(user.userId)) - room;
  expect(fill).toBeGreaterThan(0);
  await storeFile(t.app.ctx, { userId: user.userId, origin: 'result', bytes: randomBytes(fill) });
}

const zipDone = (user: TestUser, id: number) =>
  until(async () => {
    const [row] = (await ok(t.app, D.listZips, user.token, { query: { id } })).rows;
    return row && row.status >= TaskStatus.succeeded ? row : null;
  }, 60_000);

const zipsOf = async (userId: number) =>
  (
    await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'zip')
      .execute()
  ).length;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      files: { userQuotaBytes: QUOTA },
      drawing: { demoStepMs: 5, pollMs: 20 },
      tasks: quickTasks,
    },
  });
  await startWorkers(t.app);
  alice = await fundedUser(t.app);
  drawing = await demoDrawing(t.app, alice, 'four cats');
});
afterAll(async () => t.close());

describe('batch downloads', () => {
  it('never pack a zip into another', async () => {
    const first = await ok(t.app, W.zipWorks, alice.token, { body: { ids: [drawing] } });
    const zip = await zipDone(alice, first.id);
    expect(zip.status).toBe(TaskStatus.succeeded);
    const again = await as(t.app, W.zipWorks, alice.token, { body: { ids: [first.id, drawing] } });
    expect(again.status, JSON.stringify(again.body)).toBe(404);
    expect(await zipsOf(alice.userId)).toBe(1);
  });

  it('count against the storage quota: 413 when the zip would not fit', async () => {
    const bob = await fundedUser(t.app);
    const mine = await demoDrawing(t.app, bob, 'two dogs');
    const size = (await getTask(t.app.ctx, bob.userId, mine)).files.reduce((s, f) => s + f.size, 0);
    await leaveRoom(bob, Math.floor(size / 2));
    const zips = [
      await as(t.app, W.zipWorks, bob.token, { body: { ids: [mine] } }),
      await as(t.app, D.createZip, bob.token, { body: { ids: [mine] } }),
    ];
    for (const r of zips) {
      expect(r.status, JSON.stringify(r.body)).toBe(413);
      expect(r.body.message).toMatch(/storage is full/i);
    }
    expect(await zipsOf(bob.userId)).toBe(0);
    expect(await usedBy(bob.userId)).toBeLessThanOrEqual(QUOTA);
  });

  it('fail saying the storage is full when it filled after they were asked for', async () => {
    const carol = await fundedUser(t.app);
    const mine = await demoDrawing(t.app, carol, 'a red boat');
    const task = await getTask(t.app.ctx, carol.userId, mine);
    const size = task.files.reduce((s, f) => s + f.size, 0);
    await leaveRoom(carol, Math.floor(size / 2));
    // As a zip asked for before the storage filled up reaches the worker.
    const zip = await createTask(t.app.ctx, {
      userId: carol.userId,
      kind: 'zip',
      action: 'zip',
      prompt: '',
      params: { taskIds: [mine], urls: task.files.map((f) => f.url), name: 'late-{id}' },
      parentId: null,
      priceKey: null,
      providerId: null,
    });
    const done = await zipDone(carol, zip.id);
    expect(done.status).toBe(TaskStatus.failed);
    expect(done.error).toMatch(/storage is full/i);
    expect(await usedBy(carol.userId)).toBeLessThanOrEqual(QUOTA);
  });
});

describe('publishing to the market', () => {
  it('copies the example only when it fits in the storage quota', async () => {
    const dave = await fundedUser(t.app);
    const mine = await demoDrawing(t.app, dave, 'a green hill');
    const size = (await getTask(t.app.ctx, dave.userId, mine)).files.reduce(
      (s, f) => s + f.size,
      0,
    );
    await leaveRoom(dave, Math.floor(size * 1.5));
    const body = { taskId: mine, title: 'hill', description: '', categoryId: null, tags: [] };
    const first = await as(t.app, M.publishPrompt, dave.token, { body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await as(t.app, M.publishPrompt, dave.token, { body });
    expect(second.status, JSON.stringify(second.body)).toBe(413);
    expect(second.body.message).toMatch(/storage is full/i);
    expect(await usedBy(dave.userId)).toBeLessThanOrEqual(QUOTA);
  });
});
