import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import {
  draw,
  pngOf,
  quickTasks,
  settle,
  startWorkers,
  upload,
} from '../../../test/drawing-support.js';
import { grant } from '../credits/index.js';

/**
 * A drawing's parameters come back to its owner with their references signed afresh. Only
 * the owner's own files may be signed so: a link to someone else's file written into a
 * drawing (even unsigned, or with a signature run out) must never come back as a working one.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    config: { drawing: { demoStepMs: 5, pollMs: 20 }, tasks: quickTasks },
  });
  await startWorkers(t.app);
  [alice, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
  await grant(t.app.ctx.db.kysely, {
    userId: alice.userId,
    amount: 100,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${alice.userId}`,
  });
});
afterAll(async () => t.close());

describe("someone else's file in a drawing", () => {
  it('never comes back signed to the drawer', async () => {
    const theirs = await upload(t.app, bob, await pngOf(5, 6, 7));
    const bare = theirs.url.split('?')[0]!;
    const q = await draw(t.app, alice.token, { type: 'imagine', prompt: `a cat --no ${bare}` });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const done = await settle(t.app, alice.token, q.body.data.id, [], 60_000);
    const shown = JSON.stringify(done);
    const signed = [...shown.matchAll(/\/api\/files\/[^"\s]*sig=[^"\s]*/g)].map((m) => m[0]);
    for (const link of signed.filter((l) => l.includes(bare.split('/api/files/')[1]!))) {
      const got = await t.app.inject({ url: link.replace(/^https?:\/\/[^/]+/, '') });
      expect(got.statusCode, link).not.toBe(200);
    }
    expect(signed.filter((l) => l.includes(bare.split('/api/files/')[1]!))).toEqual([]);
  });
});
