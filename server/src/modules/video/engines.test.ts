import { describe, expect, it } from 'vitest';
import { TaskStatus } from '@atelier/contracts';
import { mediaTools, probeMedia } from '../../lib/ffmpeg.js';
import { bearer, call } from '../../test/harness.js';
import { until } from '../../../test/task-support.js';
import type { EngineProtocol } from '../../../test/fakes/video-engines.js';
import { ledgerCheck } from '../credits/index.js';
import {
  DURATION,
  ENGINES,
  MODEL,
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
 * Seedance, Veo, Hailuo and Wan, each through its loopback fake (test/fakes/video-engines.ts,
 * after the providers' documentation and New API's relay adaptors): a clip round-trips into a
 * stored MP4 charged the price `/video/models` showed; the upstream's refusals (its content
 * filter, an invalid parameter, no quota) and failed jobs charge nothing; a result link that
 * expired before we fetched it is asked for again; Seedance's callbacks racing polls settle
 * once; options are offered per model and refused (400) elsewhere.
 */
useEnginesApp();

describe('each engine round-trips into a stored MP4, charged what was shown', () => {
  it.each(ENGINES)('%s', async (protocol) => {
    fake.scenario = {};
    const row = (await modelRows()).find((m) => m.id === models[protocol])!;
    const shown = row.prices.find((p) => p.action === 'generate')!.credits;
    expect(shown).toBe(PRICE[protocol]);
    const before = await balance(alice.userId);
    const r = await queue({
      modelId: models[protocol],
      prompt: 'a lighthouse in a storm',
      duration: DURATION[protocol],
      resolution: row.options.resolutions[0],
      ...(row.options.cameraFixed ? { cameraFixed: true } : {}),
      ...(row.options.audio ? { audio: true } : {}),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    const stored = await t.app.inject({ url: done.video!.url, headers: bearer(alice.token) });
    const info = await probeMedia(mediaTools()!, stored.rawPayload);
    expect(info.streams.find((s) => s.type === 'video')?.codec).toBe('h264');
    expect(done.credits).toBe(shown);
    expect(await balance(alice.userId)).toBe(before - shown);
  });

  it('sends each upstream its own fields', async () => {
    const ark = JSON.parse(lastPost(/^\/api\/v3\/contents\/generations\/tasks$/).body);
    expect(ark).toMatchObject({
      model: 'doubao-seedance-1-0-pro-250528',
      content: [{ type: 'text', text: 'a lighthouse in a storm' }],
      resolution: '1080p',
      ratio: '16:9',
      duration: 5,
      camera_fixed: true,
      watermark: false,
    });
    expect(ark.callback_url).toMatch(/\/api\/video\/callback\/seedance\/\d+\?secret=/);
    const veo = lastPost(/:predictLongRunning$/);
    expect(veo.path).toBe('/v1beta/models/veo-3.0-generate-001:predictLongRunning');
    expect(veo.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(JSON.parse(veo.body).parameters).toMatchObject({
      aspectRatio: '16:9',
      durationSeconds: 8,
      resolution: '720p',
      generateAudio: true,
    });
    expect(JSON.parse(lastPost(/^\/v1\/video_generation$/).body)).toMatchObject({
      model: 'MiniMax-Hailuo-02',
      duration: 6,
      resolution: '768P',
    });
    const wan = lastPost(/video-synthesis$/);
    expect(wan.headers['x-dashscope-async']).toBe('enable');
    expect(JSON.parse(wan.body)).toMatchObject({
      model: 'wan2.5-t2v-preview',
      parameters: { size: '1920*1080', duration: 5, watermark: false, audio: true },
    });
    const vidu = lastPost(/^\/ent\/v2\//);
    expect(vidu.path).toBe('/ent/v2/text2video');
    expect(vidu.headers.authorization).toBe(`Token ${fake.apiKey}`);
    expect(JSON.parse(vidu.body)).toMatchObject({
      model: 'viduq1',
      duration: 5,
      resolution: '1080p',
      aspect_ratio: '16:9',
      bgm: true,
    });
    // Hailuo's link is asked for at /v1/files/retrieve, after the query said Success.
    expect(fake.requests.some((q) => q.path === '/v1/files/retrieve')).toBe(true);
  });

  it('first and last frames where the model takes them', async () => {
    fake.scenario = {};
    for (const name of ['veo-3.1', 'wan-kf', 'vidu']) {
      const r = await queue({
        modelId: models[name],
        prompt: 'day to night',
        firstFrame: frame,
        lastFrame: frame,
        duration: name === 'veo-3.1' ? 4 : 5,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await finished(r.body.data.id)).status).toBe(TaskStatus.succeeded);
    }
    const veo = JSON.parse(lastPost(/:predictLongRunning$/).body).instances[0];
    expect(veo.image.mimeType).toMatch(/^image\//);
    expect(veo.lastFrame.bytesBase64Encoded.length).toBeGreaterThan(100);
    const wan = JSON.parse(lastPost(/video-synthesis$/).body);
    expect(wan.input.first_frame_url).toMatch(/^data:image\//);
    expect(wan.input.last_frame_url).toMatch(/^data:image\//);
    expect(wan.parameters.resolution).toBe('1080P');
    const vidu = lastPost(/^\/ent\/v2\//);
    expect(vidu.path).toBe('/ent/v2/start-end2video');
    expect(JSON.parse(vidu.body).images).toHaveLength(2);
  });
});

describe('options per model', () => {
  it('offers resolutions, a fixed camera and audio only where the model takes them', async () => {
    const rows = await modelRows();
    const of = (name: string) => rows.find((m) => m.id === models[name])!;
    expect(of('seedance').options).toEqual({
      resolutions: ['1080p', '720p', '480p'],
      cameraFixed: true,
      audio: false,
      references: 0,
    });
    expect(of('seedance-t2v').supports.firstFrame).toBe(false);
    expect(of('veo').options).toMatchObject({ cameraFixed: false, audio: true });
    expect(of('veo').durations).toEqual([8]);
    expect(of('veo-2').options).toEqual({
      resolutions: [],
      cameraFixed: false,
      audio: false,
      references: 0,
    });
    expect(of('veo-3.1').supports.lastFrame).toBe(true);
    expect(of('hailuo').options.resolutions).toEqual(['768p', '1080p', '512p']);
    expect(of('hailuo-t2v').supports.firstFrame).toBe(false);
    expect(of('wan').options.audio).toBe(true);
  });

  it('refuses an option the model lacks with a 400 naming it, holding and sending nothing', async () => {
    const before = await balance(alice.userId);
    const sent = fake.requests.length;
    const cases: Array<[string, object, string]> = [
      ['veo', { cameraFixed: true }, 'cameraFixed'],
      ['veo-2', { resolution: '720p' }, 'resolution'],
      ['seedance', { audio: true }, 'audio'],
      ['hailuo', { resolution: '480p' }, 'resolution'],
      ['veo', { duration: 5 }, 'duration'],
      ['seedance-t2v', { firstFrame: frame }, 'firstFrame'],
    ];
    for (const [name, extra, field] of cases) {
      const r = await queue({
        modelId: models[name],
        prompt: 'x',
        duration: DURATION[MODEL[name]![0] as EngineProtocol],
        ...extra,
      });
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
    }
    expect(await balance(alice.userId)).toBe(before);
    expect(fake.requests.length).toBe(sent);
  });
});

describe('refusals and failures charge nothing', () => {
  it.each(ENGINES)('%s: its filter, an invalid parameter, no quota, a failed job', async (p) => {
    const before = await balance(alice.userId);
    for (const scenario of [
      { refuse: 'filter' as const },
      { refuse: 'invalid' as const },
      { refuse: 'quota' as const },
      { filter: true },
      { fail: true },
    ]) {
      fake.scenario = scenario;
      const r = await queue({ modelId: models[p], prompt: 'x', duration: DURATION[p] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const done = await finished(r.body.data.id);
      expect(done.status, `${p} ${JSON.stringify(scenario)}`).toBe(TaskStatus.failed);
      expect(done.credits).toBe(0);
      if (scenario.refuse === 'filter' || 'filter' in scenario)
        expect(done.error, `${p} ${JSON.stringify(scenario)}`).toMatch(/审核/);
    }
    expect(await balance(alice.userId)).toBe(before);
  });

  it('leaves the ledger balanced', async () => {
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });
});

describe('a result link that expired before we fetched it', () => {
  it.each(ENGINES)('%s: asked for again, the clip is ours', async (p) => {
    fake.scenario = { expireFirstLink: true };
    const r = await queue({ modelId: models[p], prompt: 'fox', duration: DURATION[p] });
    const done = await finished(r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    const job = [...fake.jobs.values()].filter((j) => j.protocol === p).at(-1)!;
    expect(job.linksHanded).toBeGreaterThanOrEqual(2);
    // Our own copy: served by us, whatever the upstream's link does now.
    const own = await t.app.inject({ url: done.video!.url, headers: bearer(alice.token) });
    expect(own.statusCode).toBe(200);
  });
});

describe("Seedance's callbacks racing the polls", () => {
  it('settle each task once', async () => {
    fake.scenario = { callback: true };
    const before = await balance(alice.userId);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await queue({ modelId: models.seedance, prompt: `race ${i}`, duration: 5 });
      ids.push(r.body.data.id);
    }
    for (const id of ids) expect((await finished(id)).status).toBe(TaskStatus.succeeded);
    const jobs = [...fake.jobs.values()].filter((j) => j.protocol === 'seedance').slice(-4);
    await until(
      async () => jobs.every((j) => j.callbackDeliveries.length === 1) || undefined,
      10_000,
      'callbacks delivered',
    );
    for (const j of jobs) expect(j.callbackDeliveries).toEqual([200]);
    // The same callback again after the end changes nothing.
    const again = await fetch(jobs[0]!.callbackUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: jobs[0]!.id, status: 'failed', error: { code: 'x' } }),
    });
    expect(await again.json()).toEqual({ ok: true, applied: false });
    expect(await balance(alice.userId)).toBe(before - 4 * PRICE.seedance);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
  });
});

describe("New API's unified video endpoint, in front of the same engines", () => {
  it.each(ENGINES)(
    '%s: /v1/video/generations with its fields in metadata, read at /v1/videos/{id}',
    async (p) => {
      fake.scenario = {};
      const rows = await modelRows();
      const direct = rows.find((m) => m.id === models[p])!;
      const relayed = rows.find((m) => m.id === models[`na-${p}`])!;
      // The same durations and options as the direct adapter (no reference-to-video there).
      expect({ ...relayed.options, references: direct.options.references }).toEqual(direct.options);
      expect(relayed.options.references).toBe(0);
      expect(relayed.durations).toEqual(direct.durations);
      const before = await balance(alice.userId);
      const r = await queue({
        modelId: relayed.id,
        prompt: 'a relayed lighthouse',
        duration: DURATION[p],
        ...(relayed.options.resolutions[0] ? { resolution: relayed.options.resolutions[0] } : {}),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const done = await finished(r.body.data.id);
      expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
      expect(await balance(alice.userId)).toBe(before - PRICE.newapi);
      const sent = JSON.parse(lastPost(/^\/v1\/video\/generations$/).body);
      expect(sent).toMatchObject({
        model: MODEL[`na-${p}`]![1],
        duration: DURATION[p],
      });
      const job = [...fake.jobs.values()].at(-1)!;
      expect(job.publicId).toMatch(/^task_/);
      expect(fake.requests.some((q) => q.path === `/v1/videos/${job.publicId}`)).toBe(true);
      if (p === 'seedance')
        expect(job.body).toMatchObject({ watermark: false, resolution: '1080p' });
      if (p === 'wan')
        expect(job.body).toMatchObject({ parameters: { size: '1920*1080', watermark: false } });
    },
  );

  it("Veo's first frame goes as New API's images; its last frame is not offered there", async () => {
    fake.scenario = {};
    const rows = await modelRows();
    expect(rows.find((m) => m.id === models['na-veo'])!.supports.lastFrame).toBe(false);
    const r = await queue({
      modelId: models['na-veo'],
      prompt: 'x',
      firstFrame: frame,
      duration: 8,
    });
    expect((await finished(r.body.data.id)).status).toBe(TaskStatus.succeeded);
    expect(JSON.parse(lastPost(/^\/v1\/video\/generations$/).body).images[0]).toMatch(
      /^data:image\//,
    );
    const job = [...fake.jobs.values()].at(-1)!;
    expect(job.body).toMatchObject({
      instances: [{ image: { mimeType: expect.stringMatching(/^image\//) } }],
    });
  });

  it("a vendor's refusal through the relay charges nothing", async () => {
    const before = await balance(alice.userId);
    fake.scenario = { refuse: 'filter' };
    const r = await queue({ modelId: models['na-seedance'], prompt: 'x', duration: 5 });
    const done = await finished(r.body.data.id);
    expect(done.status).toBe(TaskStatus.failed);
    fake.scenario = { filter: true };
    const f = await queue({ modelId: models['na-wan'], prompt: 'x', duration: 5 });
    const failed = await finished(f.body.data.id);
    expect(failed.status).toBe(TaskStatus.failed);
    expect(failed.error).toMatch(/审核/);
    expect(await balance(alice.userId)).toBe(before);
  });
});

describe('the offline demo, named after an engine', () => {
  it("offers the engine's options with no key and renders the clip, charged what was shown", async () => {
    const h = bearer(admin.token);
    const list = await call<{ rows: Array<{ id: number; protocol: string }> }>(t.app, {
      url: '/api/admin/chat/providers',
      headers: h,
    });
    const m = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/models/create',
      headers: h,
      payload: {
        name: 'Seedance (offline demo)',
        upstreamModel: 'doubao-seedance-1-0-pro-250528',
        providerId: list.body.data.rows.find((r) => r.protocol === 'demo')!.id,
        kind: 'video',
        priceKey: 'demo-video:generate',
      },
    });
    const row = (await modelRows()).find((x) => x.id === m.body.data.id)!;
    expect(row.demo).toBe(true);
    expect(row.options).toEqual({
      resolutions: ['1080p', '720p', '480p'],
      cameraFixed: true,
      audio: false,
      references: 0,
    });
    const shown = row.prices.find((p) => p.action === 'generate')!.credits;
    const before = await balance(alice.userId);
    const sent = fake.requests.length;
    const r = await queue({
      modelId: row.id,
      prompt: 'a demo lantern',
      duration: 5,
      resolution: '720p',
      cameraFixed: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = await finished(r.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe(TaskStatus.succeeded);
    expect(done.video?.url).toBeTruthy();
    expect(await balance(alice.userId)).toBe(before - shown);
    expect(fake.requests.length).toBe(sent);
  });
});

describe('connection checks', () => {
  it.each(ENGINES)('%s', async (protocol) => {
    const list = await call<{ rows: Array<{ id: number; protocol: string }> }>(t.app, {
      url: '/api/admin/chat/providers',
      headers: bearer(admin.token),
    });
    const id = list.body.data.rows.find((r) => r.protocol === protocol)!.id;
    const r = await call<{ ok: boolean; message: string }>(t.app, {
      method: 'POST',
      url: '/api/admin/chat/providers/test',
      headers: bearer(admin.token),
      payload: { id },
    });
    expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ ok: true });
  });
});
