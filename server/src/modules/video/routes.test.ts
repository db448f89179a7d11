import { describe, expect, it } from 'vitest';
import { TaskStatus, type video as V } from '@atelier/contracts';
import { bearer, call } from '../../test/harness.js';
import { createUser } from '../../test/users.js';
import { mediaTools, probeMedia } from '../../lib/ffmpeg.js';
import { fund } from '../../../test/task-support.js';
import { DEMO_VIDEO_MODEL } from './models.js';
import {
  alice,
  finished,
  frame,
  models,
  queue,
  storedBytes,
  t,
  useVideoApp,
} from './video.setup.js';

/**
 * The video endpoints: the offline demo's real MP4s (text, image, anime, extend, cut, last
 * frame), bad inputs answered 400 naming the field, someone else's video a 404 everywhere.
 */
useVideoApp();

async function demoModelId(): Promise<number> {
  const r = await call<{ rows: V.VideoModel[] }>(t.app, {
    method: 'GET',
    url: '/api/video/models',
  });
  return r.body.data.rows.find((m) => m.name === DEMO_VIDEO_MODEL)!.id;
}

const fieldOf = (body: unknown) =>
  (body as { data?: { errors?: Array<{ field: string }> } }).data?.errors?.map((e) => e.field) ??
  [];

describe('the offline demo makes real videos', () => {
  it('text-to-video, then extend, cut and last frame', { timeout: 600_000 }, async () => {
    const modelId = await demoModelId();
    const r = await queue('/queue/runwayVideo', alice, {
      modelId,
      prompt: 'a red kite over a beach',
      duration: 3,
      camera: 'zoom_in',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.demo).toBe(true);
    const done = await finished(alice, r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    const info = await probeMedia(mediaTools()!, await storedBytes(alice, done.video!.url));
    expect(info.streams[0]?.codec).toBe('h264');
    expect(info.durationSeconds).toBeCloseTo(3, 0);
    // Everything the screen needs to fill itself again.
    expect(done.params).toMatchObject({
      modelId,
      prompt: 'a red kite over a beach',
      duration: 3,
      camera: 'zoom_in',
      aspect: '16:9',
    });

    const ext = await call<V.VideoTask>(t.app, {
      method: 'POST',
      url: '/api/video/extend',
      headers: bearer(alice.token),
      payload: { id: done.id, prompt: 'the kite flies away', duration: 3, fromSeconds: 2 },
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(200);
    const extended = await finished(alice, ext.body.data.id);
    expect(extended.status, JSON.stringify(extended)).toBe(TaskStatus.succeeded);
    expect(extended.duration).toBeCloseTo(5, 0); // 2 s kept + 3 s new

    const cut = await call<V.VideoTask>(t.app, {
      method: 'POST',
      url: '/api/video/cut',
      headers: bearer(alice.token),
      payload: { id: extended.id, start: 1, end: 3 },
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    const part = await finished(alice, cut.body.data.id);
    expect(part.duration).toBeCloseTo(2, 0);
    expect(part.credits).toBe(0);

    // Cut once (ffmpeg) and stored with the video, even when asked three times at once;
    // asking again reads the same file.
    const filesNow = async () =>
      (
        await t.app.ctx.db.kysely
          .selectFrom('files')
          .select('id')
          .where('user_id', '=', alice.userId)
          .execute()
      ).length;
    const before = await filesNow();
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        call<{ url: string }>(t.app, {
          method: 'GET',
          url: `/api/video/lastFrame?id=${done.id}`,
          headers: bearer(alice.token),
        }),
      ),
    );
    const last = racing[0]!;
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.body.data.url.split('?')[0])).size).toBe(1);
    const stored = await filesNow();
    expect(stored).toBe(before + 1);
    const again = await call<{ url: string }>(t.app, {
      method: 'GET',
      url: `/api/video/lastFrame?id=${done.id}`,
      headers: bearer(alice.token),
    });
    expect(again.body.data.url.split('?')[0]).toBe(last.body.data.url.split('?')[0]);
    expect(await filesNow()).toBe(stored);
    const img = await queue('/queue/runwayPic', alice, {
      modelId,
      firstFrame: last.body.data.url,
      duration: 3,
    });
    expect(img.status, JSON.stringify(img.body)).toBe(200);
    expect(img.body.data.action).toBe('image-to-video');
    const anime = await queue('/queue/generateHumanAnimeStyleVideo', alice, {
      modelId,
      firstFrame: frame,
      duration: 3,
    });
    expect(anime.body.data.action).toBe('anime');
    expect((await finished(alice, anime.body.data.id)).status).toBe(TaskStatus.succeeded);
  });

  it('lists seeded example clips that play', async () => {
    const r = await call<{ rows: V.VideoDemo[] }>(t.app, {
      method: 'GET',
      url: '/api/autoreply/queryVideoDemo',
    });
    expect(r.body.data.rows.length).toBeGreaterThanOrEqual(4);
    const clip = await t.app.inject({ url: r.body.data.rows[2]!.videoUrl });
    expect(clip.headers['content-type']).toBe('video/mp4');
    const info = await probeMedia(mediaTools()!, clip.rawPayload);
    expect(info.durationSeconds).toBeCloseTo(r.body.data.rows[2]!.params.duration, 0);
  });

  it('the price list covers video', async () => {
    const r = await call<Array<{ priceKey: string }>>(t.app, {
      method: 'GET',
      url: '/api/queue/getItemPrice',
    });
    const rows = (r.body.data as unknown as { rows: Array<{ priceKey: string }> }).rows;
    const keys = rows.map((p) => p.priceKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        'demo-video:generate',
        'demo-video:extend',
        'demo-video:anime',
        'fake-kling:generate',
      ]),
    );
  });
});

describe('bad inputs are a 400 naming the field', () => {
  it('a 50 MB "image" that is not one, a 10,000-character prompt, a duration not offered', async () => {
    const junk = `data:image/png;base64,${Buffer.alloc(50 * 1024 * 1024, 7).toString('base64')}`;
    const big = await queue('/queue/runwayPic', alice, {
      modelId: models.kling,
      firstFrame: junk,
      duration: 5,
    });
    expect(big.status).toBe(400);
    expect(fieldOf(big.body)).toContain('firstFrame');
    const small = `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`;
    const notPic = await queue('/queue/runwayPic', alice, {
      modelId: models.kling,
      firstFrame: small,
      duration: 5,
    });
    expect(notPic.status).toBe(400);
    expect(fieldOf(notPic.body)).toContain('firstFrame');
    const long = await queue('/queue/runwayVideo', alice, {
      modelId: models.kling,
      prompt: 'x'.repeat(10_000),
      duration: 5,
    });
    expect(long.status).toBe(400);
    expect(fieldOf(long.body)).toContain('prompt');
    const dur = await queue('/queue/runwayVideo', alice, {
      modelId: models.kling,
      prompt: 'x',
      duration: 7,
    });
    expect(dur.status).toBe(400);
    expect(fieldOf(dur.body)).toContain('duration');
    const brush = await queue('/queue/runwayVideo', alice, {
      modelId: models.luma,
      prompt: 'x',
      firstFrame: frame,
      duration: 5,
      motionBrush: { mask: frame, direction: 'up' },
    });
    expect(brush.status).toBe(400);
    expect(fieldOf(brush.body)).toContain('motionBrush');
  });
});

describe('ownership: another user sees none of it', () => {
  it('status, delete, extend, cut, last frame and frames are 404 for someone else', async () => {
    const modelId = await demoModelId();
    const r = await queue('/queue/runwayVideo', alice, { modelId, prompt: 'mine', duration: 3 });
    const mine = await finished(alice, r.body.data.id);
    const bob = await createUser(t.app);
    await fund(t.app, bob.userId, 1000);
    const h = bearer(bob.token);
    const calls = [
      { method: 'POST' as const, url: '/api/video/status', payload: { ids: [mine.id] } },
      { method: 'POST' as const, url: '/api/video/delete', payload: { ids: [mine.id] } },
      { method: 'POST' as const, url: '/api/video/extend', payload: { id: mine.id } },
      {
        method: 'POST' as const,
        url: '/api/video/cut',
        payload: { id: mine.id, start: 0, end: 1 },
      },
      { method: 'GET' as const, url: `/api/video/lastFrame?id=${mine.id}` },
      {
        method: 'POST' as const,
        url: '/api/queue/runwayPic',
        payload: { modelId, firstFrame: mine.video!.posterUrl, duration: 3 },
      },
    ];
    for (const c of calls) {
      const res = await call(t.app, { ...c, headers: h });
      expect(res.status, `${c.url} ${JSON.stringify(res.body)}`).toBe(404);
    }
    const list = await call<{ rows: V.VideoTask[] }>(t.app, {
      method: 'GET',
      url: '/api/video/list',
      headers: h,
    });
    expect(list.body.data.rows).toEqual([]);
    const file = await t.app.inject({ url: mine.video!.url.split('?')[0]!, headers: h });
    expect(file.statusCode).toBe(404);
    // Still Alice's.
    const del = await call(t.app, {
      method: 'POST',
      url: '/api/video/delete',
      headers: bearer(alice.token),
      payload: { ids: [mine.id] },
    });
    expect(del.status).toBe(200);
  });
});
