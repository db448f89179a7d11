import { describe, expect, it } from 'vitest';
import { decodeWav, durationOf } from '../../lib/wav.js';
import { demoLyrics, parseLrc } from './demo-lyrics.js';
import { demoSong } from './demo-music.js';

const input = {
  prompt: 'a summer song about the sea and the night',
  tags: 'pop, upbeat',
  title: '',
  lyrics: '',
  instrumental: false,
  variant: 0,
};

describe('demo music', () => {
  it('makes a real song of tens of seconds whose WAV is the exact sum of its two stems', async () => {
    const song = await demoSong(input);
    const mix = decodeWav(song.files[song.index.wav]!.bytes);
    const vocals = decodeWav(song.files[song.index.vocals]!.bytes);
    const band = decodeWav(song.files[song.index.instrumental]!.bytes);
    expect(durationOf(mix)).toBeGreaterThan(15);
    expect(durationOf(mix)).toBeLessThan(60);
    const m = mix.channels[0]!;
    const v = vocals.channels[0]!;
    const b = band.channels[0]!;
    expect(v.length).toBe(m.length);
    const toInt = (x: number) => Math.round(x * 0x8000);
    let energyV = 0;
    let energyB = 0;
    for (let i = 0; i < m.length; i++) {
      if (toInt(m[i]!) !== toInt(v[i]!) + toInt(b[i]!)) throw new Error(`sample ${i} differs`);
      energyV += v[i]! ** 2;
      energyB += b[i]! ** 2;
    }
    // Both stems carry sound: a voice line and a band.
    expect(energyV / m.length).toBeGreaterThan(1e-4);
    expect(energyB / m.length).toBeGreaterThan(1e-4);
    expect(song.lyrics).toMatch(/\[Verse\]/);
    expect(song.lyrics).toMatch(/\[Chorus\]/);
    const lrc = parseLrc(song.lrc);
    expect(lrc.length).toBe(8);
    expect(lrc[1]!.at).toBeGreaterThan(lrc[0]!.at);
    expect(lrc.at(-1)!.at).toBeLessThan(durationOf(mix));
    const cover = song.files[song.index.image]!.bytes;
    expect(cover.subarray(1, 4).toString()).toBe('PNG');
  });

  it('is deterministic, and the prompt and style change the music', async () => {
    const a = await demoSong(input);
    const b = await demoSong(input);
    const c = await demoSong({ ...input, tags: 'sad ballad' });
    const d = await demoSong({ ...input, variant: 1 });
    const wav = (s: typeof a) => s.files[s.index.wav]!.bytes;
    expect(wav(a).equals(wav(b))).toBe(true);
    expect(wav(a).equals(wav(c))).toBe(false);
    expect(wav(a).equals(wav(d))).toBe(false);
    expect(c.bpm).toBeLessThan(a.bpm);
    expect(c.key).toMatch(/minor/);
  });

  it('sings given lyrics, and an instrumental has a silent vocals stem', async () => {
    const sung = await demoSong({ ...input, lyrics: '[Verse]\none\ntwo\nthree', title: 'Mine' });
    expect(parseLrc(sung.lrc).map((l) => l.text)).toEqual(['one', 'two', 'three']);
    expect(sung.title).toBe('Mine');
    const inst = await demoSong({ ...input, instrumental: true });
    expect(inst.lyrics).toBe('');
    const v = decodeWav(inst.files[inst.index.vocals]!.bytes).channels[0]!;
    expect(v.every((x) => x === 0)).toBe(true);
  });

  it('writes two different lyric drafts for one theme', () => {
    const a = demoLyrics('city lights', 0);
    const b = demoLyrics('city lights', 1);
    expect(a.text).not.toBe(b.text);
    expect(a.text).toContain('[Chorus]');
  });
});
