import { describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { bearer, call } from '../../test/harness.js';
import {
  PRICE,
  admin,
  alice,
  balance,
  fake,
  finished,
  frame,
  lastPost,
  modelRows,
  models,
  queue,
  t,
  useEnginesApp,
} from './engines.setup.js';

/**
 * What engines.test.ts leaves to its own app: Jimeng's signed calls against the fake that
 * recomputes Volcengine's signature (test/fakes/volc-signature.ts), and Vidu's
 * reference-to-video offered per model.
 */
useEnginesApp();

describe("Jimeng's signed calls (Volcengine's HMAC-SHA256 signature, checked by the fake)", () => {
  it('signs each call, sends its req_key per pictures and reads the task back with it', async () => {
    fake.scenario = {};
    const r = await queue({
      modelId: models.jimeng,
      prompt: 'a paper boat',
      firstFrame: frame,
      lastFrame: frame,
      duration: 10,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await finished(r.body.data.id)).status).toBe(TaskStatus.succeeded);
    const submit = fake.requests
      .filter((q) => q.query.get('Action') === 'CVSync2AsyncSubmitTask')
      .at(-1)!;
    expect(submit.url).toBe('/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31');
    expect(submit.headers.authorization).toMatch(
      /^HMAC-SHA256 Credential=AKLT\w+\/\d{8}\/cn-north-1\/cv\/request, SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$/,
    );
    expect(submit.headers.authorization).not.toContain(fake.volcKey.split('|')[1]!);
    const body = JSON.parse(submit.body);
    expect(body).toMatchObject({
      req_key: 'jimeng_i2v_first_tail_v30',
      prompt: 'a paper boat',
      frames: 241,
    });
    expect(body.binary_data_base64).toHaveLength(2);
    const get = fake.requests
      .filter((q) => q.query.get('Action') === 'CVSync2AsyncGetResult')
      .at(-1)!;
    expect(JSON.parse(get.body)).toMatchObject({ req_key: 'jimeng_i2v_first_tail_v30' });
    // The older l20 model is words only: no first frame offered.
    const l20 = (await modelRows()).find((m) => m.id === models['jimeng-l20'])!;
    expect(l20.supports).toMatchObject({ text: true, firstFrame: false, lastFrame: false });
  });

  it('a wrong secret: the gateway refuses the signature (401), the check fails, nothing charged', async () => {
    const h = bearer(admin.token);
    const p = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/create',
      headers: h,
      payload: {
        name: 'jimeng-wrong-secret',
        protocol: 'jimeng',
        baseUrl: fake.url,
        apiKey: `${fake.volcKey.split('|')[0]}|not-the-secret`,
      },
    });
    const check = await call<{ ok: boolean; message: string }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/test',
      headers: h,
      payload: { id: p.body.data.id },
    });
    expect(check.body.data.ok).toBe(false);
    expect(check.body.data.message).toMatch(/401/);
    const m = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'Jimeng wrong secret',
        upstreamModel: 'jimeng_v30',
        providerId: p.body.data.id,
        kind: 'video',
        priceKey: 'fake-jimeng:generate',
      },
    });
    const before = await balance(alice.userId);
    fake.scenario = {};
    const r = await queue({ modelId: m.body.data.id, prompt: 'x', duration: 5 });
    const done = await finished(r.body.data.id);
    expect(done.status).toBe(TaskStatus.failed);
    expect(done.credits).toBe(0);
    expect(await balance(alice.userId)).toBe(before);
    expect(
      fake.requests.some(
        (q) =>
          q.query.get('Action') === 'CVSync2AsyncSubmitTask' &&
          q.headers.authorization?.includes('not-the-secret'),
      ),
    ).toBe(false);
  });
});

describe("Vidu's reference-to-video", () => {
  it('sends several references to reference2video, only for the models that take them', async () => {
    fake.scenario = {};
    const rows = await modelRows();
    expect(rows.find((m) => m.id === models.vidu)!.options.references).toBe(7);
    expect(rows.find((m) => m.id === models.seedance)!.options.references).toBe(0);
    const before = await balance(alice.userId);
    const r = await queue({
      modelId: models.vidu,
      prompt: 'the two of them dancing',
      references: [frame, frame, frame],
      aspect: '9:16',
      duration: 5,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    expect(await balance(alice.userId)).toBe(before - PRICE.vidu);
    const sent = lastPost(/^\/ent\/v2\//);
    expect(sent.path).toBe('/ent/v2/reference2video');
    const body = JSON.parse(sent.body);
    expect(body.images).toHaveLength(3);
    expect(body).toMatchObject({ model: 'viduq1', aspect_ratio: '9:16' });
  });

  it('refuses references where the model takes none, too many, or with frames: 400, nothing sent', async () => {
    const sent = fake.requests.length;
    const before = await balance(alice.userId);
    for (const body of [
      { modelId: models.seedance, prompt: 'x', references: [frame], duration: 5 },
      { modelId: models.vidu, prompt: 'x', references: Array(8).fill(frame), duration: 5 },
      { modelId: models.vidu, prompt: 'x', references: [frame], firstFrame: frame, duration: 5 },
    ]) {
      const r = await queue(body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain('references');
    }
    expect(fake.requests.length).toBe(sent);
    expect(await balance(alice.userId)).toBe(before);
  });
});
