import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sharp } from '../../lib/sharp.js';
import type { video as V } from '@atelier/contracts';
import { mediaTools, runTool, withTempDir } from '../../lib/ffmpeg.js';

/**
 * The offline demo's videos: real clips, made here. The frames are rendered with sharp from
 * the prompt (a scene whose colours and shapes come from its words) or from the first frame
 * (a slow camera move over it, blending into the last frame when there is one), then encoded
 * as H.264 MP4 with ffmpeg, or as an animated WebP when ffmpeg is absent. The same input
 * gives the same clip. The upstream's states follow Runway's (PENDING, RUNNING, SUCCEEDED).
 */
export const DEMO_FPS = 12;

export const newDemoVideoId = (now = Date.now()) => `demo-${now}-${randomBytes(4).toString('hex')}`;
const submittedAt = (id: string) => Number(id.split('-')[1]) || 0;

/** Runway's states: PENDING, then RUNNING with a progress that moves, then SUCCEEDED. */
export function demoVideoStateAt(id: string, stepMs: number, now = Date.now()) {
  const steps = 8;
  const elapsed = Math.max(0, now - submittedAt(id));
  const i = Math.min(Math.floor(elapsed / Math.max(stepMs, 1)), steps);
  const status = i === 0 ? 'PENDING' : i >= steps ? 'SUCCEEDED' : 'RUNNING';
  const progress = i >= steps ? 100 : Math.round((i / steps) * 100);
  const nextInMs = i >= steps ? 0 : (i + 1) * stepMs - elapsed;
  return { status, progress, nextInMs: Math.max(5, nextInMs) };
}

export interface DemoVideoInput {
  prompt: string;
  seed?: number;
  aspect: V.VideoAspect;
  duration: number;
  camera?: V.CameraPreset;
  firstFrame?: Buffer;
  lastFrame?: Buffer;
  anime?: boolean;
  /** Lower frame rate / size in tests. */
  fps?: number;
}

export interface DemoVideo {
  bytes: Buffer;
  mime: 'video/mp4' | 'image/webp';
  name: string;
  width: number;
  height: number;
  duration: number;
}

const SIZES: Record<V.VideoAspect, [number, number]> = {
  '16:9': [320, 180],
  '9:16': [180, 320],
  '1:1': [240, 240],
  '4:3': [288, 216],
  '3:4': [216, 288],
  '21:9': [336, 144],
};

const hash = (s: string) => createHash('sha256').update(s).digest();

/** The scene the prompt describes, twice the clip's size (room for the camera to move). */
function sceneSvg(prompt: string, seed: number, w: number, h: number): string {
  const d = hash(`${prompt}|${seed}`);
  const hue = (i: number) => Math.round((d[i]! / 255) * 360);
  const shapes = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const x = Math.round((d[6 + i]! / 255) * w);
      const y = Math.round((d[12 + i]! / 255) * h);
      const r = Math.round(((d[18 + i]! / 255) * 0.15 + 0.05) * Math.min(w, h));
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${hue(24 + i)},70%,60%)" fill-opacity="0.8"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue(0)},60%,35%)"/><stop offset="1" stop-color="hsl(${hue(1)},60%,20%)"/>
</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}
<rect x="0" y="${Math.round(h * 0.75)}" width="${w}" height="${Math.round(h * 0.25)}" fill="hsl(${hue(2)},40%,15%)" fill-opacity="0.6"/></svg>`;
}

/** Where the camera looks at time t (0–1): a crop box of the base picture. */
function cropAt(camera: V.CameraPreset | undefined, t: number, bw: number, bh: number) {
  const full = { scale: 0.75, cx: 0.5, cy: 0.5 };
  const c = { ...full };
  switch (camera) {
    case 'zoom_in':
      c.scale = 0.9 - 0.4 * t;
      break;
    case 'zoom_out':
      c.scale = 0.5 + 0.4 * t;
      break;
    case 'pan_left':
      c.cx = 0.65 - 0.3 * t;
      break;
    case 'tilt_up':
      c.cy = 0.65 - 0.3 * t;
      break;
    case 'tilt_down':
      c.cy = 0.35 + 0.3 * t;
      break;
    case 'orbit':
      c.cx = 0.5 + 0.15 * Math.cos(t * Math.PI * 2);
      c.cy = 0.5 + 0.15 * Math.sin(t * Math.PI * 2);
      break;
    case 'static':
      break;
    default: // pan right, the default drift
      c.cx = 0.35 + 0.3 * t;
  }
  const w = Math.max(2, Math.round(bw * c.scale));
  const h = Math.max(2, Math.round(bh * c.scale));
  const left = Math.min(bw - w, Math.max(0, Math.round(bw * c.cx - w / 2)));
  const top = Math.min(bh - h, Math.max(0, Math.round(bh * c.cy - h / 2)));
  return { left, top, width: w, height: h };
}

async function basePicture(input: DemoVideoInput, w: number, h: number, src?: Buffer) {
  const bw = w * 2;
  const bh = h * 2;
  let img = src
    ? sharp(src).rotate().resize(bw, bh, { fit: 'cover' })
    : sharp(Buffer.from(sceneSvg(input.prompt, input.seed ?? 0, bw, bh)));
  // The anime look: flat colours and hard edges.
  if (input.anime)
    img = sharp(await img.png().toBuffer())
      .median(5)
      .modulate({ saturation: 1.6 })
      .sharpen({ sigma: 2 });
  return { raw: await img.removeAlpha().raw().toBuffer(), bw, bh };
}

/** The clip's frames as raw RGB, each `w × h × 3` bytes. */
export async function demoFrames(
  input: DemoVideoInput,
): Promise<{ frames: Buffer[]; w: number; h: number; fps: number }> {
  const [w, h] = SIZES[input.aspect];
  const fps = input.fps ?? DEMO_FPS;
  const count = Math.max(2, Math.round(input.duration * fps));
  const first = await basePicture(input, w, h, input.firstFrame);
  const last = input.lastFrame ? await basePicture(input, w, h, input.lastFrame) : null;
  const d = hash(`${input.prompt}|${input.seed ?? 0}|dot`);
  const frames: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const view = (b: { raw: Buffer; bw: number; bh: number }) =>
      sharp(b.raw, { raw: { width: b.bw, height: b.bh, channels: 3 } })
        .extract(cropAt(input.camera, t, b.bw, b.bh))
        .resize(w, h, { fit: 'fill' });
    let frame = view(first);
    if (last && t > 0.5) {
      const mix = await view(last).png().toBuffer();
      const alpha = Math.round(Math.min(1, (t - 0.5) * 2) * 255);
      const masked = await sharp(mix)
        .ensureAlpha(alpha / 255)
        .png()
        .toBuffer();
      frame = sharp(await frame.png().toBuffer()).composite([{ input: masked }]);
    }
    // Something in the scene moves on its own, so even a static camera plays as video.
    const r = Math.max(4, Math.round(Math.min(w, h) / 12));
    const x = Math.round((0.1 + 0.8 * ((t + d[0]! / 255) % 1)) * (w - 2 * r)) + r;
    const y = Math.round(h / 2 + Math.sin(t * Math.PI * 4) * h * 0.25);
    const dot = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${d[1]! + 40},90%,70%)"/></svg>`;
    const pic = await frame.png().toBuffer();
    frames.push(
      await sharp(pic)
        .composite([{ input: Buffer.from(dot) }])
        .removeAlpha()
        .raw()
        .toBuffer(),
    );
  }
  return { frames, w, h, fps };
}

/** Raw RGB frames as an H.264 MP4 (moov first, so a browser plays it while it loads). */
export async function encodeMp4(
  frames: Buffer[],
  w: number,
  h: number,
  fps: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const tools = mediaTools();
  if (!tools) throw new Error('ffmpeg is not available');
  return withTempDir(async (dir) => {
    const out = path.join(dir, 'out.mp4');
    await runTool(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${w}x${h}`,
        '-r',
        String(fps),
        '-i',
        '-',
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
      { stdin: Buffer.concat(frames), ...(signal ? { signal } : {}) },
    );
    return fs.promises.readFile(out);
  });
}

/** Raw RGB frames as an animated WebP (no ffmpeg). */
export async function encodeWebp(
  frames: Buffer[],
  w: number,
  h: number,
  fps: number,
): Promise<Buffer> {
  const pngs = await Promise.all(
    frames.map((f) =>
      sharp(f, { raw: { width: w, height: h, channels: 3 } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pngs, { join: { animated: true } })
    .webp({ loop: 0, delay: pngs.map(() => Math.round(1000 / fps)), quality: 70 })
    .toBuffer();
}

/** The demo's clip for these inputs: MP4 with ffmpeg, else animated WebP. */
export async function renderDemoVideo(
  input: DemoVideoInput,
  options: { signal?: AbortSignal; forceWebp?: boolean } = {},
): Promise<DemoVideo> {
  const { frames, w, h, fps } = await demoFrames(input);
  const duration = frames.length / fps;
  if (mediaTools() && !options.forceWebp)
    return {
      bytes: await encodeMp4(frames, w, h, fps, options.signal),
      mime: 'video/mp4',
      name: 'video.mp4',
      width: w,
      height: h,
      duration,
    };
  return {
    bytes: await encodeWebp(frames, w, h, fps),
    mime: 'image/webp',
    name: 'video.webp',
    width: w,
    height: h,
    duration,
  };
}
