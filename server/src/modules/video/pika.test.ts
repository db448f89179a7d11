import { describe, expect, it } from 'vitest';
import { TaskStatus, type video as V } from '@atelier/contracts';
import { call } from '../../test/harness.js';
import {
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
 * Pika's real API (test/fakes/video-pika.ts, after ComfyUI's Pika nodes): text-to-video is a
 * form-encoded `/generate/2.2/t2v`, a first frame a multipart `/i2v`, first and last frames
 * `/pikaframes`; each answers `{video_id}`, read at `/videos/{id}`.
 */
useVideoApp();

const lastPost = () => fake.requests.filter((q) => q.method === 'POST').at(-1)!;

async function formOf(req: (typeof fake.requests)[number]) {
  return new Response(new Uint8Array(req.bytes), {
    headers: { 'content-type': String(req.headers['content-type']) },
  }).formData();
}

async function succeeds(body: object, path = '/queue/pikaVideo') {
  const r = await queue(path, alice, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const done = await finished(alice, r.body.data.id);
  expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
  return done;
}

describe('Pika', () => {
  it('offers 5 and 10 s, the end frame, and no brush', async () => {
    const r = await call<{ rows: V.VideoModel[] }>(t.app, { url: '/api/video/models' });
    const m = r.body.data.rows.find((x) => x.id === models.pika)!;
    expect(m.durations).toEqual([5, 10]);
    expect(m.supports).toMatchObject({ lastFrame: true, motionBrush: false, text: true });
  });

  it('text-to-video: a form-encoded /generate/2.2/t2v with the aspect as width / height', async () => {
    await succeeds({ modelId: models.pika, prompt: 'a red fox', aspect: '9:16', duration: 10 });
    const post = lastPost();
    expect(post.path).toBe('/generate/2.2/t2v');
    expect(String(post.headers['content-type'])).toMatch(/^application\/x-www-form-urlencoded/);
    const f = new URLSearchParams(post.body);
    expect(f.get('promptText')).toBe('a red fox');
    expect(f.get('duration')).toBe('10');
    expect(Number(f.get('aspectRatio'))).toBeCloseTo(9 / 16, 5);
    const job = [...fake.jobs.values()].at(-1)!;
    expect(fake.requests.some((q) => q.method === 'GET' && q.path === `/videos/${job.id}`)).toBe(
      true,
    );
  });

  it('a first frame goes to /i2v, first and last frames to /pikaframes', async () => {
    await succeeds({ modelId: models.pika, prompt: 'waves', firstFrame: frame, duration: 5 });
    expect(lastPost().path).toBe('/generate/2.2/i2v');
    expect((await formOf(lastPost())).get('image')).toBeInstanceOf(File);
    await succeeds({
      modelId: models.pika,
      prompt: 'day to night',
      firstFrame: frame,
      lastFrame: frame,
      duration: 5,
    });
    expect(lastPost().path).toBe('/generate/2.2/pikaframes');
    expect((await formOf(lastPost())).getAll('keyFrames')).toHaveLength(2);
  });

  it('refuses 3 s or a last frame alone with a 400 naming the field, charging nothing', async () => {
    const before = await balance(alice.userId);
    const sent = fake.requests.length;
    const short = await queue('/queue/pikaVideo', alice, {
      modelId: models.pika,
      prompt: 'x',
      duration: 3,
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('duration');
    const alone = await queue('/queue/pikaVideo', alice, {
      modelId: models.pika,
      prompt: 'x',
      lastFrame: frame,
      duration: 5,
    });
    expect(alone.status).toBe(400);
    expect(JSON.stringify(alone.body)).toContain('firstFrame');
    expect(await balance(alice.userId)).toBe(before);
    expect(fake.requests.length).toBe(sent);
  });
});
