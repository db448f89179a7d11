import { mediaTools, runTool } from '../../lib/ffmpeg.js';
import { encodeWav, type PcmAudio } from '../../lib/wav.js';
import { demoCover } from './demo-cover.js';
import { demoLyrics, singableLines, toLrc } from './demo-lyrics.js';
import { synthesise, toFloat, type SynthSong } from './demo-synth.js';

/**
 * The "Offline demo" music provider: two real songs per request, each a WAV (and an MP3 copy
 * when ffmpeg is present), its vocals and instrumental stems (the song is their exact sum),
 * a cover picture, and lyrics with LRC timings.
 */

export interface DemoSongInput {
  /** Inspiration mode: the description; custom mode: unused for lyrics. */
  prompt: string;
  tags: string;
  title: string;
  /** Custom mode's lyrics; empty: the demo writes them from the prompt. */
  lyrics: string;
  instrumental: boolean;
  variant: number;
}

export interface DemoFile {
  bytes: Buffer;
  name: string;
  mime: string;
}

export interface DemoSong {
  title: string;
  tags: string;
  lyrics: string;
  lrc: string;
  duration: number;
  bpm: number;
  key: string;
  /** In order: song.wav, [song.mp3], vocals.wav, instrumental.wav, cover.png. */
  files: DemoFile[];
  /** Index within `files`. */
  index: { wav: number; mp3: number | null; vocals: number; instrumental: number; image: number };
}

export const wavOf = (values: Int16Array, sampleRate: number): Buffer =>
  encodeWav({ sampleRate, channels: [toFloat(values)] });

/** MP3 bytes of PCM audio, or null without ffmpeg. */
export async function mp3Of(
  audio: PcmAudio | Buffer,
  signal?: AbortSignal,
): Promise<Buffer | null> {
  const tools = mediaTools();
  if (!tools) return null;
  const wav = Buffer.isBuffer(audio) ? audio : encodeWav(audio);
  const args = ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-codec:a', 'libmp3lame'];
  return runTool(tools.ffmpeg, [...args, '-b:a', '96k', '-f', 'mp3', 'pipe:1'], {
    stdin: wav,
    ...(signal ? { signal } : {}),
    timeoutMs: 60_000,
  });
}

const safeName = (s: string) =>
  s
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .slice(0, 40) || 'song';

/** One demo song with all its files. */
export async function demoSong(input: DemoSongInput, signal?: AbortSignal): Promise<DemoSong> {
  const drafted = input.lyrics.trim()
    ? { title: '', text: input.lyrics }
    : demoLyrics(`${input.prompt} ${input.tags}`, input.variant);
  const title = input.title.trim() || drafted.title || 'Demo song';
  const lyrics = input.instrumental ? '' : drafted.text;
  const song: SynthSong = synthesise({
    prompt: input.prompt,
    tags: input.tags,
    lines: singableLines(lyrics),
    instrumental: input.instrumental,
    variant: input.variant,
  });
  const base = safeName(title);
  const files: DemoFile[] = [];
  const add = (bytes: Buffer, name: string, mime: string) => files.push({ bytes, name, mime }) - 1;
  const wavBytes = wavOf(song.mix, song.sampleRate);
  const wav = add(wavBytes, `${base}.wav`, 'audio/wav');
  const mp3Bytes = await mp3Of(wavBytes, signal);
  const mp3 = mp3Bytes ? add(mp3Bytes, `${base}.mp3`, 'audio/mpeg') : null;
  const vocals = add(wavOf(song.vocals, song.sampleRate), `${base} (vocals).wav`, 'audio/wav');
  const instrumental = add(
    wavOf(song.instrumental, song.sampleRate),
    `${base} (instrumental).wav`,
    'audio/wav',
  );
  const image = add(await demoCover(title, input.tags, input.variant), `${base}.png`, 'image/png');
  return {
    title,
    tags: input.tags,
    lyrics,
    lrc: toLrc(song.timings),
    duration: Math.round(song.seconds * 100) / 100,
    bpm: song.bpm,
    key: song.key,
    files,
    index: { wav, mp3, vocals, instrumental, image },
  };
}
