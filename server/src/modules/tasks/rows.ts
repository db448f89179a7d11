import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Localized } from '../../http/messages.js';
import { fileUrl, type FileRow } from '../files/index.js';
import type { TaskFile, TaskRow } from './runner.js';
import type { TasksTable } from './tables.js';

/** A row of `tasks` as stored (JSON columns as text). */
export type RawTask = Selectable<TasksTable>;

/** A JSON column's value, or `fallback` when it is empty or not JSON. */
export const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** One entry of `tasks.files`: a result the engine stored. */
export interface StoredFile {
  key: string;
  thumbKey: string | null;
  width: number;
  height: number;
  mime: string;
  size: number;
  name?: string;
}

/** Files just copied into storage, as `tasks.files` keeps them. */
export const toStoredFiles = (stored: FileRow[]): StoredFile[] =>
  stored.map((f) => ({
    key: f.key,
    thumbKey: f.thumb_key,
    width: f.width,
    height: f.height,
    mime: f.mime,
    size: f.size,
    ...(f.name ? { name: f.name } : {}),
  }));

/** A stored row as runners and routes read it: JSON parsed, file keys turned into links. */
export function toTaskRow(ctx: AppContext, r: RawTask): TaskRow {
  return {
    id: r.id,
    userId: r.user_id,
    kind: r.kind,
    action: r.action,
    prompt: r.prompt,
    params: parseJson(r.params, {}),
    parentId: r.parent_id,
    status: Number(r.status) as TaskRow['status'],
    progress: r.progress,
    upstreamId: r.upstream_id,
    providerId: r.provider_id,
    files: parseJson<StoredFile[]>(r.files, []).map((f): TaskFile => ({
      key: f.key,
      url: fileUrl(ctx, f.key),
      thumbUrl: fileUrl(ctx, f.thumbKey ?? f.key),
      width: f.width,
      height: f.height,
      mime: f.mime,
      size: f.size,
      ...(f.name ? { name: f.name } : {}),
    })),
    error: parseJson<Localized | null>(r.error, null),
    data: parseJson(r.data, {}),
    credits: r.credits,
    attempts: r.attempts,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    lateUntil: r.late_until === null ? null : Number(r.late_until),
  };
}

/** `data` of a row with `extra` merged in (or as it was without any). */
export const mergeData = (raw: RawTask, extra?: Record<string, unknown>): string =>
  extra ? JSON.stringify({ ...parseJson(raw.data, {}), ...extra }) : raw.data;
