import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TaskStatus, type separation as S } from '@atelier/contracts';
import { bearer, call } from '../../test/harness.js';
import { decodeWav, encodeWav, type PcmAudio } from '../../lib/wav.js';
import { mediaTools, probeMedia } from '../../lib/ffmpeg.js';
import { createTask, getTask, registerTaskKind } from '../tasks/index.js';
import { mp3Of } from './audio.js';
import {
  alice,
  balance,
  bob,
  bytesOf,
  demoModelId,
  finish,
  stereo,
  submit,
  t,
  uploadAudio,
  useSeparationApp,
  wavBytes,
} from './separation.setup.js';

useSeparationApp();

const sumOf = (a: PcmAudio, b: PcmAudio): PcmAudio => ({
  sampleRate: a.sampleRate,
  channels: a.channels.map((c, k) => c.map((v, i) => v + b.channels[k]![i]!)),
});

/** Largest sample difference between two recordings of the same length and layout. */
function maxDiff(a: PcmAudio, b: PcmAudio): number {
  expect(a.channels.length).toBe(b.channels.length);
  let worst = 0;
  a.channels.forEach((c, k) => {
    expect(c.length).toBe(b.channels[k]!.length);
    c.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - b.channels[k]![i]!))));
  });
  return worst;
}

/** Registers a "music" kind that stores `params.files` (base64 WAVs) with `params.data`. */
function registerMusicKind() {
  registerTaskKind(t.app.ctx, {
    kind: 'music',
    async submit(task) {
      const p = task.params as { files: string[]; data: Record<string, unknown> };
      return {
        type: 'done',
        files: p.files.map((b, i) => ({ bytes: Buffer.from(b, 'base64'), name: `part-${i}.wav` })),
        data: p.data,
      };
    },
    async poll() {
      throw new Error('never polled');
    },
  });
}

async function musicTask(userId: number, files: Buffer[], data: Record<string, unknown>) {
  registerMusicKind();
  const task = await createTask(t.app.ctx, {
    userId,
    kind: 'music',
    action: 'song',
    prompt: 'a test song',
    params: { files: files.map((f) => f.toString('base64')), data },
    priceKey: null,
    providerId: null,
  });
  const end = Date.now() + 25_000;
  let row = await getTask(t.app.ctx, userId, task.id);
  while (row.status !== TaskStatus.succeeded && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    row = await getTask(t.app.ctx, userId, task.id);
  }
  expect(row.status).toBe(TaskStatus.succeeded);
  return row;
}

/** A finished music task holding a mix and its two exact stems (`data.stems`, `data.demo`). */
const demoSong = (userId: number, vocals: PcmAudio, instrumental: PcmAudio) =>
  musicTask(
    userId,
    [encodeWav(sumOf(vocals, instrumental)), encodeWav(vocals), encodeWav(instrumental)],
    {
      demo: true,
      stems: { vocals: 1, instrumental: 2 },
      title: 'Test song',
    },
  );

function filesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .length;
}

describe('the offline demo separation', () => {
  it('returns the exact stems of a demo song: they add up to the song', async () => {
    const vocals = stereo(0.5, 8000, [330, 330]);
    const instrumental = stereo(0.5, 8000, [110, 165]);
    const song = await demoSong(alice.userId, vocals, instrumental);
    const songs = await call<{ rows: S.Song[] }>(t.app, {
      method: 'GET',
      url: '/api/separation/songs',
      headers: bearer(alice.token),
    });
    expect(songs.body.data.rows.find((s) => s.taskId === song.id)).toMatchObject({
      title: 'Test song',
      demo: true,
      mime: 'audio/wav',
    });
    const r = await submit(alice, {
      modelId: demoModelId,
      source: { type: 'song', taskId: song.id },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen: number[] = [];
    const done = await finish(alice, r.body.data.id, seen);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    expect(done).toMatchObject({
      method: 'demo-stems',
      demo: true,
      songTaskId: song.id,
      credits: 5,
    });
    const v = decodeWav(await bytesOf(done.vocals!.url));
    const i = decodeWav(await bytesOf(done.instrumental!.url));
    const mix = decodeWav(await bytesOf(song.files[0]!.url));
    // The same samples as the song's own stems, and together the song (16-bit rounding only).
    expect(maxDiff(v, vocals)).toBeLessThan(1e-4);
    expect(maxDiff(sumOf(v, i), mix)).toBeLessThan(2e-4);
    // MP3 copies when ffmpeg is present.
    const mp3s = done.files.filter((f) => f.mime === 'audio/mpeg');
    expect(mp3s.length === 0 || mp3s.length === 2).toBe(true);
  });

  it('a music task of two clips (as the music module stores them): each clip has its own stems', async () => {
    const clip = (hz: number) => ({
      v: stereo(0.3, 8000, [hz, hz]),
      i: stereo(0.3, 8000, [hz / 2, hz / 3]),
    });
    const [a, b] = [clip(300), clip(500)];
    const files = [a, b].flatMap((c) => [
      encodeWav(sumOf(c.v, c.i)),
      encodeWav(c.v),
      encodeWav(c.i),
    ]);
    const clips = [0, 3].map((base, n) => ({
      id: `demo-${n}`,
      status: 'complete',
      title: `Clip ${n}`,
      audio: base,
      wav: base,
      image: null,
      stems: { vocals: base + 1, instrumental: base + 2 },
    }));
    const song = await musicTask(alice.userId, files, {
      demo: true,
      stems: clips[0]!.stems,
      clips,
    });
    const songs = await call<{ rows: S.Song[] }>(t.app, {
      method: 'GET',
      url: '/api/separation/songs',
      headers: bearer(alice.token),
    });
    expect(
      songs.body.data.rows.filter((s) => s.taskId === song.id).map((s) => [s.clip, s.title]),
    ).toEqual([
      [0, 'Clip 0'],
      [1, 'Clip 1'],
    ]);
    const r = await submit(alice, {
      modelId: demoModelId,
      source: { type: 'song', taskId: song.id, clip: 1 },
    });
    const done = await finish(alice, r.body.data.id);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    expect(done).toMatchObject({ method: 'demo-stems', sourceName: 'Clip 1' });
    const v = decodeWav(await bytesOf(done.vocals!.url));
    const i = decodeWav(await bytesOf(done.instrumental!.url));
    expect(maxDiff(v, b.v)).toBeLessThan(1e-4);
    expect(maxDiff(sumOf(v, i), decodeWav(files[3]!))).toBeLessThan(2e-4);
    const missing = await submit(alice, {
      modelId: demoModelId,
      source: { type: 'song', taskId: song.id, clip: 2 },
    });
    expect(missing.status).toBe(400);
  });

  it('splits other stereo audio into mid and side, which add up to the input', async () => {
    const input = stereo(0.4);
    const up = await uploadAudio(alice, wavBytes(input));
    const r = await submit(alice, {
      modelId: demoModelId,
      source: { type: 'upload', url: up.body.data.url },
    });
    const done = await finish(alice, r.body.data.id);
    expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
    expect(done.method).toBe('mid-side');
    const v = decodeWav(await bytesOf(done.vocals!.url));
    const i = decodeWav(await bytesOf(done.instrumental!.url));
    expect(maxDiff(sumOf(v, i), input)).toBeLessThan(2e-4);
    // mid is what both channels share: the same on the left and the right.
    expect(
      maxDiff({ ...v, channels: [v.channels[0]!] }, { ...v, channels: [v.channels[1]!] }),
    ).toBe(0);
  });

  it.skipIf(!mediaTools())(
    'writes MP3 stems with their Xing/LAME length header: 10 s read as 10 s, not estimated',
    async () => {
      const mp3 = (await mp3Of(wavBytes(stereo(10, 44100))))!;
      const head = mp3.subarray(0, 1024).toString('latin1');
      expect(head.includes('Xing') || head.includes('Info')).toBe(true);
      const { durationSeconds } = await probeMedia(mediaTools()!, mp3);
      // (The encoder's delay stays in: about 30 ms; the estimate was off by 0.4–0.8 s.)
      expect(Math.abs(durationSeconds - 10)).toBeLessThan(0.06);
    },
  );

  it.skipIf(!mediaTools())(
    'takes an MP3 (checked by ffprobe) and splits it through ffmpeg',
    async () => {
      const mp3 = (await mp3Of(wavBytes(stereo(1, 44100))))!;
      const up = await uploadAudio(alice, mp3, 'song.mp3', 'audio/mpeg');
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      expect(up.body.data).toMatchObject({ mime: 'audio/mpeg', channels: 2 });
      expect(up.body.data.durationSeconds).toBeGreaterThan(0.9);
      const r = await submit(alice, {
        modelId: demoModelId,
        source: { type: 'upload', url: up.body.data.url },
      });
      const done = await finish(alice, r.body.data.id);
      expect(done.status, done.error ?? '').toBe(TaskStatus.succeeded);
      expect(done.method).toBe('mid-side');
      const v = decodeWav(await bytesOf(done.vocals!.url));
      expect(v.sampleRate).toBe(44100);
      expect(v.channels[0]!.length / 44100).toBeGreaterThan(0.9);
    },
  );

  it('mono audio fails honestly with the credits returned', async () => {
    const mono = { sampleRate: 8000, channels: [stereo(0.2).channels[0]!] };
    const up = await uploadAudio(alice, wavBytes(mono));
    expect(up.body.data.channels).toBe(1);
    const before = await balance(alice);
    const r = await submit(alice, {
      modelId: demoModelId,
      source: { type: 'upload', url: up.body.data.url },
    });
    const done = await finish(alice, r.body.data.id);
    expect(done.status).toBe(TaskStatus.failed);
    expect(done.error).toMatch(/立体声/);
    expect(await balance(alice)).toBe(before);
  });

  it('an upload that is not audio gets a 400 naming the field and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.app.ctx.db.kysely
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const dir = path.join(t.app.ctx.config.dataDir, 'files');
    const [rows, onDisk] = [await count(), filesUnder(dir)];
    const fakes: Array<[Buffer, string]> = [
      [Buffer.from('<html><body>not a song</body></html>'), 'song.mp3'],
      [Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(64)]), 'broken.wav'],
      [Buffer.from('%PDF-1.7 pretending to be audio'), 'song.wav'],
    ];
    for (const [bytes, name] of fakes) {
      const r = await uploadAudio(alice, bytes, name, 'audio/mpeg');
      expect(r.status, name).toBe(400);
      expect(JSON.stringify(r.body)).toContain('"field":"file"');
    }
    expect(await count()).toBe(rows);
    expect(filesUnder(dir)).toBe(onDisk);
    // A form without the file field names it too.
    const empty = await call(t.app, {
      method: 'POST',
      url: '/api/separation/upload',
      headers: { ...bearer(alice.token), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('"field":"file"');
  });

  it("a song is only its owner's to separate (404), and an unfinished or missing one is refused", async () => {
    const song = await demoSong(alice.userId, stereo(0.2), stereo(0.2, 8000, [100, 200]));
    const before = await balance(bob);
    const r = await submit(bob, {
      modelId: demoModelId,
      source: { type: 'song', taskId: song.id },
    });
    expect(r.status).toBe(404);
    expect(await balance(bob)).toBe(before);
    const songs = await call<{ rows: S.Song[] }>(t.app, {
      method: 'GET',
      url: '/api/separation/songs',
      headers: bearer(bob.token),
    });
    expect(songs.body.data.rows.map((s) => s.taskId)).not.toContain(song.id);
    const missing = await submit(alice, {
      modelId: demoModelId,
      source: { type: 'song', taskId: 999999 },
    });
    expect(missing.status).toBe(404);
    const badModel = await submit(alice, {
      modelId: 999999,
      source: { type: 'song', taskId: song.id },
    });
    expect(badModel.status).toBe(404);
  });
});
