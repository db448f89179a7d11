import type { FastifyInstance } from 'fastify';
import { isTaskActive, TaskStatus, video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { fileUrl, readOwnedImage, storeFile } from '../files/index.js';
import { deleteTasks, getTasks, listTasks, queuePositions, type TaskRow } from '../tasks/index.js';
import { frameAt } from './media.js';
import { texts } from './messages.js';
import { typicalSeconds, videoModelById, videoModels, type VideoModelRow } from './models.js';
import { videoDataOf } from './params.js';
import {
  finishedParent,
  prepareCut,
  prepareExtend,
  prepareInput,
  queueVideo,
  type Entry,
} from './prepare.js';

/** A task as the screen reads it. */
export function toVideoTask(
  ctx: AppContext,
  t: TaskRow,
  lang: Lang,
  models: Map<number, VideoModelRow | null>,
  positions: Map<number, number>,
): V.VideoTask {
  const p = t.params as { modelId?: number; duration?: number };
  const d = videoDataOf(t.data);
  const model = p.modelId ? (models.get(p.modelId) ?? null) : null;
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
    modelId: model?.id ?? p.modelId ?? null,
    modelName: model?.name ?? '',
    demo: model?.demo ?? false,
    credits: t.status === TaskStatus.failed ? 0 : t.credits,
    lateResult: d.lateResult === true,
    lateUntil: t.lateUntil === null ? null : new Date(t.lateUntil).toISOString(),
    queuePosition: positions.get(t.id) ?? null,
    elapsedSeconds: elapsed,
    estimatedSeconds: isTaskActive(t.status) ? Math.max(1, typical - elapsed) : null,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
  };
}

export async function toVideoTasks(ctx: AppContext, rows: TaskRow[], lang: Lang) {
  const ids = [...new Set(rows.map((r) => (r.params as { modelId?: number }).modelId ?? 0))];
  const models = new Map<number, VideoModelRow | null>();
  await Promise.all(
    ids.map(async (id) => models.set(id, id ? await videoModelById(ctx, id) : null)),
  );
  const positions = await queuePositions(ctx, rows);
  return rows.map((r) => toVideoTask(ctx, r, lang, models, positions));
}

/** Cuts a video's last frame (a picture result is its own) and stores it with the task. */
async function cutFrame(
  ctx: AppContext,
  userId: number,
  taskId: number,
  url: string,
  name: string,
) {
  const src = await readOwnedImage(ctx, userId, url);
  if (!src) throw notFound(texts.taskNotFound);
  const bytes = src.mime === 'video/mp4' ? await frameAt(src.bytes, -0.1) : src.bytes;
  return storeFile(ctx, { userId, origin: 'result', taskId, bytes, name, quota: true });
}

export function videoRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  // Frames may come inline (data URLs, up to 20 MB decoded).
  const submit = { rateLimit: { max: 30, timeWindow: 60_000 }, bodyLimit: 72 * 1024 * 1024 };
  const entries: Array<[typeof V.runwayVideo, Entry]> = [
    [V.runwayVideo, 'runwayVideo'],
    [V.runwayPic, 'runwayPic'],
    [V.pikaVideo, 'pikaVideo'],
    [V.animeVideo, 'anime'],
  ];
  for (const [endpoint, entry] of entries)
    route(
      app,
      endpoint,
      async ({ body, identity, lang }) => {
        const prepared = await prepareInput(ctx(), identity.userId, body, entry);
        const task = await queueVideo(ctx(), identity.userId, prepared);
        return (await toVideoTasks(ctx(), [task], lang))[0]!;
      },
      submit,
    );

  route(
    app,
    V.extendVideo,
    async ({ body, identity, lang }) => {
      const task = await queueVideo(
        ctx(),
        identity.userId,
        await prepareExtend(ctx(), identity.userId, body),
      );
      return (await toVideoTasks(ctx(), [task], lang))[0]!;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  route(
    app,
    V.cutVideo,
    async ({ body, identity, lang }) => {
      const task = await queueVideo(
        ctx(),
        identity.userId,
        await prepareCut(ctx(), identity.userId, body),
      );
      return (await toVideoTasks(ctx(), [task], lang))[0]!;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );

  route(app, V.videoStatus, async ({ body, identity, lang }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, ['video']);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { rows: await toVideoTasks(ctx(), rows, lang), count: rows.length };
  });

  route(app, V.listVideos, async ({ query, identity, lang }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: ['video'],
      page: query.page,
      size: query.size,
    });
    return { rows: await toVideoTasks(ctx(), r.rows, lang), count: r.count };
  });

  route(app, V.deleteVideos, async ({ body, identity }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, ['video']);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { deleted: await deleteTasks(ctx(), identity.userId, ids, { cancelRunning: true }) };
  });

  // The last frame is cut (by ffmpeg) once per video and stored with it; later calls read it.
  route(
    app,
    V.lastFrame,
    async ({ query, identity }) => {
      const { file } = await finishedParent(ctx(), identity.userId, query.id);
      const name = `last-frame-${query.id}.jpg`;
      const stored = await ctx()
        .db.kysely.selectFrom('files')
        .selectAll()
        .where('user_id', '=', identity.userId)
        .where('task_id', '=', query.id)
        .where('name', '=', name)
        .orderBy('id')
        .executeTakeFirst();
      const f = stored ?? (await cutFrame(ctx(), identity.userId, query.id, file.url, name));
      return { url: fileUrl(ctx(), f.key), thumbUrl: fileUrl(ctx(), f.thumb_key ?? f.key) };
    },
    { rateLimit: { max: app.ctx.config.files.uploadRateLimit, timeWindow: 60_000 } },
  );

  route(app, V.videoModels, async ({ identity }) => {
    const isVip = identity ? (await ctx().balances.read(identity.userId)).isVip : false;
    const models = (await videoModels(ctx())).filter((m) => isVip || !m.vipOnly);
    const prices = await ctx()
      .db.kysely.selectFrom('credit_prices')
      .select(['price_key', 'credits'])
      .where('enabled', '=', 1)
      .execute();
    const byKey = new Map(prices.map((p) => [p.price_key, p.credits]));
    return {
      rows: models.map((m) => ({
        id: m.id,
        name: m.name,
        protocol: m.protocol,
        demo: m.demo,
        durations: m.durations,
        aspects: m.aspects,
        supports: m.capabilities,
        typicalSeconds: typicalSeconds(ctx(), m),
        prices: (['generate', 'image-to-video', 'extend', 'anime'] as const)
          .map((action) => {
            const own = `${m.priceModel}:${action}`;
            const key = byKey.has(own) ? own : `${m.priceModel}:generate`;
            return { action, priceKey: key, credits: byKey.get(key) ?? -1 };
          })
          .filter((p) => p.credits >= 0),
      })),
      count: models.length,
    };
  });
}
