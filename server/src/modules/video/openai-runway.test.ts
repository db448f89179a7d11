import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TaskStatus, type video as V } from '@atelier/contracts';
import { bearer, call } from '../../test/harness.js';
import {
  addModel,
  alice,
  balance,
  fake,
  finished,
  frame,
  models,
  queue,
  t,
  useVideoApp,
} from './video.setup.js';

/**
 * OpenAI's `/v1/videos` and Runway against fakes that refuse what the real services refuse
 * (test/fakes/video-openai.ts, video-runway.ts): only the sizes, seconds, ratios and frame
 * positions a model takes are offered, others are refused with a 400 naming the field before
 * anything is held, and frames are sent the way the upstream takes them.
 */
useVideoApp();

async function modelRow(id: number): Promise<V.VideoModel> {
  const r = await call<{ rows: V.VideoModel[] }>(t.app, { url: '/api/video/models' });
  return r.body.data.rows.find((m) => m.id === id)!;
}

/** A refusal: 400 naming the field, nothing held, nothing sent upstream. */
async function expectRefused(body: object, field: string, path = '/queue/runwayVideo') {
  const before = await balance(alice.userId);
  const sent = fake.requests.length;
  const r = await queue(path, alice, body);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(JSON.stringify(r.body)).toContain(field);
  expect(await balance(alice.userId)).toBe(before);
  expect(fake.requests.length).toBe(sent);
}

const posts = (path: string) => fake.requests.filter((q) => q.method === 'POST' && q.path === path);

async function referenceOf(index: number) {
  const req = posts('/v1/videos').at(index)!;
  const form = await new Response(new Uint8Array(req.bytes), {
    headers: { 'content-type': String(req.headers['content-type']) },
  }).formData();
  const file = form.get('input_reference') as File | null;
  const size = form.get('size');
  if (!file) return { size, width: 0, height: 0 };
  const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  return { size, width: meta.width, height: meta.height };
}

describe('OpenAI /v1/videos', () => {
  it('offers only the sizes and seconds the API takes', async () => {
    const m = await modelRow(models['openai-video']!);
    expect(m.aspects).toEqual(['16:9', '9:16']);
    expect(m.durations).toEqual([4, 8, 12]);
    expect(m.supports.lastFrame).toBe(false);
  });

  it('refuses another aspect or duration with a 400 naming it, charging nothing', async () => {
    const modelId = models['openai-video']!;
    for (const aspect of ['1:1', '4:3', '3:4', '21:9'])
      await expectRefused({ modelId, prompt: 'x', aspect, duration: 4 }, 'aspect');
    await expectRefused({ modelId, prompt: 'x', aspect: '16:9', duration: 5 }, 'duration');
  });

  it('sends a first frame resized to the asked size exactly', async () => {
    const r = await queue('/queue/runwayPic', alice, {
      modelId: models['openai-video'],
      prompt: 'a fox turns',
      aspect: '9:16',
      duration: 4,
      firstFrame: frame, // 200 × 80
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(alice, r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    expect(await referenceOf(-1)).toEqual({ size: '720x1280', width: 720, height: 1280 });
  });

  it('extends from the last frame (remix edits, it does not continue)', async () => {
    const r = await queue('/queue/runwayVideo', alice, {
      modelId: models['openai-video'],
      prompt: 'a harbour at dawn',
      aspect: '16:9',
      duration: 4,
    });
    const parent = await finished(alice, r.body.data.id);
    expect(parent.status).toBe(TaskStatus.succeeded);
    const x = await call<V.VideoTask>(t.app, {
      method: 'POST',
      url: '/api/video/extend',
      headers: bearer(alice.token),
      payload: { id: parent.id, prompt: 'the boats leave', duration: 4 },
    });
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    const done = await finished(alice, x.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    expect(fake.requests.some((q) => q.path.endsWith('/remix'))).toBe(false);
    expect(await referenceOf(-1)).toEqual({ size: '1280x720', width: 1280, height: 720 });
    // The parent and the new clip, joined.
    expect(done.duration).toBeCloseTo(2 * fake.clipSeconds, 0);
  });
});

describe('Runway', () => {
  it('gen4_turbo takes no last frame; gen3a_turbo does, in its own ratios', async () => {
    const gen4 = await modelRow(models.runway!);
    expect(gen4.supports.lastFrame).toBe(false);
    expect(gen4.aspects).toEqual(['16:9', '9:16', '4:3', '3:4', '1:1', '21:9']);
    await expectRefused(
      { modelId: models.runway, prompt: 'x', firstFrame: frame, lastFrame: frame, duration: 5 },
      'lastFrame',
      '/queue/runwayPic',
    );
    const gen3 = await addModel('runway', 'gen3a_turbo');
    const row = await modelRow(gen3);
    expect(row.supports.lastFrame).toBe(true);
    expect(row.aspects).toEqual(['16:9', '9:16']);
    await expectRefused(
      { modelId: gen3, prompt: 'x', firstFrame: frame, aspect: '1:1', duration: 5 },
      'aspect',
      '/queue/runwayPic',
    );
    const r = await queue('/queue/runwayPic', alice, {
      modelId: gen3,
      prompt: 'x',
      firstFrame: frame,
      lastFrame: frame,
      duration: 10,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(alice, r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    const sent = JSON.parse(posts('/v1/image_to_video').at(-1)!.body) as {
      ratio: string;
      promptImage: Array<{ position: string }>;
    };
    expect(sent.ratio).toBe('1280:768');
    expect(sent.promptImage.map((p) => p.position)).toEqual(['first', 'last']);
  });

  it('extends from the parent clip’s last frame, not its first frame again', async () => {
    const r = await queue('/queue/runwayPic', alice, {
      modelId: models.runway,
      prompt: 'a kite',
      firstFrame: frame,
      duration: 5,
    });
    const parent = await finished(alice, r.body.data.id);
    expect(parent.status).toBe(TaskStatus.succeeded);
    const x = await call<V.VideoTask>(t.app, {
      method: 'POST',
      url: '/api/video/extend',
      headers: bearer(alice.token),
      payload: { id: parent.id, prompt: 'it flies away', duration: 5 },
    });
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    const done = await finished(alice, x.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    const sent = JSON.parse(posts('/v1/image_to_video').at(-1)!.body) as { promptImage: string };
    const image = Buffer.from(sent.promptImage.split(',')[1]!, 'base64');
    const meta = await sharp(image).metadata();
    // The fake's clip is 320 × 240; the first frame was 200 × 80.
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(done.duration).toBeCloseTo(2 * fake.clipSeconds, 0);
  });

  it('sends a picture over 5 MB re-encoded under Runway’s data URI limit', async () => {
    const w = 1800;
    const h = 1400;
    // Noise does not compress: the stored PNG stays over 5 MB.
    const noise = randomBytes(w * h * 3);
    const big = await sharp(noise, { raw: { width: w, height: h, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const r = await queue('/queue/runwayPic', alice, {
      modelId: models.runway,
      prompt: 'static',
      firstFrame: `data:image/png;base64,${big.toString('base64')}`,
      duration: 5,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(alice, r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    const sent = JSON.parse(posts('/v1/image_to_video').at(-1)!.body) as { promptImage: string };
    expect(sent.promptImage.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(sent.promptImage.startsWith('data:image/jpeg;base64,')).toBe(true);
  });
});
