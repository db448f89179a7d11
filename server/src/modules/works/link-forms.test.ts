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
 * A link to a private file need not be written `/api/files/<key>` to open it: a browser
 * resolves `/api/./files/…`, `/api/x/../files/…`, `%2e` segments and backslashes to the same
 * address before it asks, and the router reads `/api/%66iles/…` as `/api/files/…`. Whatever form the author wrote, a published work and its market
 * prompt carry neither the upload's key nor its signature.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let key: string;
let taskId: number;
let signed: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { drawing: { demoStepMs: 5, pollMs: 20 }, tasks: quickTasks },
  });
  await startWorkers(t.app);
  [alice, bob] = await Promise.all([fundedUser(t.app), fundedUser(t.app)]);
  const picture = await upload(t.app, alice, await pngOf(200, 40, 40, 64));
  const u = new URL(picture.url, 'https://atelier.example');
  key = u.pathname.replace('/api/files/', '');
  signed = u.search;
  const forms = [
    `https://atelier.example/api/./files/${key}${signed}`,
    `https://atelier.example/api/x/../files/${key}${signed}`,
    `https://atelier.example/api/%2e/files/${key}${signed}`,
    `https://atelier.example/api/%66iles/${key}${signed}`,
    `https://atelier.example\\api\\files\\${key}${signed}`,
  ];
  const q = await draw(t.app, alice.token, {
    type: 'imagine',
    prompt: `${forms.join(' ')} a red boat`,
    params: { seed: 7, imageUrls: [forms[0], forms[1]], crefUrls: [forms[2]] },
  });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const done = await settle(t.app, alice.token, q.body.data.id, [], 60_000);
  expect(done.status, done.error ?? '').toBe(3);
  taskId = done.id;
}, 120_000);
afterAll(async () => t.close());

/** Whether an answer names the upload or carries its signature. */
const leaks = (data: unknown) => {
  const text = JSON.stringify(data).replace(/\\\\/g, '\\');
  const found = [];
  if (text.includes(key.split('/').at(-1)!)) found.push('key');
  if (text.includes(signed.slice(1))) found.push('signature');
  return found;
};

describe('links to a private file in any form', () => {
  it('are stored without their signature', async () => {
    const row = await t.app.ctx.db.kysely
      .selectFrom('tasks')
      .select('params')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(row.params).not.toMatch(/sig=/);
  });

  it('never reach a published work or a market prompt', async () => {
    await ok(t.app, W.publish, alice.token, { body: { id: taskId, isPublic: true, title: 'B' } });
    const seen = await ok(t.app, W.workDetails, bob.token, { query: { id: taskId } });
    expect(leaks(seen)).toEqual([]);
    expect(JSON.stringify(seen)).toContain('a red boat');
    const pub = await callEndpoint(t.app, M.publishPrompt, {
      token: alice.token,
      body: { taskId, title: 'Boat prompt' },
    });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const detail = await callEndpoint(t.app, M.promptDetail, { query: { id: pub.body.data.id } });
    expect(leaks(detail.body.data)).toEqual([]);
    const list = await callEndpoint(t.app, W.square, { query: {} });
    expect(leaks(list.body.data)).toEqual([]);
    void as;
  });
});

describe('reading links in text', () => {
  it('leaves text that only looks like a path alone, and writes kept links one way', async () => {
    const { unsignFileLinks, withoutPrivateFiles } = await import('../files/index.js');
    const text = 'mix 1/2 cup, see /notes/a.txt and https://example.com/api/filesx/a.png';
    expect(unsignFileLinks(text)).toBe(text);
    expect(withoutPrivateFiles(text, new Set())).toBe(text);
    const kept = 'u/1/abc.png';
    expect(
      withoutPrivateFiles(
        `a https://h.example/api/./files/${kept}?exp=1&sig=x --cref /api/files/u/2/b.png --seed 3`,
        new Set([kept]),
      ),
    ).toBe(`a https://h.example/api/files/${kept} --seed 3`);
    expect(unsignFileLinks(`see:/api\\files\\${kept}?exp=1&sig=x`)).toBe(`see:/api/files/${kept}`);
  });
});
