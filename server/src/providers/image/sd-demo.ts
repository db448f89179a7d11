import { sharp } from '../../lib/sharp.js';
import { hashString, pasteFace, renderRecipe, type RenderedImage } from './demo-render.js';

/**
 * The offline demo of the model square and the toolbox: real pixels with sharp, deterministic
 * from the prompt and seed. A picture is a generated scene (not a flat colour); an upscale is a
 * real 2×/4× resize; a restore visibly denoises, sharpens and lifts the colours; background
 * removal answers a PNG with a real alpha channel; remix and redraw change only the masked
 * region (remix without a mask changes the whole picture by `strength`).
 */

/** A picture of `prompt` + `seed` at `width`×`height`. */
export async function demoPicture(
  prompt: string,
  seed: number,
  width: number,
  height: number,
): Promise<RenderedImage> {
  const long = Math.max(width, height);
  const img = await renderRecipe(
    {
      prompt,
      seed: seed >>> 0,
      aspect: `${width}:${height}`,
      steps: [{ kind: 'upscale', cell: 1 }],
    },
    long,
  );
  if (img.width === width && img.height === height) return img;
  const png = await sharp(img.png).resize(width, height, { fit: 'fill' }).png().toBuffer();
  return { png, width, height };
}

const sizeOf = async (bytes: Buffer) => {
  const m = await sharp(bytes).metadata();
  return { width: m.width ?? 0, height: m.height ?? 0 };
};

/** A real `scale`× resize (Lanczos) with a light sharpen, capped at 4096 px. */
export async function demoUpscale(bytes: Buffer, scale: number): Promise<RenderedImage> {
  const { width, height } = await sizeOf(bytes);
  const k = Math.min(scale, 4096 / Math.max(width, height, 1));
  const w = Math.max(1, Math.round(width * k));
  const h = Math.max(1, Math.round(height * k));
  const png = await sharp(bytes)
    .resize(w, h, { kernel: 'lanczos3' })
    .sharpen({ sigma: 0.8 })
    .png()
    .toBuffer();
  return { png, width: w, height: h };
}

/** Photo restore: median denoise, stretch the contrast, sharpen, a touch more colour. */
export async function demoRestore(bytes: Buffer): Promise<RenderedImage> {
  const { width, height } = await sizeOf(bytes);
  const png = await sharp(bytes)
    .removeAlpha()
    .median(3)
    .normalise({ lower: 2, upper: 98 })
    .sharpen({ sigma: 1.2, m1: 1, m2: 3 })
    .modulate({ saturation: 1.25, brightness: 1.03 })
    .png()
    .toBuffer();
  return { png, width, height };
}

/**
 * Background removal: the subject is a soft centre ellipse, plus the pixels around it whose
 * colour is far from the border's (the background's); the rest becomes transparent.
 */
export async function demoRemoveBackground(bytes: Buffer): Promise<RenderedImage> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const edge = Math.max(1, Math.round(Math.min(w, h) * 0.04));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (x >= edge && x < w - edge && y >= edge && y < h - edge) continue;
      const i = (y * w + x) * 3;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
      n++;
    }
  r /= n;
  g /= n;
  b /= n;
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dr = data[i * 3]! - r;
      const dg = data[i * 3 + 1]! - g;
      const db = data[i * 3 + 2]! - b;
      const far = Math.min(1, Math.max(0, (Math.sqrt(dr * dr + dg * dg + db * db) - 40) / 50));
      const ex = (x - w / 2) / (w * 0.36);
      const ey = (y - h * 0.55) / (h * 0.42);
      const dist = Math.sqrt(ex * ex + ey * ey);
      const inside = Math.min(1, Math.max(0, (1 - dist) / 0.12));
      // Beyond a wider ellipse nothing stays: the corners are always background.
      const wide = Math.min(1, Math.max(0, (1.3 - dist) / 0.1));
      out[i * 4] = data[i * 3]!;
      out[i * 4 + 1] = data[i * 3 + 1]!;
      out[i * 4 + 2] = data[i * 3 + 2]!;
      out[i * 4 + 3] = Math.round(Math.max(inside, far * wide) * 255);
    }
  const png = await sharp(out, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
  return { png, width: w, height: h };
}

/** Face swap: the centre of `face` in a soft circle over the upper middle of `target`. */
export const demoFaceSwap = (face: Buffer, target: Buffer) => pasteFace(face, target);

/**
 * Remix / redraw: a new picture of `prompt` + `seed` at the same size, mixed in by `strength`
 * only where the mask is white (everywhere when there is no mask).
 */
export async function demoRepaint(
  bytes: Buffer,
  mask: Buffer | null,
  prompt: string,
  seed: number,
  strength: number,
): Promise<RenderedImage> {
  const { data: src, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const fresh = await demoPicture(prompt || 'remix', seed ^ hashString(prompt), w, h);
  const gen = await sharp(fresh.png).removeAlpha().raw().toBuffer();
  const m = mask
    ? await sharp(mask).resize(w, h, { fit: 'fill' }).greyscale().raw().toBuffer()
    : null;
  const out = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const k = (m ? m[i]! / 255 : 1) * strength;
    for (let c = 0; c < 3; c++)
      out[i * 3 + c] = Math.round(src[i * 3 + c]! * (1 - k) + gen[i * 3 + c]! * k);
  }
  const png = await sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
  return { png, width: w, height: h };
}
