import { describe, expect, it } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { failureTexts } from '../../lib/failure-text.js';
import { bearer, call } from '../../test/harness.js';
import { credits, draw, pngOf, settle, status, upload } from '../../../test/drawing-support.js';
import { until } from '../../../test/task-support.js';
import {
  t,
  fake,
  admin,
  alice,
  modelId,
  PRICE,
  imagine,
  submitOf,
  providerId,
  useProxyApp,
} from './proxy.setup.js';

useProxyApp();

describe('Midjourney through midjourney-proxy', () => {
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
    // The user reads a sentence of the failure's class, never the upstream's own words…
    expect(failed.error).not.toContain('Fake failure');
    expect(Object.values(failureTexts.failed).some((x) => failed.error?.includes(x))).toBe(true);
    // …which the operator's timeline keeps.
    const ended = await t.app.ctx.db.kysely
      .selectFrom('task_events')
      .select('detail')
      .where('task_id', '=', q.id)
      .where('type', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(ended.detail)).toMatchObject({
      detail: 'Fake failure: the job was refused upstream',
    });
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
    // The fake notes a delivery once our answer to it came back, which may be after the task ended.
    await until(
      async () => fake.deliveries.some((d) => d.taskStatus === 'IN_PROGRESS'),
      60_000,
      'an IN_PROGRESS hook delivered',
    );
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
});
