import { describe, expect, it } from 'vitest';
import { music as M } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { decodeWav, durationOf } from '../../lib/wav.js';
import { parseLrc } from '../../providers/music/demo-lyrics.js';
import { getTask } from '../tasks/index.js';
import { alice, balance, bob, finished, models, submit, t, useMusicApp } from './music.setup.js';

useMusicApp();

const wavOf = async (url: string, token = alice.token) => {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.statusCode,
    audio: res.statusCode === 200 ? decodeWav(res.rawPayload) : null,
  };
};

describe('music with the offline demo', () => {
  it('makes two real songs with stems, cover and timed lyrics, recorded for the separation demo', async () => {
    const before = await balance(alice);
    const task = await submit(alice, {
      modelId: models.demo,
      mode: 'inspiration',
      prompt: 'night train to the sea',
      tags: 'pop',
    });
    const done = await finished(alice, task.id);
    expect(done.status, JSON.stringify(done)).toBe(3);
    expect(done.demo).toBe(true);
    expect(await balance(alice)).toBe(before - 10);
    expect(done.clips).toHaveLength(2);
    const clip = done.clips[0]!;
    const song = (await wavOf(clip.wavUrl!)).audio!;
    expect(durationOf(song)).toBeGreaterThan(15);
    // A player can seek: the song answers the byte range asked for.
    const part = await t.app.inject({
      url: clip.audioUrl!,
      headers: { authorization: `Bearer ${alice.token}`, range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 100-199\/\d+$/);
    expect(part.rawPayload).toHaveLength(100);
    expect(parseLrc(clip.lrc).length).toBeGreaterThan(3);
    expect(clip.lyrics).toContain('[Chorus]');
    // The task's data says where the stems are; the song is their exact sum.
    const row = await getTask(t.app.ctx, alice.userId, task.id);
    const data = row.data as {
      demo: boolean;
      stems: { vocals: number; instrumental: number };
      clips: Array<{ wav: number }>;
    };
    expect(data.demo).toBe(true);
    const vocals = (await wavOf(row.files[data.stems.vocals]!.url)).audio!.channels[0]!;
    const band = (await wavOf(row.files[data.stems.instrumental]!.url)).audio!.channels[0]!;
    const mix = (await wavOf(row.files[data.clips[0]!.wav]!.url)).audio!.channels[0]!;
    const q = (x: number) => Math.round(x * 0x8000);
    let differ = 0;
    for (let i = 0; i < mix.length; i++) if (q(mix[i]!) !== q(vocals[i]!) + q(band[i]!)) differ++;
    expect(differ).toBe(0);
    expect(clip.stems?.vocalsUrl).toBe(row.files[data.stems.vocals]!.url);
  });

  it('crops a region into a shorter song, extends from a point and assembles the whole song', async () => {
    const first = await finished(
      alice,
      (
        await submit(alice, {
          modelId: models.demo,
          mode: 'custom',
          lyrics: '[Verse]\none\ntwo\nthree\nfour',
          title: 'Mine',
          tags: 'rock',
        })
      ).id,
    );
    const crop = await callEndpoint(t.app, M.cropSong, {
      body: { taskId: first.id, clip: 0, from: 2, to: 8 },
      token: alice.token,
    });
    expect(crop.status, JSON.stringify(crop.body)).toBe(200);
    const cropped = await finished(alice, crop.body.data.id);
    expect(cropped.status).toBe(3);
    expect(cropped.credits).toBe(0);
    expect(durationOf((await wavOf(cropped.clips[0]!.wavUrl!)).audio!)).toBeCloseTo(6, 1);
    const ext = await callEndpoint(t.app, M.extendSong, {
      body: { taskId: first.id, clip: 1, at: 5, lyrics: '[Chorus]\nmore' },
      token: alice.token,
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(200);
    const extended = await finished(alice, ext.body.data.id);
    const part = durationOf((await wavOf(extended.clips[0]!.wavUrl!)).audio!);
    const whole = await callEndpoint(t.app, M.wholeSong, {
      body: { taskId: extended.id, clip: 0 },
      token: alice.token,
    });
    const song = await finished(alice, whole.body.data.id);
    expect(song.status, JSON.stringify(song)).toBe(3);
    expect(durationOf((await wavOf(song.clips[0]!.wavUrl!)).audio!)).toBeCloseTo(part + 5, 1);
    // The first clip's lines before 5 s, then the extension's, shifted by 5 s.
    const lines = parseLrc(song.clips[0]!.lrc);
    expect(lines.at(-1)!.text).toBe('more');
    expect(lines.at(-1)!.at).toBeGreaterThan(5);
  });

  it('keeps every song to its owner, on every endpoint', async () => {
    const mine = await finished(
      alice,
      (await submit(alice, { modelId: models.demo, mode: 'inspiration', prompt: 'private' })).id,
    );
    const asBob = { token: bob.token };
    const ref = { taskId: mine.id, clip: 0 };
    expect(
      (await callEndpoint(t.app, M.extendSong, { body: { ...ref, at: 1 }, ...asBob })).status,
    ).toBe(404);
    expect(
      (await callEndpoint(t.app, M.cropSong, { body: { ...ref, from: 0, to: 3 }, ...asBob }))
        .status,
    ).toBe(404);
    expect((await callEndpoint(t.app, M.wholeSong, { body: ref, ...asBob })).status).toBe(404);
    const got = await callEndpoint(t.app, M.getSongs, {
      query: { ids: String(mine.id) },
      ...asBob,
    });
    expect(got.body.data.rows).toEqual([]);
    const list = await callEndpoint(t.app, M.listSongs, { query: {}, ...asBob });
    expect(list.body.data.rows.map((r) => r.id)).not.toContain(mine.id);
    const del = await callEndpoint(t.app, M.deleteSongs, { body: { ids: [mine.id] }, ...asBob });
    expect(del.body.data.deleted).toBe(0);
    // The owner may delete it.
    const gone = await callEndpoint(t.app, M.deleteSongs, {
      body: { ids: [mine.id] },
      token: alice.token,
    });
    expect(gone.body.data.deleted).toBe(1);
  });

  it('refuses bad input with a 400 naming the field, and charges nothing', async () => {
    const before = await balance(alice);
    const cases: Array<[Parameters<typeof callEndpoint>[1], object, string]> = [
      [M.submitSong, { mode: 'inspiration', prompt: '' }, 'prompt'],
      [M.submitSong, { mode: 'custom', lyrics: '' }, 'lyrics'],
      [M.submitSong, { mode: 'loud', prompt: 'x' }, 'mode'],
      [M.cropSong, { taskId: 1, clip: 0, from: 5, to: 5.5 }, 'to'],
      [M.extendSong, { taskId: 1, clip: 0, at: -1 }, 'at'],
      [M.lyricsPair, { prompt: '' }, 'prompt'],
    ];
    for (const [endpoint, body, field] of cases) {
      const r = await callEndpoint(t.app, endpoint, { body: body as never, token: alice.token });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(field);
    }
    const mine = await finished(
      alice,
      (await submit(alice, { modelId: models.demo, mode: 'inspiration', prompt: 'short' })).id,
    );
    const late = await callEndpoint(t.app, M.extendSong, {
      body: { taskId: mine.id, clip: 0, at: 999 },
      token: alice.token,
    });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain('"at"');
    expect(await balance(alice)).toBe(before - 10);
  });

  it('lists styles in three languages, demo songs that play, and two lyric drafts', async () => {
    const types = await callEndpoint(t.app, M.queryMusicType, {});
    expect(types.body.data.rows.length).toBeGreaterThan(8);
    expect(types.body.data.rows[0]!.name).toMatchObject({
      'zh-CN': '流行',
      'en-US': 'Pop',
      'zh-TW': '流行',
    });
    const demos = await callEndpoint(t.app, M.queryMusicDemo, {});
    expect(demos.body.data.rows.length).toBe(4);
    const d = demos.body.data.rows[0]!;
    const res = await t.app.inject({ url: d.audioUrl.replace(/\.mp3$/, '.wav') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(durationOf(decodeWav(res.rawPayload))).toBeCloseTo(d.duration, 1);
    const tail = await t.app.inject({ url: d.audioUrl, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toHaveLength(10);
    const pair = await callEndpoint(t.app, M.lyricsPair, {
      body: { prompt: 'paper boats' },
      token: alice.token,
    });
    expect(pair.status).toBe(200);
    expect(pair.body.data.drafts).toHaveLength(2);
    expect(pair.body.data.drafts[0]!.text).not.toBe(pair.body.data.drafts[1]!.text);
  });
});
