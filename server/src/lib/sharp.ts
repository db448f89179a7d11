import { createRequire } from 'node:module';
import type SharpFunction from 'sharp';

type Sharp = typeof SharpFunction;
let loaded: Sharp | null = null;

/**
 * `sharp(...)`, loaded with the first picture instead of at start: libvips holds about 20 MB
 * that a server answering chats and reads (and its idle-memory target) has no use for.
 */
export const sharp = (...args: Parameters<Sharp>): ReturnType<Sharp> =>
  (loaded ??= createRequire(import.meta.url)('sharp') as Sharp)(...args);
