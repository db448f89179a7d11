import type { separation as S } from '@atelier/contracts';
import { TaskStatus } from '@atelier/contracts';
import type { Lang } from '../../http/messages.js';
import type { TaskFile, TaskRow } from '../tasks/index.js';
import type { KindModel } from '../kind-kit/index.js';
import type { SeparationData, SeparationParams } from './params.js';

/** Kinds whose finished tasks are songs a user may separate (the music module's). */
export const SONG_KINDS = ['music'];

const toStem = (f: TaskFile): S.Stem => ({
  url: f.url,
  name: f.name ?? '',
  mime: f.mime,
  size: f.size,
});

/** One song of a music task: the audio to separate and, for a demo song, its own stems. */
export interface SongAudio {
  clip: number;
  title: string;
  file: TaskFile;
  stems: { vocals: TaskFile; instrumental: TaskFile } | null;
}

interface ClipLike {
  status?: unknown;
  title?: unknown;
  audio?: unknown;
  wav?: unknown;
  stems?: { vocals?: unknown; instrumental?: unknown } | null;
}

const fileAt = (t: TaskRow, i: unknown): TaskFile | null =>
  typeof i === 'number' && t.files[i]?.mime.startsWith('audio/') ? t.files[i] : null;

const stemsAt = (t: TaskRow, s: ClipLike['stems']): SongAudio['stems'] => {
  const vocals = fileAt(t, s?.vocals);
  const instrumental = fileAt(t, s?.instrumental);
  return vocals && instrumental ? { vocals, instrumental } : null;
};

export const songTitleOf = (t: TaskRow): string => {
  const title = (t.data as { title?: unknown }).title ?? (t.params as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() ? title : t.prompt.slice(0, 80);
};

/**
 * The songs of a finished music task. The music module's tasks hold `data.clips` (each with
 * the file indexes of its audio, WAV and, for demo songs, its stems); a task without clips is
 * one song: its first audio file that is not one of `data.stems`. Demo songs (`data.demo`)
 * carry their exact stems, which the separation demo returns as they are.
 */
export function songsOf(t: TaskRow): SongAudio[] {
  const d = t.data as { demo?: unknown; stems?: ClipLike['stems']; clips?: unknown };
  const demo = d.demo === true;
  if (Array.isArray(d.clips) && d.clips.length > 0) {
    return (d.clips as ClipLike[]).flatMap((c, i) => {
      const file = fileAt(t, c.wav) ?? fileAt(t, c.audio);
      if (!file || c.status === 'error') return [];
      const title = typeof c.title === 'string' && c.title.trim() ? c.title : songTitleOf(t);
      const stems = demo ? (stemsAt(t, c.stems) ?? (i === 0 ? stemsAt(t, d.stems) : null)) : null;
      return [{ clip: i, title, file, stems }];
    });
  }
  const stemIndexes = new Set(Object.values(d.stems ?? {}).filter((v) => typeof v === 'number'));
  const file = t.files.find((f, i) => f.mime.startsWith('audio/') && !stemIndexes.has(i));
  if (!file) return [];
  return [{ clip: 0, title: songTitleOf(t), file, stems: demo ? stemsAt(t, d.stems) : null }];
}

/** A separation as the screen reads it. */
export function toSeparationTask(
  t: TaskRow,
  { params: p, data: d }: { params: SeparationParams; data: SeparationData },
  model: KindModel | null,
  lang: Lang,
): S.SeparationTask {
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
