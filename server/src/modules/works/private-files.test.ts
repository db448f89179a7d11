import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { market as M, works as W } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestUser } from '../../test/users.js';
import {
  draw,
  pngOf,
  quickTasks,
  settle,
  startWorkers,
  upload,
} from '../../../test/drawing-support.js';
import { as, fundedUser, ok } from './works.setup.js';

/**
 * What a published work and a market prompt show to others: never a link to the author's
 * private uploads (references, `--cref`), signed or not, whatever the stored row holds; and the
 * share page, whose tags carry the author's words, is never spliced by `$` patterns.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let uploadKey: string;
let taskId: number;

const keyOf = (url: string) => new URL(url, 'http://x').pathname.replace('/api/files/', '');

beforeAll(async () => {
  t = await createTestApp({
    config: { drawing: { demoStepMs: 5, pollMs: 20 }, tasks: quickTasks },
  });
  await startWorkers(t.app);
  [alice, bob] = await Promise.all([fundedUser(t.app), fundedUser(t.app)]);
  const picture = await upload(t.app, alice, await pngOf(200, 40, 40, 64));
  uploadKey = keyOf(picture.url);
  const q = await draw(t.app, alice.token, {
    type: 'imagine',
    prompt: 'a red boat',
    params: { seed: 7, imageUrls: [picture.url], crefUrls: [picture.url] },
  });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const done = await settle(t.app, alice.token, q.body.data.id, [], 60_000);
  expect(done.status, done.error ?? '').toBe(3);
  taskId = done.id;
}, 120_000);
afterAll(async () => t.close());

/** Whether an answer names the upload (a signed link to it opens it for days). */
const leaks = (data: unknown) => (JSON.stringify(data).includes(uploadKey) ? 'the upload' : '');

describe('references and public views', () => {
  it('stores references as file keys, never as signed links, and shows them signed to the owner', async () => {
    const row = await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .select('params')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(row.params).toContain(`/api/files/${uploadKey}`);
    expect(row.params).not.toMatch(/sig=/);
    const mine = await ok(t.app, W.workDetails, alice.token, { query: { id: taskId } });
    const flags = (mine.params as { flags: { imageUrls: string[] } }).flags;
    expect(flags.imageUrls).toHaveLength(1);
  });

  it('a published work and its market prompt show no link to the author’s upload', async () => {
    await ok(t.app, W.publish, alice.token, {
      body: { id: taskId, isPublic: true, title: 'Boat' },
    });
    const seen = await ok(t.app, W.workDetails, bob.token, { query: { id: taskId } });
    expect(leaks(seen)).toBe('');
    expect(seen.params).toMatchObject({ flags: { seed: 7 } });
    const anon = await ok(t.app, W.workDetails, null, { query: { id: taskId } });
    expect(leaks(anon)).toBe('');

    const pub = await callEndpoint(t.app, M.publishPrompt, {
      token: alice.token,
      body: { taskId, title: 'Boat prompt' },
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const id = pub.body.data.id;
    const stored = await t.app.ctx.db.kysely
      .selectFrom('market_prompts')
      .select('params')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.params).not.toContain(uploadKey);
    const detail = await callEndpoint(t.app, M.promptDetail, { query: { id } });
    expect(leaks(detail.body.data)).toBe('');
    expect(detail.body.data.example).not.toBeNull();
    const used = await callEndpoint(t.app, M.usePrompt, { token: bob.token, body: { id } });
    expect(leaks(used.body.data)).toBe('');
  });

  it('strips signed links that rows written before kept', async () => {
    const signed = `http://127.0.0.1:3000/api/files/${uploadKey}?exp=4102444800&sig=abcdefabcdefabcdefabcdefabcdefab`;
    const legacy = {
      modelId: 1,
      flags: { seed: 7, imageUrls: [signed], crefUrls: [signed] },
      images: [signed],
      finalPrompt: `a red boat --cref ${signed} --seed 7`,
    };
    await t.app.ctx.db.kysely
      .updateTable('tasks')
      .set({ params: JSON.stringify(legacy) })
      .where('id', '=', taskId)
      .execute();
    const { id } = (
      await callEndpoint(t.app, M.publishPrompt, {
        token: alice.token,
        body: { taskId, title: 'Boat again' },
      })
    ).body.data;
    await t.app.ctx.db.kysely
      .updateTable('market_prompts')
      .set({ params: JSON.stringify(legacy) })
      .where('id', '=', id)
      .execute();
    const seen = await ok(t.app, W.workDetails, bob.token, { query: { id: taskId } });
    expect(leaks(seen)).toBe('');
    expect(seen.params).toMatchObject({ finalPrompt: 'a red boat --seed 7', images: [] });
    const detail = await callEndpoint(t.app, M.promptDetail, { query: { id } });
    expect(leaks(detail.body.data)).toBe('');
    const list = await callEndpoint(t.app, W.square, { query: {} });
    expect(leaks(list.body.data)).toBe('');
  });
});

describe('market "most used"', () => {
  it('counts one use per user and prompt', async () => {
    const pub = await callEndpoint(t.app, M.publishPrompt, {
      token: alice.token,
      body: { prompt: 'Act as a ship captain', title: 'Captain' },
    });
    const id = pub.body.data.id;
    for (let i = 0; i < 5; i++)
      expect(
        (await callEndpoint(t.app, M.usePrompt, { token: bob.token, body: { id } })).body.data
          .useCount,
      ).toBe(1);
    const used = await Promise.all(
      Array.from({ length: 5 }, () =>
        callEndpoint(t.app, M.usePrompt, { token: alice.token, body: { id } }),
      ),
    );
    expect(used.every((r) => r.status === 200)).toBe(true);
    const detail = await callEndpoint(t.app, M.promptDetail, { query: { id } });
    expect(detail.body.data.useCount).toBe(2);
    expect(detail.body.data.collected).toBe(false);
  });
});

describe('share page', () => {
  it('writes titles with $ patterns as they are, never splicing the page', async () => {
    const id = taskId;
    const title = "$' and $& and $` end";
    await ok(t.app, W.publish, alice.token, {
      body: { id, isPublic: true, title, description: "cost $$5 $'" },
    });
    const page = await t.app.inject({ method: 'GET', url: `/s/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>$&#39; and $&amp; and $\` end</title>`);
    expect(page.body).toContain('content="cost $$5 $&#39;"');
    expect(page.body.match(/<!doctype/gi)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(page.body.match(/<head>/gi)).toHaveLength(1);
    expect((await as(t.app, W.workDetails, bob.token, { query: { id } })).status).toBe(200);
  });
});
