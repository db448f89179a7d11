import type { AppContext } from '../../context.js';
import { assertStorageRoom, readOwnedImage, StorageFullError } from '../files/index.js';
import { texts } from './messages.js';
import { createTask } from './service.js';
import {
  UpstreamError,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from './runner.js';

/** One file of a batch download: its link, its name in the zip, its type and stored size. */
export interface ZipEntry {
  url: string;
  name: string;
  mime: string;
  size: number;
}

const ZIP_MIME = 'application/zip';

/**
 * Queues a batch download of the owner's files. A zip is free and a copy of what it holds, so
 * it counts against the storage quota like an upload (413 when it would not fit), and a zip
 * is never packed into another (each round would double what one call stores).
 */
export async function queueZip(
  ctx: AppContext,
  input: { userId: number; guest: boolean; taskIds: number[]; entries: ZipEntry[]; name: string },
) {
  const entries = input.entries.filter((e) => e.mime !== ZIP_MIME);
  const bytes = entries.reduce((sum, e) => sum + e.size, 0);
  await assertStorageRoom(ctx, input.userId, bytes, input.guest);
  return createTask(ctx, {
    userId: input.userId,
    kind: 'zip',
    action: 'zip',
    prompt: '',
    params: {
      taskIds: input.taskIds,
      urls: entries.map((e) => e.url),
      names: entries.map((e) => e.name),
      name: input.name,
      guest: input.guest,
    },
    parentId: null,
    priceKey: null,
    providerId: null,
  });
}

/**
 * Batch downloads: params `{ urls: string[], names?: string[], name?: string, guest?: boolean }`,
 * each a file URL the task's owner got from us; another user's file, and a zip, is skipped,
 * none left fails the task. The zip must fit in the owner's storage quota when it is made
 * (others may have filled it since it was asked for), else the task fails saying so.
 * `{id}` in `name` becomes the task's id. The context comes with each call (not at
 * registration), so one process may host several apps.
 */
export function zipRunner(): TaskRunner {
  const run = async (task: TaskRow, { ctx }: TaskIo): Promise<StepOutcome> => {
    const p = task.params as { urls?: unknown; names?: unknown; name?: unknown; guest?: unknown };
    const urls = Array.isArray(p.urls)
      ? p.urls.filter((u): u is string => typeof u === 'string')
      : [];
    const names = Array.isArray(p.names) ? p.names : [];
    const entries: Record<string, Uint8Array> = {};
    for (const [i, url] of urls.entries()) {
      const img = await readOwnedImage(ctx, task.userId, url);
      if (!img || img.mime === ZIP_MIME) continue;
      const ext = img.mime.split('/')[1] ?? 'bin';
      const given =
        typeof names[i] === 'string' ? (names[i] as string).replace(/[^\w.-]/g, '_') : '';
      let name = given || `${i + 1}.${ext}`;
      while (entries[name]) name = `${i + 1}-${name}`;
      entries[name] = img.bytes;
    }
    if (Object.keys(entries).length === 0) throw UpstreamError.permanent(texts.zipNothing);
    const bytes = Object.values(entries).reduce((sum, b) => sum + b.length, 0);
    try {
      await assertStorageRoom(ctx, task.userId, bytes, p.guest === true);
    } catch (error) {
      if (error instanceof StorageFullError) throw UpstreamError.permanent(texts.zipStorageFull);
      throw error;
    }
    // Pictures are compressed already: stored, not deflated.
    const { zipSync } = await import('fflate'); // loaded with the first zip, not at start
    const zip = Buffer.from(zipSync(entries, { level: 0 }));
    const base =
      typeof p.name === 'string' && p.name
        ? p.name.replaceAll('{id}', String(task.id)).replace(/[^\w.-]/g, '_')
        : `files-${task.id}`;
    return {
      type: 'done',
      files: [{ bytes: zip, name: `${base}.zip` }],
      data: { count: Object.keys(entries).length },
    };
  };
  return { kind: 'zip', submit: run, poll: run };
}
