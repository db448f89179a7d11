import { mediaTools, runTool } from '../../lib/ffmpeg.js';
import { decodeWav, encodeWav, type PcmAudio, WavError } from '../../lib/wav.js';
import { mp3Of } from '../../providers/music/demo-music.js';
import { parseLrc, toLrc } from '../../providers/music/demo-lyrics.js';
import { readOwnedImage } from '../files/index.js';
import type { AppContext } from '../../context.js';
import type { ResultFile, TaskRow } from '../tasks/index.js';
import { UpstreamError } from '../tasks/index.js';
import { texts } from './messages.js';
import { dataOf, type ClipData } from './params.js';

/*
 * Our own audio work on stored songs: read a clip back (WAV by us, MP3 through ffmpeg), cut a
 * region, join pieces, and write the result as WAV (+ MP3 with ffmpeg) with its cover.
 */

const unreadable = () => UpstreamError.permanent(texts.audioUnreadable, 'answer');

/** PCM of stored audio bytes: WAV directly, anything else through ffmpeg. */
export async function decodeAudio(bytes: Buffer, signal?: AbortSignal): Promise<PcmAudio> {
  try {
    return decodeWav(bytes);
  } catch (error) {
    if (!(error instanceof WavError)) throw error;
  }
  const tools = mediaTools();
  if (!tools) throw unreadable();
  const wav = await runTool(tools.ffmpeg, ['-v', 'error', '-i', 'pipe:0', '-f', 'wav', 'pipe:1'], {
    stdin: bytes,
    ...(signal ? { signal } : {}),
    timeoutMs: 60_000,
  }).catch(() => {
    throw unreadable();
  });
  return decodeWav(wav);
}

/** A clip of one of the user's stored songs, decoded, with its cover bytes. */
export async function readClip(
  ctx: AppContext,
  task: TaskRow,
  clipIndex: number,
  signal?: AbortSignal,
) {
  const clip = dataOf(task.data).clips?.[clipIndex];
  if (!clip || clip.status !== 'complete') throw unreadable();
  const fileIndex = clip.wav ?? clip.audio;
  const file = fileIndex === null ? undefined : task.files[fileIndex];
  if (!file) throw unreadable();
  const got = await readOwnedImage(ctx, task.userId, file.url);
  if (!got) throw unreadable();
  const image = clip.image === null ? undefined : task.files[clip.image];
  const cover = image ? await readOwnedImage(ctx, task.userId, image.url) : null;
  return { clip, audio: await decodeAudio(got.bytes, signal), cover: cover?.bytes ?? null };
}

/** Linear resampling and channel mixing, so pieces of different formats can be joined. */
export function toFormat(a: PcmAudio, sampleRate: number, channels: number): PcmAudio {
  const ratio = a.sampleRate / sampleRate;
  const frames = Math.floor((a.channels[0]?.length ?? 0) / ratio);
  const out = Array.from({ length: channels }, (_, c) => {
    const src = a.channels[Math.min(c, a.channels.length - 1)]!;
    if (ratio === 1) return Float32Array.from(src);
    const ch = new Float32Array(frames);
    for (let i = 0; i < frames; i++) {
      const x = i * ratio;
      const k = Math.floor(x);
      const f = x - k;
      ch[i] = (src[k] ?? 0) * (1 - f) + (src[k + 1] ?? src[k] ?? 0) * f;
    }
    return ch;
  });
  return { sampleRate, channels: out };
}

/** Seconds `from`…`to` of the audio. */
export function cut(a: PcmAudio, from: number, to: number): PcmAudio {
  const len = a.channels[0]?.length ?? 0;
  const s = Math.max(0, Math.min(len, Math.round(from * a.sampleRate)));
  const e = Math.max(s, Math.min(len, Math.round(to * a.sampleRate)));
  return { sampleRate: a.sampleRate, channels: a.channels.map((c) => c.slice(s, e)) };
}

/** The pieces one after another, in the first piece's format. */
export function join(pieces: PcmAudio[]): PcmAudio {
  const first = pieces[0]!;
  const same = pieces.map((p) => toFormat(p, first.sampleRate, first.channels.length));
  const total = same.reduce((n, p) => n + p.channels[0]!.length, 0);
  const channels = first.channels.map(() => new Float32Array(total));
  let at = 0;
  for (const p of same) {
    p.channels.forEach((c, i) => channels[i]!.set(c, at));
    at += p.channels[0]!.length;
  }
  return { sampleRate: first.sampleRate, channels };
}

/** LRC lines between `from` and `to`, shifted by `shift` seconds. */
export function shiftLrc(lrc: string, from: number, to: number, shift: number): string {
  return toLrc(
    parseLrc(lrc)
      .filter((l) => l.at >= from && l.at < to)
      .map((l) => ({ at: Math.max(0, l.at - from + shift), text: l.text })),
  );
}

/** A finished local song: its files and its one clip's data. */
export async function songResult(
  audio: PcmAudio,
  meta: Pick<ClipData, 'id' | 'title' | 'tags' | 'lyrics' | 'lrc'>,
  cover: Buffer | null,
  signal?: AbortSignal,
): Promise<{ files: ResultFile[]; clip: ClipData }> {
  const name = meta.title.replace(/[^\p{L}\p{N} _-]/gu, '').slice(0, 40) || 'song';
  const wav = encodeWav(audio);
  const files: ResultFile[] = [{ bytes: wav, name: `${name}.wav`, mime: 'audio/wav' }];
  const mp3 = await mp3Of(wav, signal);
  if (mp3) files.push({ bytes: mp3, name: `${name}.mp3`, mime: 'audio/mpeg' });
  if (cover) files.push({ bytes: cover, name: `${name}.png` });
  const seconds = (audio.channels[0]?.length ?? 0) / audio.sampleRate;
  return {
    files,
    clip: {
      ...meta,
      status: 'complete',
      duration: Math.round(seconds * 100) / 100,
      error: null,
      audio: mp3 ? 1 : 0,
      wav: 0,
      image: cover ? files.length - 1 : null,
      stems: null,
    },
  };
}
