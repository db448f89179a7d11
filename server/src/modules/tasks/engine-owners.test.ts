import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { createUser, type TestUser } from '../../test/users.js';
import { ledgerCheck, release } from '../credits/index.js';
import { storeFile, fileUrl } from '../files/index.js';
import { FAKE_KIND, FAKE_PRICE, fund, until } from '../../../test/task-support.js';
import {
  countActive,
  countByStatus,
  createTask,
  deleteTasks,
  getTask,
  getTasks,
  listTasks,
  queuePositions,
  redoTask,
} from './service.js';
import sharp from 'sharp';
import { t, balance, settled, upstream, submit, useEngineApp } from './engine.setup.js';

useEngineApp();

describe('task engine', () => {
  it("zips the owner's files and skips another user's", async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const mine = await storeFile(t.app.ctx, { userId: alice.userId, origin: 'upload', bytes: png });
    const theirs = await storeFile(t.app.ctx, { userId: bob.userId, origin: 'upload', bytes: png });
    const zipTask = await createTask(t.app.ctx, {
      userId: alice.userId,
      kind: 'zip',
      action: 'zip',
      prompt: '',
      params: { urls: [fileUrl(t.app.ctx, mine.key), fileUrl(t.app.ctx, theirs.key)] },
      priceKey: null,
      providerId: null,
    });
    const done = await settled(alice.userId, zipTask.id);
    expect(done.status).toBe(3);
    const res = await t.app.inject({ url: done.files[0]!.url });
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toEqual(['1.png']);

    const onlyTheirs = await createTask(t.app.ctx, {
      userId: alice.userId,
      kind: 'zip',
      action: 'zip',
      prompt: '',
      params: { urls: [fileUrl(t.app.ctx, theirs.key)] },
      priceKey: null,
      providerId: null,
    });
    expect((await settled(alice.userId, onlyTheirs.id)).status).toBe(4);
  });

  it('redoes a failed task in place: same id, new hold, its own timeout again', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream();
    u.failSubmits = 100;
    const failed = await settled(user.userId, (await submit(user, u)).id);
    expect(failed.status).toBe(4);
    u.failSubmits = 0;
    const again = await redoTask(t.app.ctx, user.userId, failed.id, { inPlace: true });
    expect(again.id).toBe(failed.id);
    expect(again.status).toBe(1);
    expect(again.error).toBeNull();
    expect(await balance(user.userId)).toBe(15);
    const done = await settled(user.userId, failed.id);
    expect(done.status).toBe(3);
    expect(done.files).toHaveLength(1);
    // Not failed any more: no second redo.
    await expect(
      redoTask(t.app.ctx, user.userId, failed.id, { inPlace: true }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await balance(user.userId)).toBe(15);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('deletes finished tasks only, unless asked to cancel running ones (refunded)', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const slow = await upstream(60_000);
    const running = await submit(user, slow);
    await until(async () => (await getTask(t.app.ctx, user.userId, running.id)).upstreamId);
    expect(await deleteTasks(t.app.ctx, user.userId, [running.id])).toBe(0);
    expect(await deleteTasks(t.app.ctx, other.userId, [running.id], { cancelRunning: true })).toBe(
      0,
    );
    expect(await balance(user.userId)).toBe(15);
    expect(await deleteTasks(t.app.ctx, user.userId, [running.id], { cancelRunning: true })).toBe(
      1,
    );
    expect(await balance(user.userId)).toBe(20);
    await expect(getTask(t.app.ctx, user.userId, running.id)).rejects.toMatchObject({
      status: 404,
    });
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('counts and lists only the owner’s tasks; positions and provider lines count everyone’s', async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    await fund(t.app, alice.userId, 50);
    await fund(t.app, bob.userId, 50);
    const slow = await upstream(60_000);
    const providerId = 424_242;
    const make = (user: TestUser, prompt: string) =>
      createTask(t.app.ctx, {
        userId: user.userId,
        kind: FAKE_KIND,
        action: 'imagine',
        prompt,
        params: { upstream: slow.url },
        priceKey: FAKE_PRICE,
        providerId,
        providerLimit: 1,
      });
    const first = await make(alice, 'a red fox');
    await until(async () => (await getTask(t.app.ctx, alice.userId, first.id)).upstreamId);
    // The provider runs one at a time: these wait, in order.
    const second = await make(bob, 'a blue whale');
    const third = await make(alice, 'a red kite');
    expect(await countByStatus(t.app.ctx, alice.userId, [FAKE_KIND])).toEqual({
      queued: 1,
      running: 1,
    });
    expect(await countActive(t.app.ctx, { kinds: [FAKE_KIND], providerId })).toBe(3);
    const positions = await queuePositions(t.app.ctx, [
      await getTask(t.app.ctx, alice.userId, first.id),
      await getTask(t.app.ctx, alice.userId, third.id),
    ]);
    expect(positions.get(first.id)).toBeUndefined();
    expect(positions.get(third.id)).toBeGreaterThanOrEqual(1); // bob's is ahead
    expect(
      (await getTasks(t.app.ctx, alice.userId, [first.id, second.id, third.id])).map((x) => x.id),
    ).toEqual([third.id, first.id]);
    const red = await listTasks(t.app.ctx, {
      userId: alice.userId,
      kinds: [FAKE_KIND],
      page: 1,
      size: 10,
      keyword: 'red',
      status: [1],
    });
    expect(red.rows.map((x) => x.id)).toEqual([third.id]);
    expect(red.countQueue).toBe(2);
    await deleteTasks(t.app.ctx, alice.userId, [first.id, third.id], { cancelRunning: true });
    await deleteTasks(t.app.ctx, bob.userId, [second.id], { cancelRunning: true });
    expect(await balance(alice.userId)).toBe(50);
    expect(await balance(bob.userId)).toBe(50);
  });

  it('keeps the result, charging nothing, when the hold was returned before success', async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const u = await upstream(300);
    const task = await submit(user, u);
    const { hold_id } = await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .select('hold_id')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    await release(t.app.ctx.db.kysely, { holdId: hold_id! });
    const done = await settled(user.userId, task.id);
    expect(done.status).toBe(3);
    expect(done.credits).toBe(0);
    expect(await balance(user.userId)).toBe(20);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });
});
