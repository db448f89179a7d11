import { readOwnedImage } from '../files/index.js';
import { texts } from './messages.js';
import {
  UpstreamError,
  type StepOutcome,
  type TaskIo,
  type TaskRow,
  type TaskRunner,
} from './runner.js';

/**
 * Batch downloads: params `{ urls: string[], names?: string[], name?: string }`, each a file
 * URL the task's owner got from us; another user's file is skipped, none left fails the task.
 * `{id}` in `name` becomes the task's id. The context comes with each call (not at
 * registration), so one process may host several apps.
 */
export function zipRunner(): TaskRunner {
  const run = async (task: TaskRow, { ctx }: TaskIo): Promise<StepOutcome> => {
    const p = task.params as { urls?: unknown; names?: unknown; name?: unknown };
    const urls = Array.isArray(p.urls)
      ? p.urls.filter((u): u is string => typeof u === 'string')
      : [];
    const names = Array.isArray(p.names) ? p.names : [];
    const entries: Record<string, Uint8Array> = {};
    for (const [i, url] of urls.entries()) {
      const img = await readOwnedImage(ctx, task.userId, url);
      if (!img) continue;
      const ext = img.mime.split('/')[1] ?? 'bin';
      const given =
        typeof names[i] === 'string' ? (names[i] as string).replace(/[^\w.-]/g, '_') : '';
      let name = given || `${i + 1}.${ext}`;
      while (entries[name]) name = `${i + 1}-${name}`;
      entries[name] = img.bytes;
    }
    if (Object.keys(entries).length === 0) throw UpstreamError.permanent(texts.zipNothing);
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
