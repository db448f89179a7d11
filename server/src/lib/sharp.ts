import { createRequire } from 'node:module';
import type SharpFunction from 'sharp';

type Sharp = typeof SharpFunction;
let loaded: Sharp | null = null;

/**
 * The most pixels a picture may have (all its frames together): 40 M, e.g. 8000 × 5000. A
 * small file can declare a huge picture (a 31 KB PNG of 16000 × 16000 decodes to 1 GB), so
 * pictures are measured from their header before anything decodes them, and sharp itself
 * refuses to decode more than this.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * sharp without libvips' operation cache (by default up to 50 MB and 100 operations kept for
 * reuse, which a server that encodes each picture once never reuses: after a first start's
 * example pictures it stayed resident, docs/scaling.md) and with one libvips thread per
 * picture: pictures already run side by side on libuv's threads (DECODES_AT_ONCE), and each
 * libvips thread keeps its own buffers.
 */
function loadSharp(): Sharp {
  const loadedSharp = createRequire(import.meta.url)('sharp') as Sharp;
  loadedSharp.cache(false);
  loadedSharp.concurrency(1);
  return loadedSharp;
}

/**
 * `sharp(...)`, loaded with the first picture instead of at start: libvips holds about 20 MB
 * that a server answering chats and reads (and its idle-memory target) has no use for. An
 * encoded picture (a buffer or a path) is decoded only up to MAX_IMAGE_PIXELS.
 */
export const sharp = (...args: Parameters<Sharp>): ReturnType<Sharp> => {
  const load = (loaded ??= loadSharp());
  const [input, options] = args;
  if (Buffer.isBuffer(input) || typeof input === 'string')
    return load(input, { limitInputPixels: MAX_IMAGE_PIXELS, ...options });
  return load(...args);
};

/** The size a picture's header declares, read without decoding it; null when unreadable. */
export async function declaredPixels(bytes: Buffer): Promise<number | null> {
  try {
    const meta = await sharp(bytes, { animated: true }).metadata();
    if (!meta.width || !meta.height) return null;
    // Animated pictures: `height` is every frame's together.
    return meta.width * meta.height;
  } catch {
    return null;
  }
}

/** Pictures decoded at once in this process by uploads and stored files (see decodeSlot). */
export const DECODES_AT_ONCE = 2;
let decoding = 0;
const waitingDecodes: Array<() => void> = [];

/**
 * Runs `work` (a decode of a stored picture: re-encoding, thumbnails) when fewer than
 * DECODES_AT_ONCE run: each may hold up to MAX_IMAGE_PIXELS decoded, so six uploads at once
 * wait their turn instead of holding six pictures in memory together. First come, first served.
 */
export async function decodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((go) => waitingDecodes.push(go));
  else decoding += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter; with none, it is freed.
    const next = waitingDecodes.shift();
    if (next) next();
    else decoding -= 1;
  }
}
