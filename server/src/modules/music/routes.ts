import type { FastifyInstance } from 'fastify';
import { music as M, TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { createTask, getTask, reportProgress } from '../tasks/index.js';
import type { KindModel } from '../kind-kit/index.js';
import * as newapi from '../../providers/music/newapi-suno.js';
import { texts } from './messages.js';
import { musicKind as kind } from './kind.js';
import { priceKeyOf } from './models.js';
import { dataOf, paramsOf, type MusicParams } from './params.js';
import { checkNotifySecret, newApiOutcome } from './upstream-steps.js';
import { toMusicTask } from './view.js';

/** One of the caller's finished songs and its clip (another user's → 404). */
async function sourceOf(ctx: AppContext, userId: number, taskId: number, clip: number) {
  const task = await getTask(ctx, userId, taskId).catch((error: unknown) => {
    // Not found is the song's; anything else (the database away: a 503) is not.
    throw error instanceof AppError && error.status === 404 ? notFound(texts.songNotFound) : error;
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
  model: KindModel | null,
  priceKey: string | null,
  parentId: number | null = null,
) {
  return createTask(ctx, {
    userId,
    kind: kind.definition.kind,
    action,
    prompt: params.prompt || params.title || params.lyrics.slice(0, 200),
    params: { ...params },
    parentId,
    priceKey,
    providerId: model?.provider.id ?? null,
    providerLimit: model?.provider.concurrency ?? 0,
  });
}

/** The models a user may pick, with what a song, an extension and lyrics cost on each. */
const ACTIONS = ['song', 'extend', 'lyrics'] as const;

export function modelRoutes(app: FastifyInstance): void {
  route(app, M.listModels, async ({ identity }) => {
    const shown = await kind.modelsFor(app.ctx, identity.userId);
    const prices = await kind.actionPrices(app.ctx, shown, ACTIONS);
    return {
      rows: shown.map((m) => ({ id: m.id, name: m.name, demo: m.demo, prices: prices.get(m.id)! })),
      count: shown.length,
    };
  });
}

export function songRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const rateLimit = { max: 20, timeWindow: 60_000 };

  route(
    app,
    M.submitSong,
    async ({ body, identity, lang }) => {
      const model = await kind.pickModel(ctx, identity.userId, body.modelId);
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
      const model = await kind.pickModel(ctx, identity.userId, sp.modelId ?? undefined);
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
      const model = sp.modelId ? await kind.modelById(ctx, sp.modelId) : null;
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

  route(app, M.listSongs, ({ query, identity, lang }) =>
    kind.list(ctx, identity.userId, query, lang),
  );
  route(app, M.getSongs, async ({ query, identity, lang }) => ({
    rows: await kind.statuses(ctx, identity.userId, query.ids.split(',').map(Number), lang),
  }));
  // A song's files stay: a separation or a published work may still use them (as before).
  route(app, M.deleteSongs, ({ body, identity }) =>
    kind.removeMany(ctx, identity.userId, body.ids, { keepFiles: true }),
  );
}

/**
 * A push of a task in New API's format, for a relay set up to post one here. New API itself
 * has no notify hook (`dto/suno.go` of QuantumNous/new-api): its tasks are polled, and no
 * submit names this route (docs/music.md).
 */
export function notifyRoute(app: FastifyInstance): void {
  const ctx = app.ctx;
  // Not the envelope: a relay reads the status code only.
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
