import fs from 'node:fs';
import path from 'node:path';
import { mediaTools, probeMedia, runTool, withTempDir, type MediaInfo } from '../../lib/ffmpeg.js';

/** ffmpeg jobs of the video kind: poster frames, durations, last frames, cuts. */

export interface VideoFacts {
  info: MediaInfo;
  duration: number;
  width: number;
  height: number;
  codec: string;
}

/** What ffprobe reads; null without ffmpeg. Rejects when the bytes are not a video. */
export async function readVideo(bytes: Buffer, signal?: AbortSignal): Promise<VideoFacts | null> {
  const tools = mediaTools();
  if (!tools) return null;
  const info = await probeMedia(tools, bytes, signal ? { signal } : {});
  const v = info.streams.find((s) => s.type === 'video');
  if (!v) throw new Error('no video stream');
  return {
    info,
    duration: Math.round(info.durationSeconds * 100) / 100,
    width: v.width ?? 0,
    height: v.height ?? 0,
    codec: v.codec,
  };
}

/** One frame as JPEG at `at` seconds (negative: from the end). */
export async function frameAt(bytes: Buffer, at: number, signal?: AbortSignal): Promise<Buffer> {
  const tools = mediaTools();
  if (!tools) throw new Error('ffmpeg is not available');
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'in.mp4');
    const out = path.join(dir, 'frame.jpg');
    await fs.promises.writeFile(input, bytes);
    const seek = at < 0 ? ['-sseof', String(at)] : ['-ss', String(at)];
    await runTool(
      tools.ffmpeg,
      [
        '-v',
        'error',
        ...seek,
        '-i',
        input,
        '-frames:v',
        '1',
        '-q:v',
        '3',
        '-update',
        '1',
        '-y',
        out,
      ],
      signal ? { signal } : {},
    );
    return fs.promises.readFile(out);
  });
}

/** The part from `start` to `end` seconds, re-encoded as H.264 MP4. */
export async function cutVideo(
  bytes: Buffer,
  start: number,
  end: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const tools = mediaTools();
  if (!tools) throw new Error('ffmpeg is not available');
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'in.mp4');
    const out = path.join(dir, 'out.mp4');
    await fs.promises.writeFile(input, bytes);
    await runTool(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-ss',
        String(start),
        '-i',
        input,
        '-t',
        String(end - start),
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        '-y',
        out,
      ],
      signal ? { signal } : {},
    );
    return fs.promises.readFile(out);
  });
}

/** Two clips one after the other (an extend from a point: the kept part, then the new part). */
export async function joinVideos(a: Buffer, b: Buffer, signal?: AbortSignal): Promise<Buffer> {
  const tools = mediaTools();
  if (!tools) throw new Error('ffmpeg is not available');
  return withTempDir(async (dir) => {
    const pa = path.join(dir, 'a.mp4');
    const pb = path.join(dir, 'b.mp4');
    const out = path.join(dir, 'out.mp4');
    await fs.promises.writeFile(pa, a);
    await fs.promises.writeFile(pb, b);
    await runTool(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-i',
        pa,
        '-i',
        pb,
        '-filter_complex',
        '[1:v][0:v]scale2ref[b][a];[a][b]concat=n=2:v=1:a=0[v]',
        '-map',
        '[v]',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        '-y',
        out,
      ],
      signal ? { signal } : {},
    );
    return fs.promises.readFile(out);
  });
}
