import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertKey, type Storage } from './storage.js';

const mimeOf = (key: string): string =>
  ({
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.webp': 'image/webp',
    '.gif': 'image/gif',
    '.zip': 'application/zip',
  })[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Files under one folder; written to a temp name and renamed so a reader never sees half a file. */
export function localStorage(root: string): Storage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      await fs.promises.writeFile(tmp, bytes);
      await fs.promises.rename(tmp, target);
    },
    async get(key) {
      try {
        return { bytes: await fs.promises.readFile(file(key)), mime: mimeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
  };
}
