import { sharp } from '../../lib/sharp.js';
import { renderRecipe, type RenderedImage } from './demo-render.js';

/**
 * The offline demo of DALL·E / gpt-image and SD3: a real picture painted from the prompt and
 * a seed (the same two always paint the same picture), at the asked size or aspect. Edits keep
 * the reference picture and repaint only the mask's transparent part (all of it, half blended,
 * without a mask); image-to-image blends the painting over the start picture by `strength`.
 */

export interface DemoImageInput {
  prompt: string;
  seed: number;
  /** `w:h` (SD3 aspect ratio, or a DALL·E size turned into one). */
  aspect: string;
  /** The longer side in pixels. */
  long: number;
  /** The picture to start from (edits, image-to-image). */
  base?: Buffer;
  /** Edits: a PNG, transparent where the picture is painted. */
  mask?: Buffer;
  /** Image-to-image: 0 keeps the start picture, 1 paints over it entirely. */
  strength?: number;
  format?: 'png' | 'jpeg' | 'webp';
  /** gpt-image `background: transparent`: the sky is cut out. */
  transparent?: boolean;
}

export const aspectOfSize = (size: string | undefined): string => {
  const m = /^(\d+)x(\d+)$/.exec(size ?? '');
  return m ? `${m[1]}:${m[2]}` : '1:1';
};

export async function renderDemoImage(input: DemoImageInput): Promise<RenderedImage> {
  const painted = await renderRecipe(
    {
      prompt: input.prompt,
      seed: input.seed,
      aspect: input.aspect,
      steps: [{ kind: 'upscale', cell: 1 }],
    },
    input.long,
  );
  const { width, height } = painted;
  let out = sharp(painted.png);
  if (input.base) {
    const base = await sharp(input.base)
      .resize(width, height, { fit: 'cover' })
      .removeAlpha()
      .png()
      .toBuffer();
    const over = input.mask
      ? await maskedPart(painted.png, input.mask, width, height)
      : await sharp(painted.png)
          .ensureAlpha(input.strength ?? 0.5)
          .png()
          .toBuffer();
    out = sharp(base).composite([{ input: over }]);
  }
  let png = await out.png().toBuffer();
  if (input.transparent) png = await cutSky(png, width, height);
  const format = input.format ?? 'png';
  const bytes = format === 'png' ? png : await sharp(png).toFormat(format).toBuffer();
  return { png: bytes, width, height };
}

/** The painting where the mask is transparent (OpenAI's edit mask), nothing elsewhere. */
async function maskedPart(painted: Buffer, mask: Buffer, width: number, height: number) {
  const alpha = await sharp(mask)
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer();
  // Painted where the mask is clear: the painting's alpha is the mask's, inverted.
  for (let i = 0; i < alpha.length; i++) alpha[i] = 255 - alpha[i]!;
  // Separate steps: sharp runs removeAlpha after joinChannel within one pipeline.
  const rgb = await sharp(painted).removeAlpha().png().toBuffer();
  return sharp(rgb)
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** A transparent background: the top third fades out (a real alpha channel). */
async function cutSky(png: Buffer, width: number, height: number) {
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) alpha.fill(y < height / 3 ? 0 : 255, y * width, (y + 1) * width);
  const rgb = await sharp(png).removeAlpha().png().toBuffer();
  return sharp(rgb)
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}
