import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createTestApp, testDialect, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { claimTask, type ClaimedTask } from './claim.js';
import { markSucceededAndClaim, markSucceededAndTakeReserved } from './finish.js';
import type { RawTask } from './rows.js';
import { createTask, deleteTasks } from './service.js';

/*
 * The claim on its own, with many claimers at once as several worker processes would be (on
 * PostgreSQL with TEST_DB=postgres: no global lock, so this is where the limits could break).
 * No worker runs here: the tasks are only claimed, never run.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { tasks: { userLimit: 3, runInApi: false } } });
});
afterAll(async () => t.close());

const running = async () =>
  t.app.ctx.db.kysely
    .selectFrom('tasks')
    .select(['id', 'user_id', 'provider_id', 'lease_owner'])
    .where('status', '=', TaskStatus.running)
    .execute();

describe('task claim', () => {
  it('keeps the user and provider limits and never gives one task to two claimers', async () => {
    const ctx = t.app.ctx;
    // Five rounds (a race shows itself only now and then), each with users and providers of
    // its own. a: its provider allows 2 at once; b: its provider allows 5, the user limit (3)
    // binds; c: no provider, the user limit binds. Whatever the order: 2 + 3 + 3 running.
    let round: { a: TestUser; claimed: RawTask[] } | undefined;
    for (let r = 0; r < 5; r++) {
      const [a, b, c] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      const lines = [
        { user: a, providerId: 10 * r + 1, providerLimit: 2 },
        { user: b, providerId: 10 * r + 2, providerLimit: 5 },
        { user: c, providerId: null, providerLimit: 0 },
      ];
      for (let i = 0; i < 6; i++)
        for (const line of lines)
          await createTask(ctx, {
            userId: line.user.userId,
            kind: 'claim-test',
            action: 'run',
            prompt: `task ${i}`,
            params: {},
            priceKey: null,
            providerId: line.providerId,
            providerLimit: line.providerLimit,
          });

      const claimed: RawTask[] = [];
      const claimer = async (owner: string) => {
        for (;;) {
          const task = await claimTask(ctx, owner);
          if (task === undefined) return;
          if (task !== 'lost') claimed.push(task);
        }
      };
      await Promise.all(Array.from({ length: 24 }, (_, i) => claimer(`claimer-${r}-${i}`)));

      expect(new Set(claimed.map((x) => x.id)).size).toBe(claimed.length);
      const users = [a.userId, b.userId, c.userId];
      const now = (await running()).filter((x) => users.includes(x.user_id));
      expect(now.map((x) => x.id).sort()).toEqual(claimed.map((x) => x.id).sort());
      expect(users.map((id) => now.filter((x) => x.user_id === id).length)).toEqual([2, 3, 3]);
      round = { a, claimed };
    }

    // A finishing task hands its slot over: provider 1 is full, yet the worker ending one of
    // a's tasks takes a's next one as it ends it, and the count stays at 2.
    const { a, claimed } = round!;
    const mine = claimed.find((x) => x.user_id === a.userId)!;
    const { ended, next } = await markSucceededAndClaim(ctx, mine.lease_owner!, mine, []);
    expect(ended).toBe(true);
    expect(next).toMatchObject({
      user_id: a.userId,
      provider_id: mine.provider_id,
      lease_owner: mine.lease_owner,
    });
    const after = await running();
    expect(after.filter((x) => x.provider_id === mine.provider_id)).toHaveLength(2);
    expect(after).toHaveLength(5 * 8);
  });

  it('hand-overs at once, among other claims, keep the provider limit and the line', async () => {
    // Provider 900 allows 3 at once; 15 tasks of 3 users wait. Each round, the 3 running tasks
    // end, each claiming its successor (or taking the one reserved for it) in the same
    // statement, while 6 other claimers try too.
    const ctx = t.app.ctx;
    const users = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const line: number[] = [];
    for (let i = 0; i < 15; i++)
      line.push(
        (
          await createTask(ctx, {
            userId: users[i % 3]!.userId,
            kind: 'claim-test',
            action: 'run',
            prompt: `hand-over ${i}`,
            params: {},
            priceKey: null,
            providerId: 900,
            providerLimit: 3,
          })
        ).id,
      );
    const mineRunning = () =>
      ctx.db.kysely
        .selectFrom('tasks')
        .selectAll()
        .where('provider_id', '=', 900)
        .where('status', '=', TaskStatus.running)
        .orderBy('id')
        .execute() as Promise<RawTask[]>;
    const first: ClaimedTask[] = [];
    for (let i = 0; i < 3; i++) first.push((await claimTask(ctx, `first-${i}`)) as ClaimedTask);
    if (testDialect === 'postgres')
      // The claim that filled the provider reserved the next of the line for its slot.
      expect(first.map((h) => h.reservedNext?.id)).toEqual([undefined, undefined, line[3]]);
    /** Waiting tasks of provider 900 reserved for a slot (a live lease). */
    const reservedRows = () =>
      ctx.db.kysely
        .selectFrom('tasks')
        .selectAll()
        .where('provider_id', '=', 900)
        .where('status', '=', TaskStatus.queued)
        .where('lease_until', '>=', Date.now())
        .execute() as Promise<RawTask[]>;
    const ended: number[] = [];
    for (let round = 0; round < 4; round++) {
      // What runs, each with the task reserved for its slot (one per claimer here), ended as
      // the engine ends them: a task with a reservation hands its slot to it.
      const reservations = await reservedRows();
      const holders: ClaimedTask[] = (await mineRunning()).map((raw) => {
        const reservedNext = reservations.find((r) => r.lease_owner === raw.lease_owner);
        return reservedNext ? { ...raw, reservedNext } : raw;
      });
      expect(holders).toHaveLength(3);
      await Promise.all([
        ...holders.map((raw) =>
          (raw.reservedNext ? markSucceededAndTakeReserved : markSucceededAndClaim)(
            ctx,
            raw.lease_owner!,
            raw,
            [],
          ),
        ),
        ...Array.from({ length: 6 }, (_, i) => claimTask(ctx, `other-${round}-${i}`)),
      ]);
      ended.push(...holders.map((x) => x.id));
      // Three again, none beyond the limit, and none jumped the line: what ended, what runs
      // and what is reserved for a slot (it waits for that slot, while a slot that frees
      // first may go to a later task) are the head of the line. Hand-overs at once pass over
      // the rows each other hold (claimAfterEnd's `skip locked`), so one of them may take the
      // task after one another held and then left: at most the other two hand-overs' worth.
      const now = await mineRunning();
      expect(now).toHaveLength(3);
      const taken = [...ended, ...now.map((x) => x.id), ...(await reservedRows()).map((x) => x.id)];
      const head = line.slice(0, taken.length + holders.length - 1);
      expect(taken.filter((id) => !head.includes(id))).toEqual([]);
      expect(new Set(taken).size).toBe(taken.length);
    }
  });

  describe.runIf(testDialect === 'postgres')('reservations', () => {
    const task = (userId: number, providerId: number | null, providerLimit = 0) =>
      createTask(t.app.ctx, {
        userId,
        kind: 'claim-test',
        action: 'run',
        prompt: 'reserved',
        params: {},
        priceKey: null,
        providerId,
        providerLimit,
      });
    const row = (id: number) =>
      t.app.ctx.db.kysely
        .selectFrom('tasks')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const claimed = async (owner: string) => (await claimTask(t.app.ctx, owner)) as ClaimedTask;

    it("count towards their user's limit while live, and are taken only while live", async () => {
      // Provider 960 allows one at a time: u1's task a runs, u2's task b is reserved for its
      // slot; u2's tasks c, d, e have no provider, and the user limit is 3.
      const [u1, u2] = [await createUser(t.app), await createUser(t.app)];
      const a = await task(u1.userId, 960, 1);
      const b = await task(u2.userId, 960, 1);
      const [c, d, e] = [
        await task(u2.userId, null),
        await task(u2.userId, null),
        await task(u2.userId, null),
      ];
      const first = await claimed('w-a');
      expect(first.id).toBe(a.id);
      expect(first.reservedNext?.id).toBe(b.id);
      expect(await row(b.id)).toMatchObject({ status: TaskStatus.queued, lease_owner: 'w-a' });

      expect((await claimed('w-c')).id).toBe(c.id);
      expect((await claimed('w-d')).id).toBe(d.id);
      // u2 runs c and d, and b waits for a's slot: three, so e waits.
      expect(await claimTask(t.app.ctx, 'w-e')).toBeUndefined();

      // A reservation whose lease lapsed (its worker is gone) counts no more, and is not
      // taken by its worker any more: e runs, a ends, and b is lost to a's hand-over.
      await t.app.ctx.db.kysely
        .updateTable('tasks')
        .set({ lease_until: Date.now() - 1 })
        .where('id', '=', b.id)
        .execute();
      expect((await claimed('w-e')).id).toBe(e.id);
      const { ended, next } = await markSucceededAndTakeReserved(t.app.ctx, 'w-a', first, []);
      expect(ended).toBe(true);
      expect(next).toBe('lost');
      expect(await row(b.id)).toMatchObject({ status: TaskStatus.queued });
    });

    it("of the user's own slot take it at the user's limit, and are taken by the hand-over", async () => {
      // Provider 961 allows one at a time; u's tasks f and g use it, h and i have no provider.
      const u = await createUser(t.app);
      const f = await task(u.userId, 961, 1);
      const g = await task(u.userId, 961, 1);
      const [h, i] = [await task(u.userId, null), await task(u.userId, null)];
      const first = await claimed('w-f');
      expect(first.reservedNext?.id).toBe(g.id);
      expect((await claimed('w-h')).id).toBe(h.id);
      // f, h and the reserved g: u is at 3 (a reservation of its own slot counts too, while
      // it waits), so i waits.
      expect(await claimTask(t.app.ctx, 'w-i')).toBeUndefined();
      const { ended, next } = await markSucceededAndTakeReserved(t.app.ctx, 'w-f', first, []);
      expect(ended).toBe(true);
      expect(next).toMatchObject({ id: g.id, status: TaskStatus.running, lease_owner: 'w-f' });
      // f done, g and h run: i's turn.
      expect((await claimed('w-i')).id).toBe(i.id);
      expect(await row(f.id)).toMatchObject({ status: TaskStatus.succeeded });
    });

    it('are lost to their hand-over when the task was deleted meanwhile', async () => {
      const u = await createUser(t.app);
      await task(u.userId, 962, 1);
      const k = await task(u.userId, 962, 1);
      const first = await claimed('w-j');
      expect(first.reservedNext?.id).toBe(k.id);
      expect(await deleteTasks(t.app.ctx, u.userId, [k.id], { cancelRunning: true })).toBe(1);
      const { ended, next } = await markSucceededAndTakeReserved(t.app.ctx, 'w-j', first, []);
      expect({ ended, next }).toEqual({ ended: true, next: 'lost' });
    });
  });
});
