import fs from 'node:fs';
import path from 'node:path';
import { audioTypeOf } from '../../lib/audio-type.js';
import { mediaTools, probeMedia, runTool, withTempDir } from '../../lib/ffmpeg.js';
import { decodeWav, durationOf, encodeWav, WavError, type PcmAudio } from '../../lib/wav.js';

/*
 * Audio for the separation module: what an upload holds (checked by content), decoding to PCM
 * (our WAV reader, else ffmpeg), the demo's mid/side split and the stems' encodings.
 */

export interface AudioFacts {
  mime: string;
  durationSeconds: number;
  channels: number;
}

/**
 * What an audio file is, by its bytes: the magic bytes name the type, then the WAV reader or
 * ffprobe (when present) must read audio in it. Null when it is not audio we take.
 */
export async function readAudioFacts(bytes: Buffer): Promise<AudioFacts | null> {
  const mime = audioTypeOf(bytes);
  if (!mime) return null;
  if (mime === 'audio/wav') {
    try {
      const pcm = decodeWav(bytes);
      if (pcm.channels[0]!.length === 0) return null;
      return { mime, durationSeconds: durationOf(pcm), channels: pcm.channels.length };
    } catch (error) {
      // A WAV we cannot read ourselves (e.g. ADPCM) may still be one ffprobe reads.
      if (!(error instanceof WavError) || !mediaTools()) return null;
    }
  }
  const tools = mediaTools();
  if (!tools) return { mime, durationSeconds: 0, channels: 0 };
  try {
    const info = await probeMedia(tools, bytes, { timeoutMs: 30_000 });
    const audio = info.streams.find((s) => s.type === 'audio');
    if (!audio) return null;
    return { mime, durationSeconds: info.durationSeconds, channels: audio.channels ?? 0 };
  } catch {
    return null;
  }
}

/** PCM of any audio we take: WAV by our reader, other types through ffmpeg. Null: cannot. */
export async function decodeAudio(bytes: Buffer, signal?: AbortSignal): Promise<PcmAudio | null> {
  try {
    return decodeWav(bytes);
  } catch {
    // not a WAV we read: ffmpeg below
  }
  const tools = mediaTools();
  if (!tools) return null;
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'input');
    const output = path.join(dir, 'output.wav');
    await fs.promises.writeFile(input, bytes);
    await runTool(
      tools.ffmpeg,
      ['-v', 'error', '-i', input, '-vn', '-acodec', 'pcm_s16le', '-y', output],
      signal ? { signal } : {},
    );
    return decodeWav(await fs.promises.readFile(output));
  });
}

/**
 * The demo's honest split of stereo audio: mid = (L+R)/2 (what both channels share: usually
 * the lead voice) as "vocals", side = (L−R)/2 (what differs: usually the wide instruments) as
 * "instrumental". Both stereo, the side one in opposite phase (+side, −side), so the two stems
 * add up to the input exactly, channel by channel.
 */
export function midSide(audio: PcmAudio): { vocals: PcmAudio; instrumental: PcmAudio } {
  const [l, r] = audio.channels as [Float32Array, Float32Array];
  const mid = new Float32Array(l.length);
  const side = new Float32Array(l.length);
  const antiSide = new Float32Array(l.length);
  for (let i = 0; i < l.length; i++) {
    mid[i] = (l[i]! + r[i]!) / 2;
    side[i] = (l[i]! - r[i]!) / 2;
    antiSide[i] = -side[i]!;
  }
  return {
    vocals: { sampleRate: audio.sampleRate, channels: [mid, mid.slice()] },
    instrumental: { sampleRate: audio.sampleRate, channels: [side, antiSide] },
  };
}

/**
 * MP3 of WAV bytes when ffmpeg is present; null without it. Written to a file, not a pipe:
 * ffmpeg fills the Xing/LAME header (frame count, encoder delay and padding) only when it can
 * seek back, and without it players guess the length from the bitrate (9.2 s for 10 s) and
 * seek wrongly.
 */
export async function mp3Of(wav: Buffer, signal?: AbortSignal): Promise<Buffer | null> {
  const tools = mediaTools();
  if (!tools) return null;
  return withTempDir(async (dir) => {
    const out = path.join(dir, 'out.mp3');
    await runTool(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-f',
        'wav',
        '-i',
        'pipe:0',
        '-codec:a',
        'libmp3lame',
        '-q:a',
        '4',
        '-write_xing',
        '1',
        '-f',
        'mp3',
        out,
      ],
      { stdin: wav, ...(signal ? { signal } : {}) },
    );
    return fs.promises.readFile(out);
  });
}

/** Seconds of stored audio (our WAV reader, else ffprobe, else 0). */
export async function secondsOf(bytes: Buffer): Promise<number> {
  return (await readAudioFacts(bytes))?.durationSeconds ?? 0;
}

export { encodeWav };
