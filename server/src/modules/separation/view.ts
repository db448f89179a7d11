import type { separation as S } from '@atelier/contracts';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Lang } from '../../http/messages.js';
import type { TaskFile, TaskRow } from '../tasks/index.js';
import { modelById, type SeparationModel } from './models.js';
import type { SeparationData, SeparationParams } from './runner.js';

/** Kinds whose finished tasks are songs a user may separate (the music module's). */
export const SONG_KINDS = ['music'];

const toStem = (f: TaskFile): S.Stem => ({
  url: f.url,
  name: f.name ?? '',
  mime: f.mime,
  size: f.size,
});

/** A song task's audio: its first audio file that is not one of its own stems. */
export function songAudioOf(t: TaskRow): TaskFile | null {
  const stems = (t.data as { stems?: Record<string, unknown> }).stems ?? {};
  const stemIndexes = new Set(Object.values(stems).filter((v) => typeof v === 'number'));
  return (
    t.files.find((f, i) => f.mime.startsWith('audio/') && !stemIndexes.has(i)) ??
    t.files.find((f) => f.mime.startsWith('audio/')) ??
    null
  );
}

/** A demo song's own stems (vocals, instrumental), when its data names both. */
export function demoStemsOf(t: TaskRow): { vocals: TaskFile; instrumental: TaskFile } | null {
  const d = t.data as { demo?: unknown; stems?: { vocals?: unknown; instrumental?: unknown } };
  if (d.demo !== true || !d.stems) return null;
  const v = typeof d.stems.vocals === 'number' ? t.files[d.stems.vocals] : undefined;
  const i = typeof d.stems.instrumental === 'number' ? t.files[d.stems.instrumental] : undefined;
  return v && i ? { vocals: v, instrumental: i } : null;
}

export const songTitleOf = (t: TaskRow): string => {
  const title = (t.data as { title?: unknown }).title ?? (t.params as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() ? title : t.prompt.slice(0, 80);
};

/** A separation as the screen reads it. */
export function toSeparationTask(
  t: TaskRow,
  lang: Lang,
  models: Map<number, SeparationModel | null>,
): S.SeparationTask {
  const p = t.params as unknown as SeparationParams;
  const d = t.data as SeparationData;
  const model = models.get(p.modelId) ?? null;
  const done = t.status === TaskStatus.succeeded;
  const at = (i: number | undefined) =>
    done && i !== undefined && t.files[i] ? toStem(t.files[i]) : null;
  return {
    id: t.id,
    status: t.status,
    progress: done ? 100 : t.progress,
    sourceName: p.source.name,
    sourceType: p.source.type,
    songTaskId: p.source.songTaskId ?? null,
    modelId: p.modelId,
    modelName: model?.name ?? '',
    demo: model?.demo ?? false,
    method: d.method ?? null,
    format: p.format,
    vocals: at(d.stems?.vocals),
    instrumental: at(d.stems?.instrumental),
    files: done ? t.files.map(toStem) : [],
    durationSeconds: Math.round((d.durationSeconds ?? 0) * 100) / 100,
    error: t.error ? t.error[lang] : null,
    // The hold went back: a failed separation cost nothing.
    credits: t.status === TaskStatus.failed ? 0 : t.credits,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
  };
}

export async function toSeparationTasks(ctx: AppContext, rows: TaskRow[], lang: Lang) {
  const ids = [...new Set(rows.map((r) => (r.params as { modelId?: number }).modelId ?? 0))];
  const models = new Map<number, SeparationModel | null>();
  await Promise.all(ids.map(async (id) => models.set(id, id ? await modelById(ctx, id) : null)));
  return rows.map((r) => toSeparationTask(r, lang, models));
}
