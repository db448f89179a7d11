import { sharp } from '../../lib/sharp.js';

/** Whether the bytes are a picture sharp reads (PNG, JPEG, WebP, GIF), by their header. */
export async function imageTypeOfBytes(bytes: Buffer): Promise<string | null> {
  try {
    const meta = await sharp(bytes).metadata();
    return meta.format && ['png', 'jpeg', 'webp', 'gif'].includes(meta.format) ? meta.format : null;
  } catch {
    return null;
  }
}
