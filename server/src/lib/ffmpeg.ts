import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * ffmpeg and ffprobe, found at `FFMPEG_PATH` / `FFPROBE_PATH` or on `PATH`. Optional: video
 * posters and durations, MP3 encoding and media checks use them; without them the demos fall
 * back to formats we write ourselves (WAV, animated WebP) and say so (docs/media.md).
 */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

let found: MediaTools | null | undefined;

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** The tools, or null when ffmpeg is absent (looked up once per process). */
export function mediaTools(): MediaTools | null {
  if (found !== undefined) return found;
  const ffmpeg = process.env.FFMPEG_PATH || onPath('ffmpeg');
  const ffprobe =
    process.env.FFPROBE_PATH ||
    (ffmpeg && fs.existsSync(path.join(path.dirname(ffmpeg), 'ffprobe'))
      ? path.join(path.dirname(ffmpeg), 'ffprobe')
      : onPath('ffprobe'));
  found = ffmpeg && ffprobe ? { ffmpeg, ffprobe } : null;
  return found;
}

export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

export interface RunOptions {
  /** Written to the tool's standard input (then closed). */
  stdin?: Uint8Array;
  signal?: AbortSignal;
  /** Killed after this long (default 120 s). */
  timeoutMs?: number;
}

/** Runs a tool and resolves with its standard output; rejects with its last stderr lines. */
export function runTool(file: string, args: string[], options: RunOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: options.signal });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`${path.basename(file)}: ${error.message}`, err));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else {
        const why = signal ? `killed by ${signal}` : `exit ${code}`;
        const last = err.trim().split('\n').slice(-3).join(' | ');
        reject(new MediaToolError(`${path.basename(file)} ${why}: ${last}`, err));
      }
    });
    child.stdin.on('error', () => undefined); // the tool may exit before reading it all
    child.stdin.end(options.stdin ? Buffer.from(options.stdin) : undefined);
  });
}

/** A temporary folder for tools that need seekable files (MP4), removed afterwards. */
export async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atelier-media-'));
  try {
    return await use(dir);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export interface MediaStream {
  type: 'video' | 'audio' | 'other';
  codec: string;
  width?: number;
  height?: number;
  sampleRate?: number;
  channels?: number;
}

export interface MediaInfo {
  /** Container format names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  format: string;
  durationSeconds: number;
  streams: MediaStream[];
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
  }>;
}

/** What ffprobe reads of a media file's bytes; rejects when it is not media it can read. */
export async function probeMedia(
  tools: MediaTools,
  bytes: Uint8Array,
  options: RunOptions = {},
): Promise<MediaInfo> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'input');
    await fs.promises.writeFile(file, bytes);
    const out = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      options,
    );
    const json = JSON.parse(out.toString('utf8')) as ProbeJson;
    const streams: MediaStream[] = (json.streams ?? []).map((s) => ({
      type: s.codec_type === 'video' || s.codec_type === 'audio' ? s.codec_type : 'other',
      codec: s.codec_name ?? '',
      ...(s.width ? { width: s.width } : {}),
      ...(s.height ? { height: s.height } : {}),
      ...(s.sample_rate ? { sampleRate: Number(s.sample_rate) } : {}),
      ...(s.channels ? { channels: s.channels } : {}),
    }));
    return {
      format: json.format?.format_name ?? '',
      durationSeconds: Number(json.format?.duration ?? 0) || 0,
      streams,
    };
  });
}
