import { failureTexts } from '../../lib/failure-text.js';
import { describe, expect, it } from 'vitest';
import { music as M } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { mediaTools, probeMedia } from '../../lib/ffmpeg.js';
import { decodeWav, durationOf } from '../../lib/wav.js';
import * as gcui from '../../providers/music/gcui-suno.js';
import * as newapi from '../../providers/music/newapi-suno.js';
import { ledgerCheck } from '../credits/index.js';
import { getTask } from '../tasks/index.js';
import { freePort } from '../../../test/drawing-support.js';
import {
  alice,
  balance,
  fakes,
  finished,
  models,
  PRICE,
  submit,
  t,
  useMusicApp,
} from './music.setup.js';

useMusicApp();

/** Seconds of stored audio, read back from its bytes (ffprobe, or our WAV parser). */
async function storedSeconds(url: string): Promise<number> {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${alice.token}` } });
  expect(res.statusCode).toBe(200);
  const bytes = res.rawPayload;
  if (res.headers['content-type'] === 'audio/wav') return durationOf(decodeWav(bytes));
  const tools = mediaTools();
  expect(tools, 'MP3 results need ffprobe to be read').toBeTruthy();
  const info = await probeMedia(tools!, bytes);
  expect(info.streams.some((s) => s.type === 'audio')).toBe(true);
  return info.durationSeconds;
}

describe.each(['newapi', 'gcui'] as const)('Suno through the %s format', (format) => {
  it('round-trips two clips into stored audio files that decode, and charges the price', async () => {
    const fake = fakes[format];
    fake.stepMs = 120; // slow mode: the progress shows steps between 0 and 100
    const before = await balance(alice);
    const task = await submit(alice, {
      modelId: models[format],
      mode: 'inspiration',
      prompt: 'a song about the harbour',
      tags: 'folk',
    });
    expect(await balance(alice)).toBe(before - PRICE.song); // held
    const seen: number[] = [];
    const done = await finished(alice, task.id, seen);
    fake.stepMs = 30;
    expect(done.status, JSON.stringify(done)).toBe(3);
    expect(
      seen.some((p) => p > 0 && p < 100),
      `progress ${seen.join(',')}`,
    ).toBe(true);
    expect(done.clips).toHaveLength(2);
    for (const clip of done.clips) {
      expect(clip.status).toBe('complete');
      expect(clip.audioUrl).toMatch(/^\/api\/files\//);
      expect(await storedSeconds(clip.audioUrl!)).toBeGreaterThan(1.5);
      expect(clip.imageUrl).toMatch(/^\/api\/files\//);
    }
    expect(await balance(alice)).toBe(before - PRICE.song);
    const sent = fake.submits.at(-1)!;
    if (format === 'newapi') {
      expect(sent.path).toBe('/suno/submit/music');
      expect(sent.body).toMatchObject({
        gpt_description_prompt: 'a song about the harbour, folk',
        mv: 'chirp-v4',
        make_instrumental: false,
      });
      // New API has no notify hook (dto/suno.go): the task is polled.
      expect(sent.body).not.toHaveProperty('notify_hook');
    } else {
      expect(sent.path).toBe('/api/generate');
      expect(sent.body).toMatchObject({
        prompt: 'a song about the harbour, folk',
        wait_audio: false,
      });
    }
  });

  it('charges only the clip delivered: one failed clip of two refunds half', async () => {
    const fake = fakes[format];
    fake.failSecond = true;
    const before = await balance(alice);
    const task = await submit(alice, {
      modelId: models[format],
      mode: 'custom',
      lyrics: '[Verse]\nhello',
      title: 'Half',
      tags: 'pop',
    });
    const done = await finished(alice, task.id);
    fake.failSecond = false;
    expect(done.status).toBe(3);
    expect(done.clips.map((c) => c.status)).toEqual(['complete', 'error']);
    // A sentence of the failure's class in the user's language, not the upstream's text.
    // (The fake's clip says 'Clip generation failed: content moderation'.)
    expect(Object.values(failureTexts.filtered)).toContain(done.clips[1]!.error);
    expect(done.clips[1]!.audioUrl).toBeNull();
    expect(done.credits).toBe(PRICE.song / 2);
    expect(await balance(alice)).toBe(before - PRICE.song / 2);
    expect(await ledgerCheck(t.app.ctx.db.kysely)).toEqual([]);
    const sent = fake.submits.at(-1)!.body;
    expect(sent).toMatchObject(
      format === 'newapi'
        ? { prompt: '[Verse]\nhello', title: 'Half', tags: 'pop' }
        : { prompt: '[Verse]\nhello', title: 'Half', tags: 'pop' },
    );
  });

  it('keeps the song after the upstream audio link expires', async () => {
    const fake = fakes[format];
    const task = await submit(alice, {
      modelId: models[format],
      mode: 'inspiration',
      prompt: 'short lived',
    });
    const done = await finished(alice, task.id);
    expect(done.status, JSON.stringify(done)).toBe(3);
    const upstream = [...fake.clips.values()].at(-1)!;
    const link = `${fake.url}/audio/${upstream.id}.mp3?expires=${upstream.expiresAt}`;
    expect((await fetch(link)).status).toBe(200);
    fake.expireLinks();
    const hits = fake.expiredHits;
    expect(
      (await fetch(`${fake.url}/audio/${upstream.id}.mp3?expires=${upstream.expiresAt}`)).status,
    ).toBe(403);
    expect(fake.expiredHits).toBe(hits + 1);
    expect(await storedSeconds(done.clips[0]!.audioUrl!)).toBeGreaterThan(1.5);
  });

  it('extends a clip from a point and assembles the whole song', async () => {
    const fake = fakes[format];
    const first = await finished(
      alice,
      (await submit(alice, { modelId: models[format], mode: 'inspiration', prompt: 'part one' }))
        .id,
    );
    const source = first.clips[0]!;
    const before = await balance(alice);
    const ext = await callEndpoint(t.app, M.extendSong, {
      body: { taskId: first.id, clip: 0, at: 1, lyrics: '[Verse]\nmore' },
      token: alice.token,
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(200);
    const extended = await finished(alice, ext.body.data.id);
    expect(extended.status).toBe(3);
    expect(extended.source).toMatchObject({ taskId: first.id, clip: 0, at: 1 });
    expect(await balance(alice)).toBe(before - PRICE.extend);
    const body = fake.submits.at(-1)!.body;
    const upstreamId = [...fake.clips.values()].find(
      (c) => c.title === source.title && c.extendsId === null,
    )?.id;
    if (format === 'newapi')
      expect(body).toMatchObject({
        continue_clip_id: upstreamId ?? expect.any(String),
        continue_at: 1,
        prompt: '[Verse]\nmore',
        // New API refuses an extend without the task that made the clip.
        task_id: (await getTask(t.app.ctx, alice.userId, first.id)).upstreamId,
      });
    else
      expect(body).toMatchObject({
        audio_id: expect.any(String),
        continue_at: 1,
        prompt: '[Verse]\nmore',
      });
    const whole = await callEndpoint(t.app, M.wholeSong, {
      body: { taskId: extended.id, clip: 0 },
      token: alice.token,
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    const song = await finished(alice, whole.body.data.id);
    expect(song.status, JSON.stringify(song)).toBe(3);
    const partSeconds = await storedSeconds(extended.clips[0]!.audioUrl!);
    const wholeSeconds = await storedSeconds(song.clips[0]!.audioUrl!);
    // One second of the first clip, then the extension (upstream concat or ours).
    expect(wholeSeconds).toBeGreaterThan(partSeconds + 0.8);
    expect(wholeSeconds).toBeLessThan(partSeconds + 1.3);
    expect(await balance(alice)).toBe(before - PRICE.extend); // assembling is free
  });

  it('writes two lyric drafts through the lyrics call, charged once', async () => {
    const before = await balance(alice);
    const r = await callEndpoint(t.app, M.lyricsPair, {
      body: { prompt: 'lanterns', modelId: models[format] },
      token: alice.token,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.drafts).toHaveLength(2);
    for (const d of r.body.data.drafts) {
      expect(d.text).toContain('[Verse]');
      expect(d.title).toMatch(/lanterns/);
    }
    expect(r.body.data.drafts[0]!.text).not.toBe(r.body.data.drafts[1]!.text);
    expect(await balance(alice)).toBe(before - PRICE.lyrics);
  });

  it('answers a connection check, and says in words what is wrong', async () => {
    const fake = fakes[format];
    const check = format === 'newapi' ? newapi.checkConnection : gcui.checkConnection;
    await expect(check({ baseUrl: fake.url, apiKey: fake.key, timeoutMs: 2000 })).resolves.toMatch(
      /answered/,
    );
    await expect(check({ baseUrl: fake.url, apiKey: 'wrong', timeoutMs: 2000 })).rejects.toThrow(
      /401/,
    );
    await expect(
      check({ baseUrl: `${fake.url}/nope`, apiKey: fake.key, timeoutMs: 2000 }),
    ).rejects.toThrow(/404/);
    await expect(
      check({ baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey: null, timeoutMs: 2000 }),
    ).rejects.toThrow(/refused/);
  });
});
