import { describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { mediaTools, probeMedia } from '../../lib/ffmpeg.js';
import { ledgerCheck } from '../credits/index.js';
import {
  PRICE,
  PROTOCOLS,
  alice,
  balance,
  fake,
  finished,
  frame,
  models,
  queue,
  storedBytes,
  t,
  useVideoApp,
} from './video.setup.js';

/**
 * Every video protocol through its fake on loopback: a clip round-trips into a stored MP4
 * that ffprobe reads (duration and codec), charged once; failures and filters refund once;
 * an expired result link is fetched again; a callback racing the poll settles once.
 */
useVideoApp();

const probe = async (bytes: Buffer) => probeMedia(mediaTools()!, bytes);

describe('each protocol round-trips into a stored MP4', () => {
  it.each(PROTOCOLS)('%s', async (protocol) => {
    fake.scenario = { callback: true };
    const before = await balance(alice.userId);
    const r = await queue('/queue/runwayVideo', alice, {
      modelId: models[protocol],
      prompt: 'a lighthouse in a storm',
      duration: protocol === 'openai-video' ? 4 : 5,
      ...(protocol === 'runway' ? { firstFrame: frame } : {}),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(alice, r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    expect(done.video?.mime).toBe('video/mp4');
    const info = await probe(await storedBytes(alice, done.video!.url));
    expect(info.streams.find((s) => s.type === 'video')?.codec).toBe('h264');
    expect(info.durationSeconds).toBeCloseTo(fake.clipSeconds, 0);
    expect(done.duration).toBeCloseTo(fake.clipSeconds, 0);
    // A poster frame as its thumbnail.
    const poster = await t.app.inject({ url: done.video!.posterUrl });
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(await balance(alice.userId)).toBe(before - PRICE);
  });

  it('sends what each protocol expects (Runway version header, Kling JWT, Luma callback, multipart)', async () => {
    const reqs = fake.requests;
    expect(reqs.some((q) => q.path === '/v1/image_to_video' && q.headers['x-runway-version'])).toBe(
      true,
    );
    const luma = reqs.find(
      (q) => q.path === '/dream-machine/v1/generations/video' && q.method === 'POST',
    )!;
    expect(JSON.parse(luma.body).callback_url).toMatch(
      /\/api\/video\/callback\/luma\/\d+\?secret=/,
    );
    const kling = reqs.find((q) => q.path === '/v1/videos/text2video' && q.method === 'POST')!;
    expect(String(kling.headers.authorization)).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(kling.body)).toMatchObject({
      duration: '5',
      mode: 'std',
      aspect_ratio: '16:9',
    });
    const oa = reqs.find((q) => q.path === '/v1/videos' && q.method === 'POST')!;
    expect(String(oa.headers['content-type'])).toMatch(/^multipart\/form-data/);
    expect(oa.body).toContain('name="seconds"');
  });
});

describe('failures, filters, expired links, slow jobs', () => {
  it('an upstream failure and a filter each refund exactly once', async () => {
    for (const scenario of [{ fail: true }, { filter: true }]) {
      fake.scenario = scenario;
      const before = await balance(alice.userId);
      const r = await queue('/queue/runwayVideo', alice, {
        modelId: models.kling,
        prompt: 'x',
        duration: 5,
      });
      expect(r.status).toBe(200);
      expect(await balance(alice.userId)).toBe(before - PRICE); // held
      const done = await finished(alice, r.body.data.id);
      expect(done.status).toBe(TaskStatus.failed);
      expect(done.error).toMatch(scenario.filter ? /审核/ : /生成失败/);
      // The upstream's own words reach the operator's timeline, not the user.
      // (Kling's fake words its filter as risk control.)
      const why = scenario.filter ? 'risk control: sensitive content' : 'upstream render crashed';
      expect(done.error).not.toContain(why);
      const ended = await t.app.ctx.db.kysely
        .selectFrom('task_events')
        .select('detail')
        .where('task_id', '=', r.body.data.id)
        .where('type', '=', 'failed')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(ended.detail)).toMatchObject({ detail: why });
      expect(done.credits).toBe(0);
      expect(await balance(alice.userId)).toBe(before);
    }
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('an expired output link is asked for again and the clip still arrives', async () => {
    fake.scenario = { expireFirstLink: true };
    const r = await queue('/queue/runwayVideo', alice, {
      modelId: models.pika,
      prompt: 'fox',
      duration: 5,
    });
    const done = await finished(alice, r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    const job = [...fake.jobs.values()].at(-1)!;
    expect(job.linksHanded).toBeGreaterThanOrEqual(2);
  });

  it('a slow job reports a progress that moves', async () => {
    // About 2.4 s upstream: long enough for several polls even on a loaded machine.
    fake.scenario = { steps: 40 };
    const r = await queue('/queue/runwayVideo', alice, {
      modelId: models['openai-video'],
      prompt: 'slow',
      duration: 4,
    });
    const seen = new Set<number>();
    const id = r.body.data.id;
    const { statusOf } = await import('./video.setup.js');
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const s = await statusOf(alice, id);
      seen.add(s.progress);
      if (s.status === TaskStatus.succeeded) break;
      await new Promise((res) => setTimeout(res, 40));
    }
    expect([...seen].filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(2);
  });
});

describe('a callback racing the poll', () => {
  it('settles once, and a late or repeated callback changes nothing', async () => {
    fake.scenario = { callback: true };
    const before = await balance(alice.userId);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await queue('/queue/runwayVideo', alice, {
        modelId: models.luma,
        prompt: `race ${i}`,
        duration: 5,
      });
      ids.push(r.body.data.id);
    }
    for (const id of ids) expect((await finished(alice, id)).status).toBe(TaskStatus.succeeded);
    const jobs = [...fake.jobs.values()].filter((j) => j.protocol === 'luma').slice(-4);
    for (const j of jobs) expect(j.callbackDeliveries).toEqual([200]);
    // The same callback again, after the end: accepted, applied to nothing.
    const again = jobs[0]!;
    const res = await fetch(again.callbackUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: again.id, state: 'failed', failure_reason: 'late' }),
    });
    expect(await res.json()).toEqual({ ok: true, applied: false });
    expect(await balance(alice.userId)).toBe(before - 4 * PRICE);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });

  it('refuses a callback without the secret', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/video/callback/luma/1?secret=nope',
      payload: { id: 'x', state: 'completed' },
    });
    expect(r.statusCode).toBe(401);
  });
});
