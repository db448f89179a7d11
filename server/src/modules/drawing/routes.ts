import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { drawing as D, TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, notEnoughCredits, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { sliceGrid } from '../../providers/image/demo-render.js';

import { quote, readBalanceWithHolds } from '../credits/index.js';
import {
  filesOfTask,
  fileUrl,
  ownLinkSigner,
  readOwnedImage,
  signedFileLinks,
  storeFile,
  type FileRow,
} from '../files/index.js';
import type { TaskFile, TaskRow } from '../tasks/index.js';
import {
  countActive,
  countByStatus,
  deleteTasks,
  getTasks,
  listTasks,
  queuePositions,
  redoTask,
} from '../tasks/index.js';
import { texts } from './messages.js';
import { prepare, prepareImagine, queue } from './prepare.js';
import { VIDEO_ACTIONS, type MjTaskData } from './mj-params.js';
import { pickModel, priceKeyFor, shownModelById } from './models.js';

/** The model a card names (its name, whether it is the demo). */
type ShownModel = Awaited<ReturnType<typeof shownModelById>>;

/**
 * The draw-list types of `/chatLog/draw` and the task kinds each returns: 1 DALL·E / gpt-image
 * (`image`, images module), 2 SD3 (`sd3`, images module), 4 Midjourney and chat drawings.
 */
const DRAW_TYPES: Record<number, string[]> = { 1: ['image'], 2: ['sd3'], 4: ['mj', 'chat-draw'] };
/** Every kind the drawing calls (status, retry, delete, pictures) read, whichever screen made it. */
const DRAW_KINDS = Object.values(DRAW_TYPES).flat();
/** The pictures one may pick as a reference anywhere: every drawing, the square's and the toolbox's. */
const PICTURE_KINDS = [...DRAW_KINDS, 'sd', 'sd-tool'];

export const toDrawImage = (f: Pick<TaskFile, 'url' | 'thumbUrl' | 'width' | 'height'>) => ({
  url: f.url,
  thumbUrl: f.thumbUrl,
  width: f.width,
  height: f.height,
});

/** The actions drawn from the user's own pictures, which their cards show. */
const SOURCE_ACTIONS = new Set(['blend', 'describe', 'faceswap']);

/** What the draw lists show of any drawing kind's params: each field when it is there and right. */
const shownParams = z.object({
  modelId: z.number().int().optional().catch(undefined),
  finalPrompt: z.string().optional().catch(undefined),
  flags: z.record(z.string(), z.unknown()).optional().catch(undefined),
  form: z.record(z.string(), z.unknown()).optional().catch(undefined),
  images: z.array(z.string()).optional().catch(undefined),
});

/** A task as the screen reads it. */
export function toDrawTask(
  t: TaskRow,
  lang: Lang,
  models: Map<number, ShownModel>,
  positions: Map<number, number>,
  /** A fresh link to one of the caller's pictures (stored links' signatures run out). */
  link: (url: string) => string | null = () => null,
): D.DrawTask {
  const p = shownParams.parse(t.params);
  const d = t.data as MjTaskData & { params?: Record<string, unknown> };
  const model = p.modelId ? (models.get(p.modelId) ?? null) : null;
  const video = VIDEO_ACTIONS.has(t.action)
    ? t.files.find((f) => f.mime === 'video/mp4' || f.mime === 'image/webp')
    : undefined;
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    progress: t.progress,
    action: t.action as D.DrawAction,
    prompt: t.prompt,
    finalPrompt: d.finalPrompt ?? p.finalPrompt ?? t.prompt,
    // Midjourney keeps its flags; other kinds keep the screen's form (`form`) and what the
    // upstream decided (`data.params`, e.g. the seed), so "draw the same" refills every field.
    // References are stored as file keys: the owner gets them signed, to show and reuse.
    params: signedFileLinks(p.flags ?? { ...p.form, ...d.params }, link) as Record<string, unknown>,
    // A Midjourney video's clip is no picture: it is played, not offered as one.
    images: video ? [] : t.files.map(toDrawImage),
    video: video ? { url: video.url, posterUrl: video.thumbUrl } : null,
    sources: SOURCE_ACTIONS.has(t.action)
      ? (p.images ?? []).map(link).filter((u): u is string => u !== null)
      : [],
    buttons: t.status === TaskStatus.succeeded ? (d.buttons ?? []) : [],
    remix: !d.buttonsDerived,
    description: d.description ?? null,
    error: t.error ? t.error[lang] : null,
    parentId: t.parentId,
    modelId: model?.id ?? p.modelId ?? null,
    modelName: model?.name ?? '',
    demo: model?.demo ?? false,
    // The hold went back: a failed drawing cost nothing.
    credits: t.status === TaskStatus.failed ? 0 : t.credits,
    queuePosition: positions.get(t.id) ?? null,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
  };
}

export async function toDrawTasks(ctx: AppContext, rows: TaskRow[], lang: Lang) {
  const ids = [...new Set(rows.map((r) => (r.params as { modelId?: number }).modelId ?? 0))];
  const models = new Map<number, ShownModel>();
  await Promise.all(
    ids.map(async (id) => models.set(id, id ? await shownModelById(ctx, id) : null)),
  );
  const positions = await queuePositions(ctx, rows);
  // Only the owner's own files are signed afresh: a link to someone else's file written into
  // a drawing (known from a link seen once) stays as it was written, unsigned.
  const signers = new Map<number, (url: string) => string | null>();
  for (const userId of new Set(rows.map((r) => r.userId))) {
    const data = rows.filter((r) => r.userId === userId).flatMap((r) => [r.params, r.data]);
    signers.set(userId, await ownLinkSigner(ctx, userId, data));
  }
  return rows.map((r) => toDrawTask(r, lang, models, positions, signers.get(r.userId)));
}

/** What a drawing would cost and how long it would wait, before it is asked for. */
async function simulate(
  ctx: AppContext,
  userId: number,
  q: { modelId?: number; action: D.DrawAction; count: number },
): Promise<D.Simulation> {
  const model = await pickModel(
    ctx,
    userId,
    q.action === 'chat-draw' ? 'chat-draw' : 'mj',
    q.modelId,
  );
  const priceKey = priceKeyFor(model, q.action);
  const [unit, balance, ahead, mine] = await Promise.all([
    quote(ctx.db.kysely, { priceKey, userId }),
    readBalanceWithHolds(ctx.db.kysely, userId),
    countActive(ctx, { kinds: ['mj'], providerId: model.provider.id }),
    countByStatus(ctx, userId, [...DRAW_KINDS]),
  ]);
  const total = unit * q.count;
  const perTask = model.demo ? Math.ceil((ctx.config.drawing.demoStepMs * 6) / 1000) : 60;
  const lanes = Math.max(1, model.provider.concurrency);
  return {
    modelId: model.id,
    action: q.action,
    priceKey,
    unitCredits: unit,
    count: q.count,
    totalCredits: total,
    balance: balance.credits,
    enough: balance.credits >= total,
    queueAhead: ahead,
    yourQueued: mine.queued + mine.running,
    estimatedSeconds: Math.ceil((ahead / lanes + 1) * perTask),
  };
}

/** The stored slices of a grid: cut once, on the first call, and read back after. */
const sliceName = (taskId: number, i: number) => `slice-${taskId}-${i + 1}.png`;
const slicing = new Map<number, Promise<FileRow[]>>();

async function storedSlices(ctx: AppContext, userId: number, taskId: number) {
  const names = [0, 1, 2, 3].map((i) => sliceName(taskId, i));
  const rows = (await filesOfTask(ctx, userId, taskId))
    .filter((f) => names.includes(f.name))
    .sort((a, b) => a.id - b.id);
  return rows.length === 4 ? rows : null;
}

async function cutGrid(
  ctx: AppContext,
  userId: number,
  taskId: number,
  url: string,
  guest: boolean,
) {
  const img = await readOwnedImage(ctx, userId, url);
  if (!img) throw notFound(texts.taskNotFound);
  const parts = await sliceGrid(img.bytes);
  const rows: FileRow[] = [];
  for (const [i, part] of parts.entries())
    rows.push(
      await storeFile(ctx, {
        userId,
        origin: 'result',
        taskId,
        bytes: part.png,
        name: sliceName(taskId, i),
        // Free to ask for: counted against the storage quota like an upload.
        quota: true,
        guest,
      }),
    );
  return rows;
}

/**
 * Cuts a finished grid into its four pictures, stored with the task. Computed once per task
 * (also when calls race in this process); later calls answer the stored slices.
 */
async function sliceTask(ctx: AppContext, userId: number, taskId: number, guest = false) {
  const [task] = await getTasks(ctx, userId, [taskId], ['mj']);
  if (!task) throw notFound(texts.taskNotFound);
  const grid = task.files[0];
  const single = ['upscale', 'upscale_subtle', 'upscale_creative', 'describe', 'faceswap'];
  if (task.status !== TaskStatus.succeeded || !grid || single.includes(task.action))
    throw new AppError(400, texts.notAGrid);
  let rows = await storedSlices(ctx, userId, task.id);
  if (!rows) {
    let cutting = slicing.get(task.id);
    if (!cutting) {
      cutting = cutGrid(ctx, userId, task.id, grid.url, guest).finally(() =>
        slicing.delete(task.id),
      );
      slicing.set(task.id, cutting);
    }
    rows = await cutting;
  }
  return {
    images: rows.map((f) => ({
      url: fileUrl(ctx, f.key),
      thumbUrl: fileUrl(ctx, f.thumb_key ?? f.key),
      width: f.width,
      height: f.height,
    })),
  };
}

export function drawRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  const submitLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  route(
    app,
    D.queueDrawing,
    async ({ body, identity, lang }) => {
      const prepared = await prepare(ctx(), identity.userId, body);
      const task = await queue(ctx(), identity.userId, prepared);
      return (await toDrawTasks(ctx(), [task], lang))[0]!;
    },
    { ...submitLimit, bodyLimit: 12 * 1024 * 1024 },
  );

  route(
    app,
    D.queueDrawings,
    async ({ body, identity, lang }) => {
      const prepared = await Promise.all(
        body.prompts.map((prompt) =>
          prepareImagine(ctx(), identity.userId, {
            prompt,
            params: body.params,
            modelId: body.modelId,
          }),
        ),
      );
      // All or none: the credits must cover every drawing before the first is queued.
      const unit = await quote(ctx().db.kysely, {
        priceKey: priceKeyFor(prepared[0]!.model, 'imagine'),
        userId: identity.userId,
      });
      const balance = await readBalanceWithHolds(ctx().db.kysely, identity.userId);
      const need = unit * prepared.length;
      if (balance.credits < need) throw notEnoughCredits(need, balance.credits);
      const tasks = [];
      for (const p of prepared) tasks.push(await queue(ctx(), identity.userId, p));
      return { rows: await toDrawTasks(ctx(), tasks, lang), count: tasks.length };
    },
    submitLimit,
  );

  readRoutes(app);
}

/** Drawings read back: status, lists, balance, slices, simulations and results. */
function readRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;

  route(app, D.drawingStatus, async ({ body, identity, lang }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...DRAW_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { rows: await toDrawTasks(ctx(), rows, lang), count: rows.length };
  });

  route(app, D.retryDrawing, async ({ body, identity, lang }) => {
    const [task] = await getTasks(ctx(), identity.userId, [body.id], [...DRAW_KINDS]);
    if (!task) throw notFound(texts.taskNotFound);
    if (task.status !== TaskStatus.failed) throw new AppError(400, texts.notFailed);
    // The same drawing runs again (the screen follows its id).
    const again = await redoTask(ctx(), identity.userId, body.id, { inPlace: true });
    return (await toDrawTasks(ctx(), [again], lang))[0]!;
  });

  route(app, D.balanceWithQueue, async ({ identity }) => {
    const [balance, mine] = await Promise.all([
      readBalanceWithHolds(ctx().db.kysely, identity.userId),
      countByStatus(ctx(), identity.userId, [...DRAW_KINDS]),
    ]);
    return { ...balance, ...mine };
  });

  route(app, D.listDrawings, async ({ query, identity, lang }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: ['mj'],
      page: query.page,
      size: query.size,
      ...(query.status ? { status: [query.status as TaskStatus] } : {}),
      ...(query.keyword ? { keyword: query.keyword } : {}),
    });
    return {
      rows: await toDrawTasks(ctx(), r.rows, lang),
      count: r.count,
      countQueue: r.countQueue,
    };
  });

  route(app, D.latestDrawings, async ({ query, identity, lang }) => {
    // Each type is one engine's kinds (DRAW_TYPES); a type nobody serves yet lists nothing.
    const kinds = DRAW_TYPES[query.type];
    if (!kinds) return { rows: [], count: 0, countQueue: 0 };
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds,
      page: query.page,
      size: query.size,
    });
    return {
      rows: await toDrawTasks(ctx(), r.rows, lang),
      count: r.count,
      countQueue: r.countQueue,
    };
  });

  route(app, D.deleteDrawings, async ({ body, identity }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...DRAW_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    // A drawing still waiting or running is cancelled: its hold goes back.
    return { deleted: await deleteTasks(ctx(), identity.userId, ids, { cancelRunning: true }) };
  });

  route(
    app,
    D.splitGrid,
    async ({ query, identity }) => sliceTask(ctx(), identity.userId, query.id, identity.isGuest),
    { rateLimit: { max: app.ctx.config.files.uploadRateLimit, timeWindow: 60_000 } },
  );

  route(app, D.queueWait, async ({ query, identity }) => simulate(ctx(), identity.userId, query));
  route(app, D.quoteDrawing, async ({ query, identity }) =>
    simulate(ctx(), identity.userId, query),
  );

  route(app, D.finishedPictures, async ({ query, identity }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: PICTURE_KINDS,
      status: [TaskStatus.succeeded],
      page: 1,
      size: 1000,
    });
    // A Midjourney video's clip is no picture to pick.
    const all = r.rows.flatMap((t) =>
      (VIDEO_ACTIONS.has(t.action) ? [] : t.files).map((f) => ({
        taskId: t.id,
        action: t.action,
        prompt: t.prompt,
        image: toDrawImage(f),
        createdAt: t.createdAt,
      })),
    );
    const start = (query.page - 1) * query.size;
    return { rows: all.slice(start, start + query.size), count: all.length };
  });
}
