import { describe, expect, it } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call } from '../../test/harness.js';
import { credits, draw, pngOf, settle, status, upload } from '../../../test/drawing-support.js';
import {
  t,
  fake,
  port,
  admin,
  alice,
  PRICE,
  imagine,
  press,
  submitOf,
  providerId,
  useProxyApp,
} from './proxy.setup.js';

useProxyApp();

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
