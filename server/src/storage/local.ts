import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
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

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

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
      try {
        if (Buffer.isBuffer(bytes)) await fs.promises.writeFile(tmp, bytes);
        else await pipeline(bytes, fs.createWriteStream(tmp));
        await fs.promises.rename(tmp, target);
      } catch (error) {
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return { bytes: await fs.promises.readFile(file(key)), mime: mimeOf(key) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      const target = file(key);
      try {
        const handle = await fs.promises.open(target, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), mime: mimeOf(key), size };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
  };
}
