import sharp from 'sharp';
import { mediaTools, runTool } from '../../src/lib/ffmpeg.js';
import { encodeWav } from '../../src/lib/wav.js';

/**
 * The songs a fake Suno makes: real audio (a tone whose pitch and length come from the clip,
 * MP3 when ffmpeg is present as Suno serves, else WAV) and a real JPEG cover.
 */

export interface FakeClip {
  id: string;
  title: string;
  tags: string;
  lyric: string;
  gptPrompt: string;
  model: string;
  /** submitted → queued → streaming → complete | error, one step per `stepMs`. */
  status: 'submitted' | 'queued' | 'streaming' | 'complete' | 'error';
  /** This clip ends in error (the fake's "one of two fails"). */
  fails: boolean;
  seconds: number;
  hz: number;
  /** Where its audio link stops working (ms epoch); set when the clip completes. */
  expiresAt: number | null;
  /** Continuation: the clip it extends and where. */
  extendsId: string | null;
  continueAt: number | null;
  createdAt: string;
}

export const audioExt = () => (mediaTools() ? 'mp3' : 'wav');

/** A tone of `seconds` at `hz` with a little rhythm, as WAV or MP3 bytes. */
export async function toneBytes(seconds: number, hz: number): Promise<Buffer> {
  const sampleRate = 22_050;
  const frames = Math.round(seconds * sampleRate);
  const ch = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    ch[i] = 0.4 * Math.sin(2 * Math.PI * hz * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 2 * t));
  }
  const wav = encodeWav({ sampleRate, channels: [ch] });
  const tools = mediaTools();
  if (!tools) return wav;
  return runTool(
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
      '-b:a',
      '64k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { stdin: wav },
  );
}

export const coverBytes = (hz: number) =>
  sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: hz % 256, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();

/** The clip as gcui suno-api writes it. */
export function gcuiJson(c: FakeClip, base: string) {
  const done = c.status === 'complete';
  const streaming = c.status === 'streaming' || done;
  return {
    id: c.id,
    title: c.title,
    image_url: streaming ? `${base}/image/${c.id}.jpg` : null,
    lyric: c.lyric,
    audio_url: streaming ? audioUrl(c, base) : null,
    video_url: done ? `${base}/video/${c.id}.mp4` : null,
    created_at: c.createdAt,
    model_name: c.model,
    status: c.status,
    gpt_description_prompt: c.gptPrompt,
    prompt: c.lyric,
    type: c.extendsId ? 'gen' : 'gen',
    tags: c.tags,
    duration: done ? String(c.seconds) : null,
    error_message: c.status === 'error' ? 'Clip generation failed: content moderation' : undefined,
  };
}

const audioUrl = (c: FakeClip, base: string) =>
  `${base}/audio/${c.id}.${audioExt()}${c.expiresAt ? `?expires=${c.expiresAt}` : ''}`;

/** The clip as New API relays it. */
export function newApiJson(c: FakeClip, base: string) {
  const g = gcuiJson(c, base);
  return {
    id: c.id,
    title: c.title,
    status: c.status,
    audio_url: g.audio_url ?? '',
    image_url: g.image_url ?? '',
    image_large_url: g.image_url ?? '',
    video_url: g.video_url ?? '',
    model_name: c.model,
    metadata: {
      tags: c.tags,
      prompt: c.lyric,
      duration: c.status === 'complete' ? c.seconds : null,
      error_type: c.status === 'error' ? 'moderation' : null,
      error_message: c.status === 'error' ? 'Clip generation failed: content moderation' : '',
      gpt_description_prompt: c.gptPrompt,
    },
  };
}

/** One step of a clip's life; true when it changed. */
export function advance(c: FakeClip, audioTtlMs: number): boolean {
  const next: Record<FakeClip['status'], FakeClip['status']> = {
    submitted: 'queued',
    queued: 'streaming',
    streaming: c.fails ? 'error' : 'complete',
    complete: 'complete',
    error: 'error',
  };
  const to = next[c.status];
  if (to === c.status) return false;
  c.status = to;
  if (to === 'complete') c.expiresAt = Date.now() + audioTtlMs;
  return true;
}
