import path from 'node:path';
import type { AppConfig } from '../config.js';
import { localStorage } from './local.js';
import { parseStorageUrl, s3Storage } from './s3.js';
import type { Storage } from './storage.js';

export type { Storage } from './storage.js';

const cache = new WeakMap<AppConfig, Storage>();

/** The storage a configuration names (one instance per app). */
export function storageOf(config: AppConfig): Storage {
  let s = cache.get(config);
  if (!s) {
    s = config.storageUrl
      ? s3Storage(parseStorageUrl(config.storageUrl))
      : localStorage(path.join(config.dataDir, 'files'));
    cache.set(config, s);
  }
  return s;
}
