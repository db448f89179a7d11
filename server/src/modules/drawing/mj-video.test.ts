import { describe, expect, it } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { bearer, call } from '../../test/harness.js';
import { addProxyModel, credits, draw, settle } from '../../../test/drawing-support.js';
import { t, fake, admin, alice, press, submitOf, useProxyApp } from './proxy.setup.js';

/**
 * Midjourney video as a task (docs/drawing.md, Midjourney video): a finished picture animated
 * and the video extended through a fork's `/mj/submit/video` (the fake follows trueai-org's
 * SubmitController.cs), held → settled at the price quoted before, the MP4 copied into our
 * storage with the picture as its poster; a fork with video off refuses and nothing is
 * charged; a model whose proxy has no video is refused before anything is held.
 */
useProxyApp();

const VIDEO = 7;
const EXTEND = 4;

const quote = async (modelId: number, action: D.DrawAction) =>
  (
    await call<D.Simulation>(t.app, {
      method: 'GET',
      url: `/api/mj/drawSimulate?modelId=${modelId}&action=${action}`,
      headers: bearer(alice.token),
    })
  ).body.data.unitCredits;

async function finished(modelId: number, prompt: string): Promise<D.DrawTask> {
  const grid = await draw(t.app, alice.token, { type: 'imagine', modelId, prompt });
  expect(grid.status, JSON.stringify(grid.body)).toBe(200);
  const done = await settle(t.app, alice.token, grid.body.data.id);
  expect(done.status, done.error ?? '').toBe(3);
  return done;
}

describe('Midjourney video on a fork that has it', () => {
  it('animates an upscaled picture at the quoted price, then extends the video', async () => {
    const { modelId } = await addProxyModel(t.app, admin.token, fake, {
      flavour: 'trueai',
      prices: { imagine: 5, upscale: 2, video: VIDEO, video_extend: EXTEND },
    });
    const models = await call<{ rows: D.MjModel[] }>(t.app, {
      method: 'GET',
      url: '/api/autoreply/queryMjModel',
      headers: bearer(alice.token),
    });
    const listed = models.body.data.rows.find((m) => m.id === modelId)!;
    expect(listed.video).toBe(true);
    expect(listed.prices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'video', credits: VIDEO }),
        expect.objectContaining({ action: 'video_extend', credits: EXTEND }),
      ]),
    );

    const grid = await finished(modelId, 'a fox in the snow');
    const up = await press(grid, /Upscale|U1/);
    const picture = await settle(t.app, alice.token, up.queued.id);
    expect(picture.status, picture.error ?? '').toBe(3);

    const shown = await quote(modelId, 'video');
    expect(shown).toBe(VIDEO);
    const before = await credits(t.app, alice.token);
    const sent = await draw(t.app, alice.token, {
      type: 'video',
      taskId: picture.id,
      motion: 'high',
      prompt: 'the fox runs',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.action).toBe('video');
    const clip = await settle(t.app, alice.token, sent.body.data.id);
    expect(clip.status, clip.error ?? '').toBe(3);
    const body = submitOf(clip.id);
    expect(body.path).toBe('/mj/submit/video');
    expect(body.body).toMatchObject({ prompt: 'the fox runs', motion: 'high', batchSize: 1 });
    expect(String(body.body.image)).toMatch(/^data:image\/\w+;base64,/);
    expect(clip.images).toEqual([]);
    expect(clip.video).not.toBeNull();
    // Our own copy, played from our storage; its poster is the picture it started from.
    expect(clip.video!.url).toMatch(/\/api\/files\//);
    expect(clip.video!.url).not.toContain(fake.url);
    const mp4 = await t.app.inject({ method: 'GET', url: clip.video!.url });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toContain('video/mp4');
    expect(mp4.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const poster = await t.app.inject({ method: 'GET', url: clip.video!.posterUrl });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toMatch(/^image\//);
    expect(clip.credits).toBe(shown);
    // Not a picture to pick as a reference.
    const pictures = await call<{ rows: Array<{ taskId: number }> }>(t.app, {
      method: 'GET',
      url: '/api/autoreply/queryImg?size=200',
      headers: bearer(alice.token),
    });
    expect(pictures.body.data.rows.some((r) => r.taskId === picture.id)).toBe(true);
    expect(pictures.body.data.rows.some((r) => r.taskId === clip.id)).toBe(false);
    expect(await credits(t.app, alice.token)).toBe(before - shown);

    // Extend: the same call on the finished video, priced as an extension.
    const extendShown = await quote(modelId, 'video_extend');
    expect(extendShown).toBe(EXTEND);
    const more = await draw(t.app, alice.token, { type: 'video', taskId: clip.id });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.data.action).toBe('video_extend');
    const extended = await settle(t.app, alice.token, more.body.data.id);
    expect(extended.status, extended.error ?? '').toBe(3);
    const upstreamOfClip = fake.submits.find((s) => String(s.body.state) === String(clip.id));
    expect(submitOf(extended.id).body).toMatchObject({
      action: 'extend',
      index: 0,
      motion: 'low',
      prompt: 'the fox runs',
    });
    expect(submitOf(extended.id).body.taskId).toBeTruthy();
    expect(submitOf(extended.id).body.image).toBeUndefined();
    expect(upstreamOfClip).toBeTruthy();
    expect(extended.video?.url).toMatch(/\/api\/files\//);
    expect(extended.parentId).toBe(clip.id);
    expect(await credits(t.app, alice.token)).toBe(before - shown - extendShown);
  });

  it('charges nothing when the fork has video off, and refuses a model without video', async () => {
    const { modelId } = await addProxyModel(t.app, admin.token, fake, {
      flavour: 'trueai',
      prices: { imagine: 5, video: VIDEO },
    });
    const grid = await finished(modelId, 'a quiet harbour');
    const before = await credits(t.app, alice.token);
    fake.video = false;
    try {
      const sent = await draw(t.app, alice.token, { type: 'video', taskId: grid.id });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const failed = await settle(t.app, alice.token, sent.body.data.id);
      expect(failed.status).toBe(4);
      expect(failed.credits).toBe(0);
      expect(failed.error).toBeTruthy();
    } finally {
      fake.video = true;
    }
    expect(await credits(t.app, alice.token)).toBe(before);

    // A fork without video (any model name but trueai): 400 naming the drawing, nothing held.
    const plain = await addProxyModel(t.app, admin.token, fake, {
      flavour: 'novicezk',
      prices: { imagine: 5, video: VIDEO },
    });
    const other = await finished(plain.modelId, 'a red kite');
    const atStart = await credits(t.app, alice.token);
    const refused = await draw(t.app, alice.token, { type: 'video', taskId: other.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: { errors: [{ field: 'taskId' }] } });
    // Someone else's drawing is not found; a bad motion names its field.
    const bad = await draw(t.app, alice.token, { type: 'video', taskId: grid.id, motion: 'fast' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('motion');
    const nobody = await draw(t.app, admin.token, { type: 'video', taskId: grid.id });
    expect(nobody.status).toBe(404);
    expect(await credits(t.app, alice.token)).toBe(atStart);
  });
});

describe('Midjourney video on the offline demo', () => {
  it('animates a demo picture into a clip of its own, at the demo price shown', async () => {
    const models = await call<{ rows: D.MjModel[] }>(t.app, {
      method: 'GET',
      url: '/api/autoreply/queryMjModel',
      headers: bearer(alice.token),
    });
    const demo = models.body.data.rows.find((m) => m.demo)!;
    expect(demo.video).toBe(true);
    const grid = await finished(demo.id, 'a lighthouse at dusk');
    const shown = await quote(demo.id, 'video');
    expect(shown).toBeGreaterThan(0);
    const before = await credits(t.app, alice.token);
    const sent = await draw(t.app, alice.token, { type: 'video', taskId: grid.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const clip = await settle(t.app, alice.token, sent.body.data.id, [], 60_000);
    expect(clip.status, clip.error ?? '').toBe(3);
    expect(clip.video).not.toBeNull();
    const bytes = await t.app.inject({ method: 'GET', url: clip.video!.url });
    expect(bytes.statusCode).toBe(200);
    // An MP4 with ffmpeg, else the demo's animated WebP.
    expect(bytes.headers['content-type']).toMatch(/^(video\/mp4|image\/webp)/);
    expect(await credits(t.app, alice.token)).toBe(before - shown);
  });
});
