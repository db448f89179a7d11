import { describe, expect, it } from 'vitest';
import { TaskStatus, type video as V } from '@atelier/contracts';
import { call } from '../../test/harness.js';
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
 * Kling against a fake that refuses what Kling refuses per model and mode
 * (test/fakes/video-kling.ts): `cfg_scale`, `camera_control` and `dynamic_masks` go only where
 * the model takes them, the screen's list offers the brush and the end frame only there, and
 * the server refuses the rest with a 400 naming the field before holding anything. A New API
 * token (`sk-…`) goes to New API's `/kling/v1/...` route as its Bearer.
 */
useVideoApp();

async function modelRow(id: number): Promise<V.VideoModel> {
  const r = await call<{ rows: V.VideoModel[] }>(t.app, { url: '/api/video/models' });
  return r.body.data.rows.find((m) => m.id === id)!;
}

const klingPosts = () =>
  fake.requests.filter(
    (q) => q.method === 'POST' && /\/v1\/videos\/(text|image)2video$/.test(q.path),
  );
const lastBody = () => JSON.parse(klingPosts().at(-1)!.body) as Record<string, unknown>;

async function expectRefused(body: object, field: string) {
  const before = await balance(alice.userId);
  const sent = fake.requests.length;
  const r = await queue('/queue/runwayVideo', alice, body);
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(JSON.stringify(r.body)).toContain(field);
  expect(await balance(alice.userId)).toBe(before);
  expect(fake.requests.length).toBe(sent);
}

async function succeeds(body: object) {
  const r = await queue('/queue/runwayVideo', alice, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const done = await finished(alice, r.body.data.id);
  expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
  return done;
}

describe('Kling: each model gets only what it takes', () => {
  it('offers the brush and camera moves only on the models that have them', async () => {
    const v16 = await modelRow(models.kling!);
    expect(v16.supports).toMatchObject({ motionBrush: false, camera: false, lastFrame: true });
    const v1 = await modelRow(await addModel('kling', 'kling-v1'));
    expect(v1.supports).toMatchObject({ motionBrush: true, camera: true, lastFrame: true });
    const v2 = await modelRow(await addModel('kling', 'kling-v2-master'));
    expect(v2.supports).toMatchObject({ motionBrush: false, camera: false, lastFrame: false });
  });

  it('refuses a brush where the model has none, or at a duration it cannot brush', async () => {
    const mask = { mask: frame, direction: 'up' };
    await expectRefused(
      { modelId: models.kling, prompt: 'x', firstFrame: frame, duration: 5, motionBrush: mask },
      'motionBrush',
    );
    const v1 = await addModel('kling', 'kling-v1');
    await expectRefused(
      { modelId: v1, prompt: 'x', firstFrame: frame, duration: 10, motionBrush: mask },
      'duration',
    );
    await expectRefused(
      { modelId: v1, prompt: 'x', firstFrame: frame, lastFrame: frame, motionBrush: mask },
      'motionBrush',
    );
  });

  it('sends camera_control only where it is taken, words elsewhere', async () => {
    const v1 = await addModel('kling', 'kling-v1');
    await succeeds({ modelId: v1, prompt: 'a city', duration: 5, camera: 'zoom_in' });
    expect(lastBody()).toMatchObject({ camera_control: { type: 'simple' }, mode: 'std' });
    await succeeds({ modelId: models.kling, prompt: 'a city', duration: 5, camera: 'zoom_in' });
    const b = lastBody();
    expect(b.camera_control).toBeUndefined();
    expect(b.prompt).toBe('a city, camera slowly zooms in');
    // kling-v1 at 10 s takes no camera either (Kling would refuse it).
    await succeeds({ modelId: v1, prompt: 'a city', duration: 10, camera: 'zoom_in' });
    expect(lastBody().camera_control).toBeUndefined();
  });

  it('sends a motion brush to kling-v1, and no cfg_scale to kling-v2', async () => {
    const v1 = await addModel('kling', 'kling-v1');
    await succeeds({
      modelId: v1,
      prompt: 'the leaves move',
      firstFrame: frame,
      duration: 5,
      motionBrush: { mask: frame, direction: 'left' },
    });
    expect(lastBody().dynamic_masks).toHaveLength(1);
    const v2 = await addModel('kling', 'kling-v2-master');
    await succeeds({ modelId: v2, prompt: 'a river', duration: 5 });
    expect(lastBody().cfg_scale).toBeUndefined();
  });

  it('puts a last frame in pro mode where only pro takes one', async () => {
    await succeeds({
      modelId: models.kling,
      prompt: 'a door opens',
      firstFrame: frame,
      lastFrame: frame,
      duration: 10,
    });
    expect(lastBody()).toMatchObject({ mode: 'pro', duration: '10' });
    expect(typeof lastBody().image_tail).toBe('string');
    await expectRefused(
      {
        modelId: models.kling,
        prompt: 'x',
        firstFrame: frame,
        lastFrame: frame,
        duration: 5,
        mode: 'std',
      },
      'mode',
    );
  });
});

describe('Kling through New API', () => {
  it('sends the sk- token as the Bearer to /kling/v1 and reads the answer in New API’s shape', async () => {
    const id = await addModel('kling', 'kling-v1-6', { apiKey: fake.apiKey });
    const before = await balance(alice.userId);
    const done = await succeeds({ modelId: id, prompt: 'a lantern', duration: 5 });
    expect(done.video?.mime).toBe('video/mp4');
    const post = fake.requests.filter((q) => q.path === '/kling/v1/videos/text2video').at(-1)!;
    expect(post.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(JSON.parse(post.body)).not.toHaveProperty('callback_url');
    const job = [...fake.jobs.values()].at(-1)!;
    expect(fake.requests.some((q) => q.method === 'GET' && q.path === `/v1/videos/${job.id}`)).toBe(
      true,
    );
    expect(await balance(alice.userId)).toBeLessThan(before);
  });

  it('a JWT on New API’s route is refused (401) and nothing is charged', async () => {
    // A Kling access:secret key on a New API base: New API answers 401 to the JWT.
    const id = await addModel('kling', 'kling-v1-6', {
      apiKey: fake.klingKey,
      baseUrl: `${fake.url}/kling`,
    });
    const before = await balance(alice.userId);
    const r = await queue('/queue/runwayVideo', alice, { modelId: id, prompt: 'x', duration: 5 });
    const done = await finished(alice, r.body.data.id);
    expect(done.status).toBe(TaskStatus.failed);
    expect(await balance(alice.userId)).toBe(before);
  });
});
