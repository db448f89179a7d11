import type { FastifyInstance } from 'fastify';
import { music as M, TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  createTask,
  deleteTasks,
  getTask,
  getTasks,
  listTasks,
  reportProgress,
} from '../tasks/index.js';
import * as newapi from '../../providers/music/newapi-suno.js';
import { texts } from './messages.js';
import { musicModelById, pickMusicModel, priceKeyOf, type MusicModel } from './models.js';
import { dataOf, paramsOf, type MusicParams } from './params.js';
import { checkNotifySecret, newApiOutcome } from './upstream-steps.js';
import { toMusicTask, toMusicTasks } from './view.js';

const KINDS = ['music'];

/** One of the caller's finished songs and its clip (another user's → 404). */
async function sourceOf(ctx: AppContext, userId: number, taskId: number, clip: number) {
  const task = await getTask(ctx, userId, taskId).catch(() => {
    throw notFound(texts.songNotFound);
  });
  if (task.status !== TaskStatus.succeeded) throw new AppError(409, texts.notFinished);
  const c = dataOf(task.data).clips?.[clip];
  if (!c || c.status !== 'complete')
    throw badRequest(texts.clipNotFound, { clip: clip + 1 }, 'clip');
  return { task, clip: c };
}

async function queueSong(
  ctx: AppContext,
  userId: number,
  action: M.MusicTask['action'],
  params: MusicParams,
  model: MusicModel | null,
  priceKey: string | null,
  parentId: number | null = null,
) {
  return createTask(ctx, {
    userId,
    kind: 'music',
    action,
    prompt: params.prompt || params.title || params.lyrics.slice(0, 200),
    params: { ...params },
    parentId,
    priceKey,
    providerId: model?.providerId ?? null,
    providerLimit: model?.concurrency ?? 0,
  });
}

export function songRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const rateLimit = { max: 20, timeWindow: 60_000 };

  route(
    app,
    M.submitSong,
    async ({ body, identity, lang }) => {
      const model = await pickMusicModel(ctx, identity.userId, body.modelId);
      const params: MusicParams = { ...body, modelId: model.id };
      const task = await queueSong(
        ctx,
        identity.userId,
        'create',
        params,
        model,
        priceKeyOf(model, 'song'),
      );
      return toMusicTask(task, lang, model);
    },
    { rateLimit },
  );

  route(
    app,
    M.extendSong,
    async ({ body, identity, lang }) => {
      const src = await sourceOf(ctx, identity.userId, body.taskId, body.clip);
      if (src.clip.duration !== null && body.at > src.clip.duration)
        throw badRequest(texts.beyondEnd, { duration: src.clip.duration }, 'at');
      const sp = paramsOf(src.task.params);
      const model = await pickMusicModel(ctx, identity.userId, sp.modelId ?? undefined);
      const params: MusicParams = {
        modelId: model.id,
        mode: 'custom',
        prompt: sp.prompt,
        lyrics: body.lyrics,
        title: body.title ?? src.clip.title,
        tags: body.tags ?? src.clip.tags,
        instrumental: sp.instrumental,
        source: { taskId: src.task.id, clip: body.clip, at: body.at },
        sourceClipId: src.clip.id,
      };
      const task = await queueSong(
        ctx,
        identity.userId,
        'extend',
        params,
        model,
        priceKeyOf(model, 'extend'),
        src.task.id,
      );
      return toMusicTask(task, lang, model);
    },
    { rateLimit },
  );

  route(
    app,
    M.cropSong,
    async ({ body, identity, lang }) => {
      const src = await sourceOf(ctx, identity.userId, body.taskId, body.clip);
      if (src.clip.duration !== null && body.from >= src.clip.duration)
        throw badRequest(texts.beyondEnd, { duration: src.clip.duration }, 'from');
      const sp = paramsOf(src.task.params);
      const params: MusicParams = {
        ...sp,
        title: body.title ?? src.clip.title,
        source: { taskId: src.task.id, clip: body.clip, at: body.from, to: body.to },
      };
      const task = await queueSong(ctx, identity.userId, 'crop', params, null, null, src.task.id);
      return toMusicTask(task, lang, null);
    },
    { rateLimit },
  );

  route(
    app,
    M.wholeSong,
    async ({ body, identity, lang }) => {
      const src = await sourceOf(ctx, identity.userId, body.taskId, body.clip);
      const sp = paramsOf(src.task.params);
      const model = sp.modelId ? await musicModelById(ctx, sp.modelId) : null;
      const params: MusicParams = {
        ...sp,
        title: src.clip.title,
        source: { taskId: src.task.id, clip: body.clip },
        sourceClipId: src.clip.id,
      };
      const task = await queueSong(ctx, identity.userId, 'whole', params, model, null, src.task.id);
      return toMusicTask(task, lang, model);
    },
    { rateLimit },
  );

  route(app, M.listSongs, async ({ query, identity, lang }) => {
    const r = await listTasks(ctx, {
      userId: identity.userId,
      kinds: KINDS,
      page: query.page,
      size: query.size,
    });
    return { rows: await toMusicTasks(ctx, r.rows, lang), count: r.count };
  });

  route(app, M.getSongs, async ({ query, identity, lang }) => {
    const ids = query.ids.split(',').map(Number);
    return {
      rows: await toMusicTasks(ctx, await getTasks(ctx, identity.userId, ids, KINDS), lang),
    };
  });

  route(app, M.deleteSongs, async ({ body, identity }) => {
    const mine = await getTasks(ctx, identity.userId, body.ids, KINDS);
    const deleted = await deleteTasks(
      ctx,
      identity.userId,
      mine.map((t) => t.id),
      { cancelRunning: true },
    );
    return { deleted };
  });
}

/** New API's notify hook: the whole task on each change. */
export function notifyRoute(app: FastifyInstance): void {
  const ctx = app.ctx;
  // New API's notify hook: the whole task on each change. Not the envelope: the relay only
  // reads the status code.
  app.post<{ Querystring: { secret?: string; task?: string }; Body: Record<string, unknown> }>(
    '/music/notify',
    { schema: { hide: true }, bodyLimit: 1024 * 1024 },
    async (req, reply) => {
      if (!checkNotifySecret(ctx, req.query.secret)) return reply.code(401).send({ ok: false });
      const taskId = Number(req.query.task);
      const body = req.body && typeof req.body === 'object' ? req.body : null;
      const raw = (
        body?.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : body
      ) as Record<string, unknown> | null;
      if (!raw || !Number.isInteger(taskId) || taskId <= 0 || typeof raw.task_id !== 'string')
        return reply.code(400).send({ ok: false });
      const t = newapi.taskOf(raw);
      const applied = await reportProgress(ctx, {
        taskId,
        upstreamId: t.taskId,
        outcome: newApiOutcome(t, ctx.config.music.pollMs),
      });
      return reply.send({ ok: true, applied });
    },
  );
}
