import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeMidjourneyProxy,
  type FakeMidjourneyProxy,
} from '../../../test/fakes/midjourney-proxy.js';
import { UpstreamError } from '../errors.js';
import { MidjourneyProxyClient, type MjTask } from './midjourney-proxy.js';
import { videoLinksOf } from './mj-video.js';

/**
 * The adapter's Midjourney video call alone (trueai-org's `/mj/submit/video`), against the fork
 * fake: animate a finished picture, extend the video, and the fork's refusals. The task that
 * charges for it and stores the clip: modules/drawing/mj-video.test.ts (docs/drawing.md).
 */
let fake: FakeMidjourneyProxy;
let client: MidjourneyProxyClient;

beforeAll(async () => {
  fake = await startFakeMidjourneyProxy({ stepMs: 5 });
  client = new MidjourneyProxyClient({
    baseUrl: fake.url,
    secret: fake.secret,
    flavour: 'trueai',
    timeoutMs: 2000,
  });
});
afterAll(() => fake.close());

async function finished(id: string): Promise<MjTask> {
  // A hang guard: the fake steps in milliseconds, a loaded machine may take seconds.
  const end = Date.now() + 60_000;
  for (;;) {
    const t = await client.fetchTask(id);
    if (t.status === 'SUCCESS' || t.status === 'FAILURE') return t;
    if (Date.now() > end) throw new Error(`task ${id} still ${t.status}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Midjourney video through a fork', () => {
  it('animates a finished picture (high motion), answers its clips as MP4 links, and extends one', async () => {
    const grid = await finished((await client.imagine({ prompt: 'a fox' })).taskId);
    const sent = await client.video({
      prompt: 'the fox runs',
      motion: 'high',
      image: grid.imageUrl!,
      batchSize: 2,
    });
    expect(fake.lastSubmit()).toMatchObject({
      path: '/mj/submit/video',
      body: { prompt: 'the fox runs', motion: 'high', image: grid.imageUrl, batchSize: 2 },
    });
    const clip = await finished(sent.taskId);
    expect(clip).toMatchObject({ action: 'VIDEO', status: 'SUCCESS' });
    const links = videoLinksOf(clip);
    expect(links).toHaveLength(2);
    const mp4 = Buffer.from(await (await fetch(links[0]!)).arrayBuffer());
    expect(mp4.subarray(4, 8).toString()).toBe('ftyp');

    const extended = await client.video({
      prompt: 'and jumps',
      action: 'extend',
      taskId: clip.id,
      index: 1,
      motion: 'low',
    });
    expect((await finished(extended.taskId)).action).toBe('VIDEO');
  });

  it('refusals: video off on the fork, a wrong action, an unknown parent', async () => {
    fake.video = false;
    const off = await client.video({ prompt: 'x', image: 'https://x.test/a.png' }).catch((e) => e);
    fake.video = true;
    expect(off).toBeInstanceOf(UpstreamError);
    expect((off as UpstreamError).transient).toBe(false);
    expect(String((off as UpstreamError).message)).toContain('视频功能未启用');
    const unknown = await client
      .video({ prompt: 'x', action: 'extend', taskId: '404', index: 0 })
      .catch((e) => e);
    expect(unknown).toBeInstanceOf(UpstreamError);
    expect((unknown as UpstreamError).transient).toBe(false);
  });
});
