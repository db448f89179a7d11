import type { music as M } from '@atelier/contracts';
import { TaskStatus } from '@atelier/contracts';
import { failureText } from '../../lib/failure-text.js';
import type { Lang } from '../../http/messages.js';
import type { TaskRow } from '../tasks/index.js';
import type { KindModel } from '../kind-kit/index.js';
import { dataOf, shownParamsOf } from './params.js';

/** A music task as the screen reads it (links to our stored files only). */
export function toMusicTask(t: TaskRow, lang: Lang, model: KindModel | null): M.MusicTask {
  const p = shownParamsOf(t.params);
  const d = dataOf(t.data);
  const url = (i: number | null | undefined) =>
    i === null || i === undefined ? null : (t.files[i]?.url ?? null);
  const done = t.status === TaskStatus.succeeded;
  return {
    id: t.id,
    status: t.status,
    progress: t.progress,
    action: t.action as M.MusicTask['action'],
    mode: p.mode ?? 'custom',
    prompt: p.prompt ?? t.prompt,
    title: p.title ?? '',
    tags: p.tags ?? '',
    lyrics: p.lyrics ?? '',
    instrumental: p.instrumental ?? false,
    modelId: p.modelId ?? null,
    modelName: model?.name ?? '',
    demo: (model?.demo ?? false) || d.demo === true,
    source: p.source
      ? {
          taskId: p.source.taskId,
          clip: p.source.clip,
          at: p.source.at ?? null,
          to: p.source.to ?? null,
        }
      : null,
    clips: (done ? (d.clips ?? []) : []).map((c, index) => {
      const vocals = c.stems ? url(c.stems.vocals) : null;
      const instrumental = c.stems ? url(c.stems.instrumental) : null;
      return {
        index,
        title: c.title,
        tags: c.tags,
        lyrics: c.lyrics,
        lrc: c.lrc,
        duration: c.duration,
        audioUrl: url(c.audio),
        wavUrl: url(c.wav),
        imageUrl: url(c.image),
        stems: vocals && instrumental ? { vocalsUrl: vocals, instrumentalUrl: instrumental } : null,
        status: c.status,
        // The upstream's reason stays in the task; the user reads its class.
        error: c.error === null ? null : failureText(new Error(c.error))[lang],
      };
    }),
    error: t.error ? t.error[lang] : null,
    // The hold went back: a failed song cost nothing.
    credits: t.status === TaskStatus.failed ? 0 : t.credits,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
  };
}
