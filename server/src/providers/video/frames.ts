import { sharp } from '../../lib/sharp.js';
import { UpstreamError } from '../errors.js';
import type { Frame } from './types.js';

/**
 * The picture made exactly `width` × `height` (OpenAI's `input_reference` must match the asked
 * size): scaled to fit whole, the rest padded black, as a PNG.
 */
export async function frameSized(frame: Frame, width: number, height: number): Promise<Frame> {
  const bytes = await sharp(frame.bytes)
    .rotate()
    .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 1 } })
    .flatten({ background: '#000000' })
    .png()
    .toBuffer();
  return { ...frame, bytes, mime: 'image/png' };
}

/** The length of a picture as a `data:` URI. */
export const dataUriLength = (f: { bytes: Buffer; mime: string }) =>
  `data:${f.mime};base64,`.length + Math.ceil(f.bytes.length / 3) * 4;

/**
 * The picture small enough to travel as a data URI of at most `maxUriBytes` (Runway refuses
 * larger ones): left as it is when it fits, else re-encoded as JPEG and scaled down until it
 * does.
 */
export async function frameWithin(frame: Frame, maxUriBytes: number): Promise<Frame> {
  if (dataUriLength(frame) <= maxUriBytes) return frame;
  const meta = await sharp(frame.bytes).metadata();
  let width = meta.width ?? 2048;
  for (let i = 0; i < 8; i++) {
    const bytes = await sharp(frame.bytes)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const out = { ...frame, bytes, mime: 'image/jpeg' };
    if (dataUriLength(out) <= maxUriBytes) return out;
    width = Math.max(64, Math.floor(width * 0.75));
  }
  throw new UpstreamError('The picture cannot be made small enough', 'permanent', 'refused');
}
