import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVideoUpstream, type FakeVideoUpstream } from '../../../test/fakes/video.js';
import { until } from '../../../test/task-support.js';
import { luma } from './luma.js';
import { lumaRelay } from './luma-relay.js';
import type { VideoJob, VideoUpstream } from './types.js';

/*
 * The Luma adapters against the fake that follows Luma's own SDK (lumalabs/lumaai-node, see
 * test/fakes/video-luma.ts): a video is created at `POST /generations/video` (the old `POST
 * /generations` is no create route any more), with a model Luma names, and read back until
 * `completed` with `assets.video`; a refusal is Luma's 422 `{detail}` naming the field.
 */
let fake: FakeVideoUpstream;
let up: VideoUpstream;
beforeAll(async () => {
  fake = await startFakeVideoUpstream({ stepMs: 20 });
  up = { baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 5_000 };
});
afterAll(() => fake.close());

const job = (o: Partial<VideoJob> = {}): VideoJob => ({
  action: 'generate',
  model: 'ray-2',
  prompt: 'a lighthouse at dusk',
  aspect: '16:9',
  duration: 5,
  externalId: 'x1',
  ...o,
});

const done = (id: string) =>
  until(
    async () => {
      const s = await luma.fetch(up, id);
      return s.phase === 'succeeded' || s.phase === 'failed' ? s : undefined;
    },
    10_000,
    `generation ${id}`,
  );

describe('Luma Dream Machine (lumaai-node)', () => {
  it('creates at POST /dream-machine/v1/generations/video and reads assets.video when completed', async () => {
    const from = fake.requests.length;
    const { id } = await luma.submit(up, job());
    const posts = fake.requests.slice(from).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/dream-machine/v1/generations/video']);
    expect(JSON.parse(posts[0]!.body)).toMatchObject({
      model: 'ray-2',
      aspect_ratio: '16:9',
      duration: '5s',
    });
    const s = await done(id);
    expect(s).toMatchObject({ phase: 'succeeded', status: 'completed' });
    expect(s.videoUrl).toMatch(new RegExp(`^${fake.url}/files/${id}\\.mp4`));
  });

  it('extends with frame0 = the generation, and a first frame as an image keyframe', async () => {
    const from = fake.requests.length;
    await luma.submit(up, job({ action: 'extend', parentUpstreamId: 'gen-parent' }));
    await luma.submit(
      up,
      job({
        firstFrame: { bytes: Buffer.from(''), mime: 'image/png', link: 'https://x.test/a.png' },
      }),
    );
    const bodies = fake.requests
      .slice(from)
      .filter((r) => r.method === 'POST')
      .map((r) => JSON.parse(r.body) as { keyframes: unknown });
    expect(bodies.map((b) => b.keyframes)).toEqual([
      { frame0: { type: 'generation', id: 'gen-parent' } },
      { frame0: { type: 'image', url: 'https://x.test/a.png' } },
    ]);
  });

  it('a failed generation gives its failure_reason; a moderation one is filtered', async () => {
    fake.scenario = { filter: true };
    try {
      const s = await done((await luma.submit(up, job())).id);
      expect(s).toMatchObject({ phase: 'failed', status: 'failed', filtered: true });
      expect(s.error).toMatch(/moderation/);
    } finally {
      fake.scenario = {};
    }
  });

  it('a model Luma does not name is its 422, the field named, and nothing created', async () => {
    const before = fake.jobs.size;
    const err = await luma.submit(up, job({ model: 'ray-9' })).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/422/);
    expect(err?.message).toMatch(/model/);
    expect(fake.jobs.size).toBe(before);
  });

  it('the connection test reads /credits, a balance in USD cents', async () => {
    expect(await luma.checkConnection!(up)).toBe('Luma: signed in, $5.00 of credit left');
  });
});

describe('the Luma relay (LumaAI-API/Luma-API)', () => {
  it('submits at /luma/generations/, reads video.url, and a wrong secret is its 401', async () => {
    const { id } = await lumaRelay.submit(up, job({ model: 'luma' }));
    const s = await until(
      async () => {
        const x = await lumaRelay.fetch(up, id);
        return x.phase === 'succeeded' ? x : undefined;
      },
      10_000,
      'relay generation',
    );
    expect(s.videoUrl).toMatch(new RegExp(`^${fake.url}/files/${id}\\.mp4`));
    const wrong = await fetch(`${fake.url}/luma/generations/${id}`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      detail: { reason: 'unauthorized secret token', code: 1 },
    });
  });

  it('tests the connection on its own /luma/users/me (Luma-API has no /v1/models)', async () => {
    const from = fake.requests.length;
    expect(await lumaRelay.checkConnection!(up)).toBe('Luma relay: the relay answers, signed in');
    expect(fake.requests.slice(from).map((r) => r.path)).toEqual(['/luma/users/me']);
    await expect(lumaRelay.checkConnection!({ ...up, apiKey: 'nope' })).rejects.toThrow(
      /401.*unauthorized secret token/,
    );
  });
});
