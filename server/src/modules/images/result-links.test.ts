import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { drawing as D } from '@atelier/contracts';
import { pngOf } from '../../../test/drawing-support.js';
import { startRawServer, type RawServer } from '../../../test/fakes/multipart.js';
import { taskTexts } from '../tasks/index.js';
import { balance, env, get, post, settle, useImagesApp } from './images.setup.js';

/**
 * A provider's result links are fetched through the address guard: a link (or a redirect) to
 * the server's own network or cloud metadata fails the task at once, nothing charged, the
 * link in the timeline only; a link on the provider's own configured host is fetched.
 */
useImagesApp();

/** Another service on this machine, which a result link must not reach. */
let inside: RawServer;
beforeAll(async () => {
  const png = await pngOf(10, 200, 10, 64);
  inside = await startRawServer(() => ({
    status: 200,
    headers: { 'content-type': 'image/png' },
    body: png,
  }));
});
afterAll(async () => {
  env.openai.linkBase = null;
  env.openai.redirectTo = null;
  await inside.close();
});

const draw = async () => {
  const r = await post<{ rows: D.DrawTask[] }>('/queue/dalleCreate', env.alice.token, {
    modelId: env.models.dalle3,
    prompt: 'a harbour',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return settle(env.alice.token, r.body.data.rows[0]!.id);
};

const timeline = async (id: number) =>
  JSON.stringify(
    (await get<{ events: unknown[] }>(`/admin/tasks/detail?id=${id}`, env.admin.token)).body.data
      .events,
  );

const refused = Object.values(taskTexts.resultLinkRefused);

describe('result links', () => {
  it('on another port of this machine or the metadata address: refused, nothing charged', async () => {
    for (const [base, shows] of [
      [inside.url, '127.0.0.1'],
      ['http://169.254.169.254', '169.254.169.254'],
    ] as const) {
      env.openai.linkBase = base;
      const before = await balance(env.alice.token);
      const t = await draw();
      expect(t.status).toBe(4);
      expect(refused).toContain(t.error);
      expect(await balance(env.alice.token)).toBe(before);
      const events = await timeline(t.id);
      expect(events).toContain(shows);
      expect(events).toContain('private or local address');
    }
    expect(inside.requests).toHaveLength(0);
  });

  it('re-checked at each redirect: the provider’s own link sending the engine inside is refused', async () => {
    env.openai.linkBase = null;
    env.openai.redirectTo = `${inside.url}/secret.png`;
    const before = await balance(env.alice.token);
    const t = await draw();
    env.openai.redirectTo = null;
    expect(t.status).toBe(4);
    expect(refused).toContain(t.error);
    expect(await balance(env.alice.token)).toBe(before);
    expect(inside.requests).toHaveLength(0);
  });

  it('on the provider’s own configured host (a private address here): fetched and stored', async () => {
    env.openai.linkBase = null;
    const before = await balance(env.alice.token);
    const t = await draw();
    expect(t.status, t.error ?? '').toBe(3);
    expect(t.images).toHaveLength(1);
    expect(await balance(env.alice.token)).toBeLessThan(before);
  });
});
