import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call, createTestApp, type TestApp } from '../../test/harness.js';
import { createUser, type TestUser } from '../../test/users.js';
import {
  startFakeMidjourneyProxy,
  type FakeMidjourneyProxy,
} from '../../../test/fakes/midjourney-proxy.js';
import { grant } from '../credits/index.js';
import {
  credits,
  draw,
  freePort,
  pngOf,
  quickTasks,
  settle,
  startWorkers,
  status,
  upload,
} from '../../../test/drawing-support.js';

/**
 * Every Midjourney action through a fake midjourney-proxy on loopback: what the proxy received
 * (paths, bodies, customIds, the secret), progress, notify hooks, failures and refunds.
 */
let t: TestApp;
let fake: FakeMidjourneyProxy;
let port: number;
let admin: TestUser;
let alice: TestUser;
let modelId: number;
const PRICE = { imagine: 5, upscale: 2, variation: 4, other: 3 };

beforeAll(async () => {
  port = await freePort();
  [fake, t] = await Promise.all([
    startFakeMidjourneyProxy({ stepMs: 20 }),
    createTestApp({
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
      config: { drawing: { demoStepMs: 20, pollMs: 40 }, tasks: quickTasks },
    }),
  ]);
  await startWorkers(t.app);
  await t.app.listen({ port, host: '127.0.0.1' });
  [admin, alice] = await Promise.all([createUser(t.app, { role: 'admin' }), createUser(t.app)]);
  const h = bearer(admin.token);
  const provider = await call<{ id: number }>(t.app, {
    method: 'POST',
    url: '/api/admin/chat/providers/create',
    headers: h,
    payload: { name: 'mj-fake', protocol: 'midjourney', baseUrl: fake.url, apiKey: fake.secret },
  });
  const model = await call<{ id: number }>(t.app, {
    method: 'POST',
    url: '/api/admin/chat/models/create',
    headers: h,
    payload: {
      name: 'MJ (fake proxy)',
      upstreamModel: 'trueai',
      providerId: provider.body.data.id,
      kind: 'image',
      priceKey: 'fakemj:imagine',
    },
  });
  modelId = model.body.data.id;
  const actions: Array<[string, number]> = [
    ['imagine', PRICE.imagine],
    ['upscale', PRICE.upscale],
    ['variation', PRICE.variation],
    ...['reroll', 'zoom', 'pan', 'upscale_hd', 'inpaint', 'blend', 'describe', 'faceswap'].map(
      (a) => [a, PRICE.other] as [string, number],
    ),
  ];
  for (const [action, amount] of actions)
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/credits/prices/create',
      headers: h,
      payload: {
        model: 'fakemj',
        action,
        category: 'image',
        label: `fake ${action}`,
        credits: amount,
      },
    });
  await grant(t.app.ctx.db.kysely, {
    userId: alice.userId,
    amount: 1000,
    kind: 'admin_adjust',
    ref: 'test',
    idempotencyKey: `test:${alice.userId}`,
  });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const imagine = async (prompt: string, params: D.MjParams = {}) => {
  const r = await draw(t.app, alice.token, { type: 'imagine', modelId, prompt, params });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const press = async (task: D.DrawTask, label: RegExp | string, extra: object = {}) => {
  const button = task.buttons.find((b) =>
    typeof label === 'string' ? b.customId.startsWith(label) : label.test(b.label),
  );
  expect(button, `${String(label)} in ${JSON.stringify(task.buttons)}`).toBeTruthy();
  const r = await draw(t.app, alice.token, {
    type: 'action',
    taskId: task.id,
    customId: button!.customId,
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { queued: r.body.data, customId: button!.customId };
};
/** The upstream submit whose body carries our task id as `state`. */
const submitOf = (taskId: number) =>
  fake.submits.find((s) => String(s.body.state) === String(taskId))!;

describe('Midjourney through midjourney-proxy', () => {
  let grid: D.DrawTask;
  let upscaled: D.DrawTask;

  it('imagines with every flag, references as links, image prompts as base64, and the notify hook', async () => {
    const ref = await upload(t.app, alice, await pngOf(200, 30, 30));
    const before = await credits(t.app, alice.token);
    const queued = await imagine('a red fox --c 20', {
      aspect: '16:9',
      version: '6.1',
      style: 'raw',
      stylize: 250,
      quality: 1,
      seed: 7,
      no: 'text',
      tile: true,
      imageUrls: [ref.url],
      imageWeight: 1.5,
      crefUrls: [ref.url],
      cw: 50,
      srefUrls: [ref.url],
      sw: 200,
      mode: 'relax',
    });
    expect(queued.status).toBeLessThanOrEqual(2);
    const seen: number[] = [];
    grid = await settle(t.app, alice.token, queued.id, seen);
    expect(grid.status, grid.error ?? '').toBe(3);
    const sent = submitOf(queued.id);
    expect(sent.path).toBe('/mj/submit/imagine');
    expect(sent.mode).toBe('relax');
    expect(sent.secret).toBe(fake.secret);
    const prompt = String(sent.body.prompt);
    expect(prompt).toContain(
      'a red fox --ar 16:9 --v 6.1 --style raw --s 250 --c 20 --q 1 --seed 7 --no text --tile --iw 1.5',
    );
    expect(prompt).toContain(`--cref http://127.0.0.1:${port}${ref.url}`);
    expect(prompt).toContain('--cw 50');
    expect(prompt).toContain(`--sref http://127.0.0.1:${port}${ref.url}`);
    expect(sent.body.base64Array).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]);
    expect(sent.body.botType).toBe('MID_JOURNEY');
    expect(String(sent.body.notifyHook)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/api/mj/notify\\?secret=`),
    );
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
    expect(grid.images).toHaveLength(1);
    expect(grid.images[0]!.url).toMatch(/^\/api\/(drawing\/)?files\//);
    expect(grid.credits).toBe(PRICE.imagine);
    expect(await credits(t.app, alice.token)).toBe(before - PRICE.imagine);
    expect(fake.deliveries.length).toBeGreaterThan(0);
    expect(fake.deliveries.every((d) => d.status === 200)).toBe(true);
  });

  it('sends niji as the NIJI_JOURNEY bot', async () => {
    const q = await imagine('a cat', { niji: '6' });
    await settle(t.app, alice.token, q.id);
    const sent = submitOf(q.id);
    expect(sent.body.botType).toBe('NIJI_JOURNEY');
    expect(String(sent.body.prompt)).toContain('--niji 6');
  });

  it('U1–U4, V1–V4 and reroll send the grid’s customIds', async () => {
    const presses = await Promise.all(
      ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4'].map((l) =>
        press(grid, new RegExp(`^${l}$`)),
      ),
    );
    presses.push(await press(grid, 'MJ::JOB::reroll::0::'));
    const done = await Promise.all(presses.map((p) => settle(t.app, alice.token, p.queued.id)));
    for (const [i, p] of presses.entries()) {
      const sent = submitOf(p.queued.id);
      expect(sent.path).toBe('/mj/submit/action');
      expect(sent.body.customId).toBe(p.customId);
      expect(done[i]!.status, done[i]!.error ?? '').toBe(3);
      expect(done[i]!.parentId).toBe(grid.id);
    }
    expect(done.slice(0, 4).map((d) => d.action)).toEqual([
      'upscale',
      'upscale',
      'upscale',
      'upscale',
    ]);
    expect(done[4]!.action).toBe('variation');
    expect(done[8]!.action).toBe('reroll');
    upscaled = done[0]!;
    expect(upscaled.buttons.map((b) => b.label).filter(Boolean)).toEqual(
      expect.arrayContaining([
        'Upscale (Subtle)',
        'Upscale (Creative)',
        'Vary (Strong)',
        'Vary (Subtle)',
        'Vary (Region)',
        'Zoom Out 2x',
        'Zoom Out 1.5x',
        'Custom Zoom',
      ]),
    );
  });

  it('upscale subtle/creative, vary strong/subtle, zoom 2×/1.5×, pan ×4 send their customIds', async () => {
    const prefixes = [
      'MJ::JOB::upsample_v6_2x_subtle::1::',
      'MJ::JOB::upsample_v6_2x_creative::1::',
      'MJ::JOB::high_variation::1::',
      'MJ::JOB::low_variation::1::',
      'MJ::Outpaint::50::1::',
      'MJ::Outpaint::75::1::',
      'MJ::JOB::pan_left::1::',
      'MJ::JOB::pan_right::1::',
      'MJ::JOB::pan_up::1::',
      'MJ::JOB::pan_down::1::',
    ];
    const before = await credits(t.app, alice.token);
    const presses = await Promise.all(prefixes.map((p) => press(upscaled, p)));
    const done = await Promise.all(presses.map((p) => settle(t.app, alice.token, p.queued.id)));
    for (const [i, p] of presses.entries()) {
      expect(submitOf(p.queued.id).body.customId).toBe(p.customId);
      expect(done[i]!.status, done[i]!.error ?? '').toBe(3);
    }
    expect(done.map((d) => d.action)).toEqual([
      'upscale_subtle',
      'upscale_creative',
      'high_variation',
      'low_variation',
      'zoom',
      'zoom',
      'pan',
      'pan',
      'pan',
      'pan',
    ]);
    const charged = PRICE.other * 2 + PRICE.variation * 2 + PRICE.other * 6;
    expect(await credits(t.app, alice.token)).toBe(before - charged);
  });

  it('custom zoom and vary region go through the modal with the prompt and the mask', async () => {
    const zoom = await press(upscaled, 'MJ::CustomZoom::', { zoom: 1.8 });
    const mask = (await pngOf(255, 255, 255)).toString('base64');
    const region = await press(upscaled, 'MJ::Inpaint::1::', {
      prompt: 'a fox wearing a hat',
      maskBase64: `data:image/png;base64,${mask}`,
    });
    const [z, r] = await Promise.all([
      settle(t.app, alice.token, zoom.queued.id),
      settle(t.app, alice.token, region.queued.id),
    ]);
    expect([z.status, r.status]).toEqual([3, 3]);
    const modals = fake.submitsTo('/mj/submit/modal');
    const zoomModal = modals.find((m) => String(m.body.prompt).includes('--zoom 1.8'))!;
    expect(String(zoomModal.body.prompt)).toMatch(/^a red fox .*--zoom 1\.8$/);
    const regionModal = modals.find((m) => m.body.maskBase64)!;
    expect(regionModal.body.maskBase64).toBe(mask);
    expect(regionModal.body.prompt).toBe('a fox wearing a hat');
    expect(r.action).toBe('inpaint');
    // Vary region without a mask is refused before anything is queued.
    const noMask = await draw(t.app, alice.token, {
      type: 'action',
      taskId: upscaled.id,
      customId: region.customId,
    });
    expect(noMask.status).toBe(400);
  });

  it('remix: a variation with a new prompt is sent through the modal', async () => {
    fake.remix = true;
    try {
      const v = await press(grid, /^V2$/, { prompt: 'a blue fox --ar 16:9' });
      const done = await settle(t.app, alice.token, v.queued.id);
      expect(done.status, done.error ?? '').toBe(3);
      const modal = fake.submitsTo('/mj/submit/modal').at(-1)!;
      expect(modal.body.prompt).toBe('a blue fox --ar 16:9');
      expect(done.prompt).toBe('a blue fox --ar 16:9');
    } finally {
      fake.remix = false;
    }
  });

  it('blends 2–5 pictures, describes one and swaps a face', async () => {
    const [a, b] = await Promise.all([
      upload(t.app, alice, await pngOf(10, 200, 10)),
      upload(t.app, alice, await pngOf(10, 10, 200)),
    ]);
    const blend = await draw(t.app, alice.token, {
      type: 'blend',
      modelId,
      images: [a.url, b.url],
      dimensions: 'LANDSCAPE',
    });
    const describe = await draw(t.app, alice.token, { type: 'describe', modelId, image: a.url });
    const swap = await draw(t.app, alice.token, {
      type: 'faceswap',
      modelId,
      source: a.url,
      target: b.url,
    });
    const [bl, de, sw] = await Promise.all(
      [blend, describe, swap].map((r) => settle(t.app, alice.token, r.body.data.id)),
    );
    expect([bl!.status, de!.status, sw!.status]).toEqual([3, 3, 3]);
    const blendSent = submitOf(bl!.id);
    expect(blendSent.path).toBe('/mj/submit/blend');
    expect(blendSent.body.dimensions).toBe('LANDSCAPE');
    expect(blendSent.body.base64Array).toHaveLength(2);
    expect(submitOf(de!.id).path).toBe('/mj/submit/describe');
    expect(de!.description).toContain('fake described scene 1');
    expect(submitOf(sw!.id).path).toBe('/mj/insight-face/swap');
    expect(sw!.images).toHaveLength(1);
    // Each card links the pictures it started from, in order, freshly signed and loadable.
    const keyOf = (u: string) => new URL(u, 'http://x').pathname;
    expect(bl!.sources.map(keyOf)).toEqual([a.url, b.url].map(keyOf));
    expect(de!.sources.map(keyOf)).toEqual([keyOf(a.url)]);
    expect(sw!.sources.map(keyOf)).toEqual([a.url, b.url].map(keyOf));
    const shown = await t.app.inject({ method: 'GET', url: bl!.sources[1]! });
    expect(shown.statusCode).toBe(200);
    const listed = await status(t.app, alice.token, [bl!.id, de!.id]);
    expect(listed.body.data.rows.map((r) => r.sources.length).sort()).toEqual([1, 2]);
    const tooFew = await draw(t.app, alice.token, { type: 'blend', modelId, images: [a.url] });
    expect(tooFew.status).toBe(400);
  });

  it('refuses a face swap on novicezk’s proxy, which has no InsightFace', async () => {
    const m = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: bearer(admin.token),
      payload: {
        name: 'MJ (novicezk)',
        upstreamModel: 'novicezk',
        providerId: await providerId(),
        kind: 'image',
        priceKey: 'fakemj:imagine',
      },
    });
    const pic = await upload(t.app, alice, await pngOf(1, 2, 3));
    const r = await draw(t.app, alice.token, {
      type: 'faceswap',
      modelId: m.body.data.id,
      source: pic.url,
      target: pic.url,
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.data)).toContain('modelId');
  });

  it('a banned prompt (code 24) fails showing the word and charges nothing', async () => {
    const before = await credits(t.app, alice.token);
    const q = await imagine('a bannedword picture');
    const done = await settle(t.app, alice.token, q.id);
    expect(done.status).toBe(4);
    expect(done.error).toContain('bannedword');
    expect(done.credits).toBe(0);
    expect(await credits(t.app, alice.token)).toBe(before);
  });

  it('an upstream failure refunds; redo runs it again and charges then', async () => {
    const before = await credits(t.app, alice.token);
    fake.failNextTasks = 1;
    const q = await imagine('a doomed fox');
    const failed = await settle(t.app, alice.token, q.id);
    expect(failed.status).toBe(4);
    expect(failed.error).toContain('Fake failure');
    expect(await credits(t.app, alice.token)).toBe(before);
    const redo = await call<D.DrawTask>(t.app, {
      method: 'POST',
      url: '/api/queue/redo',
      headers: bearer(alice.token),
      payload: { id: q.id },
    });
    expect(redo.status).toBe(200);
    const again = await settle(t.app, alice.token, q.id);
    expect(again.status).toBe(3);
    expect(await credits(t.app, alice.token)).toBe(before - PRICE.imagine);
  });

  it('retries after a full queue (code 23) and an HTTP 500, then succeeds', async () => {
    fake.queueFullNext = 1;
    fake.http500Next = 1;
    const before = fake.submitsTo('/mj/submit/imagine').length;
    const q = await imagine('a patient fox');
    const done = await settle(t.app, alice.token, q.id);
    expect(done.status, done.error ?? '').toBe(3);
    // The 500 is answered before the fake records a submit; the 23 is recorded.
    expect(fake.submitsTo('/mj/submit/imagine').length - before).toBe(2);
  });

  it('applies the notify hook only for the upstream id the task runs', async () => {
    const q = await imagine('a hooked fox');
    const done = await settle(t.app, alice.token, q.id);
    const upstream = [...fake.tasks.values()].find((x) => x.state === String(q.id))!;
    const hook = String(submitOf(q.id).body.notifyHook);
    const send = (body: object) =>
      fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ applied: boolean }>);
    // Finished already: a late FAILURE changes nothing.
    expect(await send({ ...upstream, status: 'FAILURE', failReason: 'late' })).toMatchObject({
      applied: false,
    });
    expect((await status(t.app, alice.token, [done.id])).body.data.rows[0]!.status).toBe(3);
    expect(fake.deliveries.some((d) => d.taskStatus === 'IN_PROGRESS')).toBe(true);
  });

  it('runs no more at once than the provider’s concurrency; the next waits its turn', async () => {
    const id = await providerId();
    const h = bearer(admin.token);
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/update',
      headers: h,
      payload: { id, concurrency: 1 },
    });
    try {
      const [a, b] = [await imagine('first in line'), await imagine('second in line')];
      const [da, db] = await Promise.all([
        settle(t.app, alice.token, a.id),
        settle(t.app, alice.token, b.id),
      ]);
      expect([da.status, db.status]).toEqual([3, 3]);
      const upA = [...fake.tasks.values()].find((x) => x.state === String(a.id))!;
      const upB = [...fake.tasks.values()].find((x) => x.state === String(b.id))!;
      expect(upB.submitTime).toBeGreaterThanOrEqual(upA.finishTime!);
    } finally {
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/chat/providers/update',
        headers: h,
        payload: { id, concurrency: 10 },
      });
    }
  });

  it('shows progress steps while polling even without the notify hook', async () => {
    fake.muteHooks = true;
    fake.stepMs = 50;
    try {
      const q = await imagine('a slow fox');
      const seen: number[] = [];
      const done = await settle(t.app, alice.token, q.id, seen);
      expect(done.status).toBe(3);
      expect(seen.filter((p) => p > 0 && p < 100).length).toBeGreaterThan(0);
    } finally {
      fake.muteHooks = false;
      fake.stepMs = 20;
    }
  });

  it('refuses a notify hook without the secret', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/mj/notify?secret=wrong`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: '1', status: 'SUCCESS', state: String(grid.id) }),
    });
    expect(res.status).toBe(401);
  });

  it('a wrong mj-api-secret fails the task (nothing charged) and never leaks the secret', async () => {
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/update',
      headers: bearer(admin.token),
      payload: { id: await providerId(), apiKey: 'not-the-secret' },
    });
    try {
      const before = await credits(t.app, alice.token);
      const q = await imagine('a locked fox');
      const done = await settle(t.app, alice.token, q.id);
      expect(done.status).toBe(4);
      expect(await credits(t.app, alice.token)).toBe(before);
      expect(t.logs.lines().some((l) => l.includes('not-the-secret'))).toBe(false);
      expect(t.logs.lines().some((l) => l.includes(fake.secret))).toBe(false);
    } finally {
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/chat/providers/update',
        headers: bearer(admin.token),
        payload: { id: await providerId(), apiKey: fake.secret },
      });
    }
  });

  it('keeps serving the results after the proxy is gone', async () => {
    await fake.close();
    const r = await t.app.inject({ method: 'GET', url: grid.images[0]!.url });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\//);
    const listed = await status(t.app, alice.token, [grid.id]);
    expect(listed.body.data.rows[0]!.status).toBe(3);
  });
});

async function providerId(): Promise<number> {
  const r = await call<{ rows: Array<{ id: number; name: string }> }>(t.app, {
    method: 'GET',
    url: '/api/admin/chat/providers',
    headers: bearer(admin.token),
  });
  return r.body.data.rows.find((p) => p.name === 'mj-fake')!.id;
}
