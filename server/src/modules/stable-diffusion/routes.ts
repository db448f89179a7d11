import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sd as S, TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { quote } from '../credits/index.js';
import { fileOfKey, fileUrl, keyOfUrl } from '../files/index.js';
import {
  createTask,
  deleteTasks,
  getTasks,
  listTasks,
  queuePositions,
  type TaskRow,
} from '../tasks/index.js';
import { listSdModels, sdModelById, sdModelName, toSdModel } from './catalogue.js';
import { texts } from './messages.js';
import { DEMO_STEPS } from './run-common.js';
import type { SdTaskParams } from './sd-runner.js';
import { toolRoutes } from './tool-routes.js';

export const SD_KINDS = ['sd', 'sd-tool'] as const;

/** A price the caller would pay now; 0 when the operator removed it (the submit then says 404). */
export const creditsOf = (ctx: AppContext, priceKey: string, userId?: number) =>
  quote(ctx.db.kysely, { priceKey, ...(userId ? { userId } : {}) }).catch(() => 0);

/** A task as the square and the toolbox read it. */
export async function toSdTasks(ctx: AppContext, rows: TaskRow[], lang: Lang): Promise<S.SdTask[]> {
  const positions = await queuePositions(ctx, rows);
  const names = new Map<number, string | null>();
  for (const r of rows) {
    const id = Number((r.params as { modelId?: number }).modelId ?? 0);
    if (id && !names.has(id)) names.set(id, await sdModelName(ctx, id));
  }
  const link = (url: unknown) => {
    const key = typeof url === 'string' ? keyOfUrl(url) : null;
    return key ? fileUrl(ctx, key) : null;
  };
  const perTask = (demo: boolean) =>
    demo ? Math.ceil((DEMO_STEPS * ctx.config.drawing.demoStepMs) / 1000) : 30;
  return rows.map((t) => {
    const p = t.params as Record<string, unknown> & { modelId?: number; demo?: boolean };
    const position = positions.get(t.id) ?? null;
    const eta =
      t.status === TaskStatus.queued
        ? ((position ?? 0) + 1) * perTask(p.demo === true)
        : t.status === TaskStatus.running
          ? Number(t.data.etaSeconds ?? perTask(p.demo === true))
          : null;
    return {
      id: t.id,
      kind: t.kind,
      status: t.status,
      progress: t.progress,
      action: t.action,
      prompt: t.prompt,
      params: { ...p, ...(t.data.seed !== undefined ? { seed: t.data.seed } : {}) },
      images: t.files.map((f) => ({
        url: f.url,
        thumbUrl: f.thumbUrl,
        width: f.width,
        height: f.height,
      })),
      sources: [p.image, p.mask, p.face].map(link).filter((u): u is string => u !== null),
      error: t.error ? t.error[lang] : null,
      modelId: p.modelId ?? null,
      modelName: p.modelId ? (names.get(p.modelId) ?? '') : '',
      demo: p.demo === true,
      // The hold went back: a failed picture cost nothing.
      credits: t.status === TaskStatus.failed ? 0 : t.credits,
      queuePosition: position,
      etaSeconds: eta === null || !Number.isFinite(eta) ? null : Math.max(0, Math.round(eta)),
      createdAt: t.createdAt,
      finishedAt: t.finishedAt,
    };
  });
}

/** The storage key of a picture the caller owns; anything else (someone else's too) → 404. */
export async function ownedPicture(ctx: AppContext, userId: number, url: string): Promise<string> {
  const key = keyOfUrl(url);
  const row = key ? await fileOfKey(ctx, key) : undefined;
  const isPicture = row && (key === row.thumb_key || row.mime.startsWith('image/'));
  if (!key || !row || row.user_id !== userId || !isPicture) throw notFound(texts.imageNotFound);
  return url;
}

export function sdRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  const submitLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  route(app, S.querySdModels, async ({ identity, lang }) => {
    const models = await listSdModels(ctx());
    const rows = await Promise.all(
      models.map(async (m) =>
        toSdModel(m, lang, await creditsOf(ctx(), m.priceKey, identity?.userId)),
      ),
    );
    return { rows, count: rows.length };
  });

  route(app, S.queryModelField, async ({ query }) => {
    const m = await sdModelById(ctx(), query.modelId);
    return { modelId: m.id, fields: m.fields };
  });

  route(
    app,
    S.sdCreate,
    async ({ body, identity, lang }) => {
      const m = await sdModelById(ctx(), body.modelId);
      const params: SdTaskParams = {
        modelId: m.id,
        checkpoint: m.checkpoint,
        negativePrompt: body.negativePrompt,
        seed: body.seed === -1 ? randomInt(0, 2 ** 32 - 1) : body.seed,
        steps: body.steps,
        cfgScale: body.cfgScale,
        sampler: body.sampler,
        width: body.width,
        height: body.height,
        demo: m.provider.protocol === 'demo',
      };
      const task = await createTask(ctx(), {
        userId: identity.userId,
        kind: 'sd',
        action: 'create',
        prompt: body.prompt,
        params: params as unknown as Record<string, unknown>,
        priceKey: m.priceKey,
        providerId: m.provider.id,
        providerLimit: m.provider.concurrency,
      });
      return (await toSdTasks(ctx(), [task], lang))[0]!;
    },
    submitLimit,
  );

  route(app, S.sdStatus, async ({ body, identity, lang }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...SD_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { rows: await toSdTasks(ctx(), rows, lang), count: rows.length };
  });

  route(app, S.sdList, async ({ query, identity, lang }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: [query.type === 'sd' ? 'sd' : 'sd-tool'],
      page: query.page,
      size: query.size,
      ...(query.status ? { status: [query.status as TaskStatus] } : {}),
    });
    return { rows: await toSdTasks(ctx(), r.rows, lang), count: r.count, countQueue: r.countQueue };
  });

  route(app, S.sdDelete, async ({ body, identity }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...SD_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { deleted: await deleteTasks(ctx(), identity.userId, ids, { cancelRunning: true }) };
  });

  toolRoutes(app);
}
