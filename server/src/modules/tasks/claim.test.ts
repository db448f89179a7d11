import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import { claimTask } from './claim.js';
import { markSucceeded } from './finish.js';
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
    let next: RawTask | 'lost' | undefined;
    const ended = await markSucceeded(
      ctx,
      mine.lease_owner!,
      mine,
      [],
      {},
      undefined,
      async (trx) => {
        next = await claimTask(ctx, 'hand-over', trx);
      },
    );
    expect(ended).toBe(true);
    expect(next).toMatchObject({
      user_id: a.userId,
      provider_id: mine.provider_id,
      lease_owner: 'hand-over',
    });
    const after = await running();
    expect(after.filter((x) => x.provider_id === mine.provider_id)).toHaveLength(2);
    expect(after).toHaveLength(5 * 8);
  });
});
