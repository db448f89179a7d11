import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import {
  addProxyModel,
  credits,
  draw,
  freePort,
  quickTasks,
  settle,
  startWorkers,
} from '../../../test/drawing-support.js';
import {
  startFakeMidjourneyProxy,
  type FakeMidjourneyProxy,
} from '../../../test/fakes/midjourney-proxy.js';
import {
  startFakeNovicezkProxy,
  type FakeNovicezkProxy,
} from '../../../test/fakes/midjourney-novicezk.js';
import {
  startFakeNewApiRelay,
  type FakeNewApiRelay,
} from '../../../test/fakes/midjourney-newapi.js';
import { grant } from '../credits/index.js';
import { texts } from './messages.js';

/**
 * The three midjourney-proxy shapes (docs/drawing.md, Upstream variants): the open-source
 * novicezk v2.6 (no buttons: U/V/reroll through `change`), New API's relay (its mode prefix,
 * its token, its envelope, its picture proxy) and the forks' code 21 read as "modal" or
 * "already exists".
 */
let t: TestApp;
let novicezk: FakeNovicezkProxy;
let plus: FakeMidjourneyProxy;
let relay: FakeNewApiRelay;
let plusRelay: FakeNewApiRelay;
let admin: TestUser;
let alice: TestUser;
const models = { novicezk: 0, plus: 0, newapi: 0, newapiPlus: 0 };
const PRICES = { imagine: 5, upscale: 2, variation: 4, reroll: 3, zoom: 3, inpaint: 3 };

const imagine = async (modelId: number, prompt: string, params: D.MjParams = {}) => {
  const r = await draw(t.app, alice.token, { type: 'imagine', modelId, prompt, params });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return settle(t.app, alice.token, r.body.data.id);
};
const button = (task: D.DrawTask, label: string) => {
  const b = task.buttons.find((x) => (x.label || x.emoji) === label);
  expect(b, `${label} in ${JSON.stringify(task.buttons)}`).toBeTruthy();
  return b!.customId;
};
const press = async (task: D.DrawTask, label: string, extra: object = {}) => {
  const r = await draw(t.app, alice.token, {
    type: 'action',
    taskId: task.id,
    customId: button(task, label),
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return settle(t.app, alice.token, r.body.data.id);
};
const said = (text: Record<string, string>, error: string | null) =>
  Object.values(text).some((x) => error?.includes(x));

beforeAll(async () => {
  const port = await freePort();
  [novicezk, plus, t] = await Promise.all([
    startFakeNovicezkProxy({ stepMs: 15 }),
    startFakeMidjourneyProxy({ stepMs: 15 }),
    createTestApp({
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
      config: { drawing: { demoStepMs: 20, pollMs: 30 }, tasks: quickTasks },
    }),
  ]);
  // New API's own address as it was configured: not where we reach it.
  [relay, plusRelay] = await Promise.all([
    startFakeNewApiRelay({ channel: novicezk, serverAddress: 'http://newapi.invalid' }),
    startFakeNewApiRelay({ channel: plus, serverAddress: 'http://newapi.invalid' }),
  ]);
  await startWorkers(t.app);
  await t.app.listen({ port, host: '127.0.0.1' });
  [admin, alice] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app)]);
  const add = async (
    name: string,
    proxy: { url: string; secret: string },
    protocol: 'midjourney' | 'midjourney-novicezk' | 'midjourney-newapi',
  ) => (await addProxyModel(t.app, admin.token, proxy, { name, protocol, prices: PRICES })).modelId;
  models.novicezk = await add('zk', novicezk, 'midjourney-novicezk');
  models.plus = await add('plus', plus, 'midjourney');
  models.newapi = await add('na', { url: relay.url, secret: relay.token }, 'midjourney-newapi');
  models.newapiPlus = await add(
    'naplus',
    { url: plusRelay.url, secret: plusRelay.token },
    'midjourney-newapi',
  );
  await grant(t.app.ctx.db.kysely, {
    userId: alice.userId,
    amount: 1000,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${alice.userId}`,
  });
});

afterAll(async () => {
  await Promise.all([relay.close(), plusRelay.close(), novicezk.close(), plus.close()]);
  await t.close();
});

describe('novicezk/midjourney-proxy v2.6 (no buttons, no action, no modal)', () => {
  let grid: D.DrawTask;

  it('offers U1–U4, V1–V4 and reroll and sends them as /mj/submit/change', async () => {
    grid = await imagine(models.novicezk, 'a plain fox');
    expect(grid.status, grid.error ?? '').toBe(3);
    // The web offers no remix for it: v2.6's change takes no prompt.
    expect(grid.remix).toBe(false);
    expect(grid.buttons.map((b) => b.label || b.emoji)).toEqual([
      'U1',
      'U2',
      'U3',
      'U4',
      '🔄',
      'V1',
      'V2',
      'V3',
      'V4',
    ]);
    const [u2, v3, reroll] = await Promise.all([
      press(grid, 'U2'),
      press(grid, 'V3'),
      press(grid, '🔄'),
    ]);
    for (const done of [u2, v3, reroll]) expect(done.status, done.error ?? '').toBe(3);
    const changes = novicezk.submitsTo('/mj/submit/change').map((s) => s.body);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'UPSCALE', index: 2 }),
        expect.objectContaining({ action: 'VARIATION', index: 3 }),
        expect.objectContaining({ action: 'REROLL' }),
      ]),
    );
    expect(changes.every((c) => novicezk.tasks.get(String(c.taskId))?.action === 'IMAGINE')).toBe(
      true,
    );
    expect(novicezk.requests.some((r) => /submit\/(action|modal)$/.test(r.path))).toBe(false);
    // An upscale cannot be changed on v2.6 (and a variation's grid can).
    expect(u2.action).toBe('upscale');
    expect(u2.buttons).toEqual([]);
    expect(v3.buttons.map((b) => b.label).filter(Boolean)).toContain('U1');
  });

  it('refuses a remix prompt (change takes none) and offers no speeds', async () => {
    const r = await draw(t.app, alice.token, {
      type: 'action',
      taskId: grid.id,
      customId: button(grid, 'V1'),
      prompt: 'a different fox',
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.data)).toContain('prompt');
    const list = await call<{ rows: Array<{ id: number; modes: string[] }> }>(t.app, {
      method: 'GET',
      url: '/api/autoreply/queryMjModel',
      headers: bearer(alice.token),
    });
    const byId = new Map(list.body.data.rows.map((m) => [m.id, m.modes]));
    expect(byId.get(models.novicezk)).toEqual([]);
    expect(byId.get(models.newapi)).toEqual(['fast', 'relax', 'turbo']);
  });

  it('turns its refusals (4, 3, 23, 24) into the user’s words and charges nothing', async () => {
    const before = await credits(t.app, alice.token);
    novicezk.refuseNext.push({ code: 4, description: 'base64格式错误' });
    const invalid = await imagine(models.novicezk, 'an invalid fox');
    expect(said(texts.upstreamInvalid, invalid.error)).toBe(true);
    novicezk.refuseNext.push({ code: 3, description: '无可用的账号实例' });
    const noAccount = await imagine(models.novicezk, 'a lonely fox');
    expect(said(texts.upstreamNotFound, noAccount.error)).toBe(true);
    const banned = await imagine(models.novicezk, 'a bannedword fox');
    expect(banned.error).toContain('bannedword');
    novicezk.queueFullNext = 100;
    try {
      const full = await imagine(models.novicezk, 'a queued fox');
      expect(said(texts.upstreamQueueFull, full.error)).toBe(true);
    } finally {
      novicezk.queueFullNext = 0;
    }
    expect(await credits(t.app, alice.token)).toBe(before);
  });
});

describe('New API’s Midjourney relay', () => {
  it('keeps the mode prefix, sends its token, and reads pictures through its /mj/image proxy', async () => {
    const grid = await imagine(models.newapi, 'a relayed fox', { mode: 'relax' });
    expect(grid.status, grid.error ?? '').toBe(3);
    const sent = relay.submits.at(-1)!;
    expect(sent.path).toBe('/mj/submit/imagine');
    expect(sent.mode).toBe('relax');
    const asked = relay.requests.filter((r) => r.path === '/relax/mj/submit/imagine');
    expect(asked.map((r) => r.authorization)).toEqual([`Bearer ${relay.token}`]);
    expect(relay.requests.some((r) => /^\/relax\/mj\/task\/\d+\/fetch$/.test(r.path))).toBe(false);
    // The channel got it without our notify hook (New API drops it): progress came by polling.
    const upstream = novicezk.lastSubmit();
    expect(String(upstream.body.state)).toBe(String(grid.id));
    expect(upstream.body.notifyHook).toBeUndefined();
    // Its picture came from the relay we reach, not from the address New API names.
    expect(relay.imageRequests.length).toBe(1);
    expect(grid.images).toHaveLength(1);
    // Its channel is a v2.6 (no buttons): U/V/reroll go through change, with the mode.
    const rerolled = await press(grid, '🔄');
    expect(rerolled.status, rerolled.error ?? '').toBe(3);
    const change = relay.submits.at(-1)!;
    expect(change).toMatchObject({ path: '/mj/submit/change', mode: 'relax' });
    expect(change.body).toMatchObject({ action: 'REROLL', index: 1 });
  });

  it('opens the modal when a fork behind it waits for one, though New API answered code 1', async () => {
    plus.remix = true;
    try {
      const grid = await imagine(models.newapiPlus, 'a fox behind New API');
      const v = await press(grid, 'V2', { prompt: 'a blue fox behind New API' });
      expect(v.status, v.error ?? '').toBe(3);
      expect(plusRelay.submits.map((s) => s.path)).toEqual(
        expect.arrayContaining(['/mj/submit/action', '/mj/submit/modal']),
      );
      expect(plus.submitsTo('/mj/submit/modal').at(-1)!.body.prompt).toBe(
        'a blue fox behind New API',
      );
    } finally {
      plus.remix = false;
    }
  });

  it('a wrong token fails the drawing and charges nothing', async () => {
    const before = await credits(t.app, alice.token);
    const r = await call<{ rows: Array<{ id: number; name: string }> }>(t.app, {
      method: 'GET',
      url: '/api/admin/chat/providers',
      headers: bearer(admin.token),
    });
    const id = r.body.data.rows.find((p) => p.name === 'na')!.id;
    const set = (apiKey: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/admin/chat/providers/update',
        headers: bearer(admin.token),
        payload: { id, apiKey },
      });
    await set('sk-wrong');
    try {
      const done = await imagine(models.newapi, 'a locked fox');
      expect(done.status).toBe(4);
    } finally {
      await set(relay.token);
    }
    expect(await credits(t.app, alice.token)).toBe(before);
  });
});

describe('code 21 of a fork: modal or already there', () => {
  it('follows the existing task when 21 says it exists, without a modal', async () => {
    const grid = await imagine(models.plus, 'a twice pressed fox');
    expect(grid.remix).toBe(true);
    const first = await press(grid, 'U1');
    expect(first.status, first.error ?? '').toBe(3);
    plus.existsNext = 1;
    const modals = plus.submitsTo('/mj/submit/modal').length;
    const again = await press(grid, 'U1');
    expect(again.status, again.error ?? '').toBe(3);
    expect(plus.submitsTo('/mj/submit/modal').length).toBe(modals);
    expect(again.images).toHaveLength(1);
  });
});
