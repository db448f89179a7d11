import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { ensureFakePrice, FAKE_PRICE, fund } from '../../../test/task-support.js';
import { ledgerCheck, release, settle } from '../credits/index.js';
import { claimTask } from './claim.js';
import { chargeOf, markSucceeded, markSucceededAndClaim } from './finish.js';
import { createTask } from './service.js';

describe('charge of a part delivered', () => {
  it('charges the whole price without a share, pro rata with one, rounded down', () => {
    expect(chargeOf(10)).toBe(10);
    expect(chargeOf(10, { delivered: 2, of: 2 })).toBe(10);
    expect(chargeOf(10, { delivered: 1, of: 2 })).toBe(5);
    expect(chargeOf(5, { delivered: 1, of: 2 })).toBe(2);
    expect(chargeOf(10, { delivered: 0, of: 2 })).toBe(0);
    expect(chargeOf(10, { delivered: 3, of: 2 })).toBe(10);
  });
});

/*
 * The end of a task with its settle (one statement on PostgreSQL), where the hold is no longer
 * held: no worker runs here; the task is claimed and ended by hand.
 */
describe('a task that succeeds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { tasks: { runInApi: false } } });
    await ensureFakePrice(t.app);
  });
  afterAll(async () => t.close());

  const claimedTask = async () => {
    const user = await createUser(t.app);
    await fund(t.app, user.userId, 20);
    const task = await createTask(t.app.ctx, {
      userId: user.userId,
      kind: 'finish-test',
      action: 'gen',
      prompt: 'a kite',
      params: {},
      priceKey: FAKE_PRICE,
      providerId: null,
    });
    const claimed = await claimTask(t.app.ctx, `owner-${task.id}`);
    if (!claimed || claimed === 'lost' || claimed.id !== task.id) throw new Error('not claimed');
    return { user, raw: claimed };
  };
  const after = async (userId: number, id: number) => ({
    task: await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .select(['status', 'credits'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    balance: (await t.app.ctx.balances.read(userId)).credits,
  });

  it('is charged its price, once, and hands its slot to the next claim', async () => {
    const { user, raw } = await claimedTask();
    const { ended, next } = await markSucceededAndClaim(t.app.ctx, raw.lease_owner!, raw, [], {});
    expect(ended).toBe(true);
    expect(next).toBeUndefined(); // nothing else waits
    expect(await after(user.userId, raw.id)).toEqual({
      task: { status: TaskStatus.succeeded, credits: 5 },
      balance: 15,
    });
    // Ended once: the same end again (a lease lost meanwhile) changes nothing, claims nothing.
    const { raw: waiting } = await claimedTask();
    await t.app.ctx.db.kysely
      .updateTable('tasks')
      .set({ status: TaskStatus.queued, lease_owner: null, lease_until: null })
      .where('id', '=', waiting.id)
      .execute();
    expect(await markSucceededAndClaim(t.app.ctx, raw.lease_owner!, raw, [])).toEqual({
      ended: false,
      next: undefined,
    });
    expect(await markSucceeded(t.app.ctx, raw.lease_owner!, raw, [])).toBe(false);
    expect((await after(user.userId, raw.id)).balance).toBe(15);
    expect((await after(user.userId, waiting.id)).task.status).toBe(TaskStatus.queued);
    // Out of the next tests' way.
    await release(t.app.ctx.db.kysely, { holdId: waiting.hold_id! });
    await t.app.ctx.db.kysely
      .updateTable('tasks')
      .set({ status: TaskStatus.failed })
      .where('id', '=', waiting.id)
      .execute();
  });

  it('keeps the result unpaid when its hold was returned (it outlived its time)', async () => {
    const { user, raw } = await claimedTask();
    await release(t.app.ctx.db.kysely, { holdId: raw.hold_id! });
    expect(await markSucceeded(t.app.ctx, raw.lease_owner!, raw, [])).toBe(true);
    expect(await after(user.userId, raw.id)).toEqual({
      task: { status: TaskStatus.succeeded, credits: 0 },
      balance: 20,
    });
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('charges once when its hold was settled already', async () => {
    const { user, raw } = await claimedTask();
    await settle(t.app.ctx.db.kysely, { holdId: raw.hold_id!, actualAmount: 5 });
    expect(await markSucceeded(t.app.ctx, raw.lease_owner!, raw, [])).toBe(true);
    expect(await after(user.userId, raw.id)).toEqual({
      task: { status: TaskStatus.succeeded, credits: 5 },
      balance: 15,
    });
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });
});
