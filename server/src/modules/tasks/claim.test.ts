import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { claimTask } from './claim.js';
import { markSucceededAndClaim } from './finish.js';
import type { RawTask } from './rows.js';
import { createTask } from './service.js';

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
    // end, each claiming its successor in the same statement, while 6 other claimers try too.
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
    for (let i = 0; i < 3; i++) await claimTask(ctx, `first-${i}`);
    let ended = 0;
    for (let round = 0; round < 4; round++) {
      const before = await mineRunning();
      expect(before.map((x) => x.id)).toEqual(line.slice(ended, ended + 3));
      await Promise.all([
        ...before.map((raw) => markSucceededAndClaim(ctx, raw.lease_owner!, raw, [])),
        ...Array.from({ length: 6 }, (_, i) => claimTask(ctx, `other-${round}-${i}`)),
      ]);
      ended += 3;
      // Three again, and the next three of the line: none jumped it, none beyond the limit.
      expect((await mineRunning()).map((x) => x.id)).toEqual(line.slice(ended, ended + 3));
    }
  });
});
