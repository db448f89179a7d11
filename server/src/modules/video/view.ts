import { isTaskActive, TaskStatus, type video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import type { Lang } from '../../http/messages.js';
import type { TaskRow } from '../tasks/index.js';
import { typicalSeconds, type VideoModelRow } from './models.js';
import type { VideoData, VideoParams } from './params.js';

/** A task as the screen reads it. */
export function toVideoTask(
  ctx: AppContext,
  t: TaskRow,
  lang: Lang,
  parsed: { params: VideoParams; data: VideoData },
  model: VideoModelRow | null,
  position: number | null,
): V.VideoTask {
  const { params: p, data: d } = parsed;
  const f = t.files[0];
  const since = Date.parse(t.startedAt ?? t.createdAt);
  const elapsed = Math.max(
    0,
    Math.round(((t.finishedAt ? Date.parse(t.finishedAt) : Date.now()) - since) / 1000),
  );
  const typical = model ? typicalSeconds(ctx, model) : 120;
  return {
    id: t.id,
    status: t.status,
    progress: t.progress,
    action: t.action as V.VideoAction,
    prompt: t.prompt,
    params: t.params,
    video: f
      ? {
          url: f.url,
          posterUrl: f.thumbUrl,
          width: f.width,
          height: f.height,
          mime: f.mime,
          size: f.size,
        }
      : null,
    duration: d.duration ?? null,
    upstreamStatus: d.upstreamStatus ?? (t.status === TaskStatus.queued ? 'QUEUED' : ''),
    error: t.error ? t.error[lang] : null,
    parentId: t.parentId,
    modelId: model?.id ?? p.modelId,
    modelName: model?.name ?? '',
    demo: model?.demo ?? false,
    credits: t.status === TaskStatus.failed ? 0 : t.credits,
    lateResult: d.lateResult === true,
    lateUntil: t.lateUntil === null ? null : new Date(t.lateUntil).toISOString(),
    queuePosition: position,
    elapsedSeconds: elapsed,
    estimatedSeconds: isTaskActive(t.status) ? Math.max(1, typical - elapsed) : null,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
  };
}
