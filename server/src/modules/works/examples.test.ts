import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { market as M, works as W } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { prepareDatabase } from '../../boot.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { ok } from './works.setup.js';

/**
 * A fresh install's examples (docs/works.md): example works on the square and example prompts
 * in the market, marked; the operator removes them in one call and they do not come back.
 */
let t: TestApp;

beforeAll(async () => {
  // The harness turns them off for every other test; this one starts as a new site does.
  t = await createTestApp({ env: { SEED_EXAMPLES: 'true' } });
}, 180_000);
afterAll(async () => t.close());

describe('examples of a fresh install', () => {
  it('fills the square and the market with marked examples, removed in one call for good', async () => {
    const square = await ok(t.app, W.square, null, { query: { page: 1, size: 20 } });
    expect(square.count).toBe(6);
    expect(square.rows.every((w) => w.isExample === true && w.files.length === 1)).toBe(true);
    expect(square.rows[0]!.cover!.width).toBeGreaterThan(0);
    const prompts = await ok(t.app, M.listPrompts, null, { query: { page: 1, size: 20 } });
    expect(prompts.count).toBe(3);
    expect(prompts.rows.every((p) => p.isExample === true && p.example !== null)).toBe(true);

    const operator = await createUser(t.app, { role: 'admin' });
    expect(await ok(t.app, A.examplesState, operator.token)).toEqual({ works: 6, prompts: 3 });
    expect(await ok(t.app, A.removeExamples, operator.token, { body: {} })).toEqual({
      works: 6,
      prompts: 3,
    });
    expect((await ok(t.app, W.square, null, { query: { page: 1, size: 20 } })).count).toBe(0);
    expect((await ok(t.app, M.listPrompts, null, { query: { page: 1, size: 20 } })).count).toBe(0);

    // A restart does not make them again.
    await prepareDatabase(t.app.ctx);
    expect(await ok(t.app, A.examplesState, operator.token)).toEqual({ works: 0, prompts: 0 });
  });
});
