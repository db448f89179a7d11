import type { FastifyInstance } from 'fastify';
import { drawing as D } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notEnoughCredits, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { parseCustomId } from '../../providers/image/custom-ids.js';
import { demoStepOf } from '../../providers/image/demo-midjourney.js';
import { sliceGrid, type DemoRecipe } from '../../providers/image/demo-render.js';
import { buildPrompt, flagsOf, PromptError, splitFlags } from '../../providers/image/prompt.js';
import { quote } from '../credits/ledger.js';
import { readBalanceWithHolds } from '../credits/balances.js';
import { fileOfKey, fileUrl, keyOfUrl, readOwnedImage, storeFile } from '../files/service.js';
import type { TaskFile, TaskRow } from '../tasks/runner.js';
import {
  countActive,
  countByStatus,
  createTask,
  deleteTasks,
  getTasks,
  listTasks,
  queuePositions,
  redoTask,
} from '../tasks/service.js';
import { texts } from './messages.js';
import type { MjTaskData, MjTaskParams } from './mj-params.js';
import { pickModel, modelById, priceKeyFor, type DrawingModel } from './models.js';

const DRAW_KINDS = ['mj', 'chat-draw'] as const;
/** Relax-mode drawings can wait long upstream: they get at least this long before timing out. */
const RELAX_TIMEOUT_MS = 3 * 3600_000;

export const toDrawImage = (f: Pick<TaskFile, 'url' | 'thumbUrl' | 'width' | 'height'>) => ({
  url: f.url,
  thumbUrl: f.thumbUrl,
  width: f.width,
  height: f.height,
});

/** A task as the screen reads it. */
export function toDrawTask(
  t: TaskRow,
  lang: Lang,
  models: Map<number, DrawingModel | null>,
  positions: Map<number, number>,
): D.DrawTask {
  const p = t.params as unknown as Partial<MjTaskParams>;
  const d = t.data as MjTaskData;
  const model = p.modelId ? (models.get(p.modelId) ?? null) : null;
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    progress: t.progress,
    action: t.action as D.DrawAction,
    prompt: t.prompt,
    finalPrompt: d.finalPrompt ?? p.finalPrompt ?? t.prompt,
    params: (p.flags ?? {}) as Record<string, unknown>,
    images: t.files.map(toDrawImage),
    buttons: t.status === 3 ? (d.buttons ?? []) : [],
    description: d.description ?? null,
    error: t.error ? t.error[lang] : null,
    parentId: t.parentId,
    modelId: model?.id ?? p.modelId ?? null,
    modelName: model?.name ?? '',
    demo: model?.demo ?? false,
    // The hold went back: a failed drawing cost nothing.
    credits: t.status === 4 ? 0 : t.credits,
    queuePosition: positions.get(t.id) ?? null,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
  };
}

export async function toDrawTasks(ctx: AppContext, rows: TaskRow[], lang: Lang) {
  const ids = [...new Set(rows.map((r) => (r.params as { modelId?: number }).modelId ?? 0))];
  const models = new Map<number, DrawingModel | null>();
  await Promise.all(ids.map(async (id) => models.set(id, id ? await modelById(ctx, id) : null)));
  const positions = await queuePositions(ctx, rows);
  return rows.map((r) => toDrawTask(r, lang, models, positions));
}

const promptError = (e: unknown): never => {
  if (e instanceof PromptError) throw badRequest(texts.badFlag, { reason: e.reason }, e.field);
  throw e;
};

/**
 * The storage key of a picture the caller owns (an upload or a result, as a /api/files/ url);
 * anything else, someone else's included, is a 404 naming nothing about it. Only the record is
 * read here: the runner reads the bytes when it submits.
 */
async function ownedPicture(ctx: AppContext, userId: number, url: string): Promise<string> {
  const key = keyOfUrl(url);
  const row = key ? await fileOfKey(ctx, key) : undefined;
  const isPicture = row && (key === row.thumb_key || row.mime.startsWith('image/'));
  if (!key || !row || row.user_id !== userId || !isPicture) throw notFound(texts.imageNotFound);
  return key;
}

async function ownImages(ctx: AppContext, userId: number, urls: string[]): Promise<void> {
  for (const url of urls) await ownedPicture(ctx, userId, url);
}

/** A reference Midjourney fetches itself: a freshly signed link on PUBLIC_URL. */
const referenceLink = async (ctx: AppContext, userId: number, url: string) =>
  `${ctx.config.publicUrl}${fileUrl(ctx, await ownedPicture(ctx, userId, url))}`;

interface Prepared {
  action: D.DrawAction;
  prompt: string;
  params: MjTaskParams;
  parentId: number | null;
  model: DrawingModel;
}

async function prepareImagine(
  ctx: AppContext,
  userId: number,
  body: { prompt: string; params: D.MjParams; modelId?: number },
): Promise<Prepared> {
  const model = await pickModel(ctx, userId, 'mj', body.modelId);
  let built;
  try {
    built = buildPrompt(body.prompt, body.params);
  } catch (e) {
    return promptError(e);
  }
  const f = built.params;
  await ownImages(ctx, userId, f.imageUrls ?? []);
  const links = (urls: string[] | undefined) =>
    urls ? Promise.all(urls.map((u) => referenceLink(ctx, userId, u))) : undefined;
  const finalPrompt = `${built.text} ${flagsOf(
    { ...f, niji: undefined, mode: undefined },
    { cref: await links(f.crefUrls), sref: await links(f.srefUrls) },
  )}`.trim();
  const recipe: DemoRecipe = {
    prompt: built.text,
    ...(f.seed !== undefined ? { seed: f.seed } : {}),
    ...(f.aspect ? { aspect: f.aspect } : {}),
    ...(f.chaos !== undefined ? { chaos: f.chaos } : {}),
    ...(f.stylize !== undefined ? { stylize: f.stylize } : {}),
    ...(f.niji ? { niji: true } : {}),
    ...(f.no ? { no: f.no } : {}),
    ...(f.tile ? { tile: true } : {}),
    steps: [],
  };
  return {
    action: 'imagine',
    prompt: body.prompt,
    parentId: null,
    model,
    params: {
      modelId: model.id,
      ...(f.mode ? { mode: f.mode } : {}),
      flags: f,
      finalPrompt: f.niji ? `${finalPrompt} --niji ${f.niji}` : finalPrompt,
      botType: f.niji ? 'NIJI_JOURNEY' : 'MID_JOURNEY',
      ...(f.imageUrls?.length ? { images: f.imageUrls } : {}),
      recipe,
    },
  };
}

async function prepareAction(
  ctx: AppContext,
  userId: number,
  body: Extract<D.DrawInput, { type: 'action' }>,
): Promise<Prepared> {
  const [parent] = await getTasks(ctx, userId, [body.taskId], ['mj']);
  if (!parent) throw notFound(texts.taskNotFound);
  if (parent.status !== 3 || !parent.upstreamId) throw new AppError(400, texts.notFinished);
  const parsed = parseCustomId(body.customId);
  const buttons = (parent.data as MjTaskData).buttons ?? [];
  if (!parsed || !buttons.some((b) => b.customId === body.customId))
    throw badRequest(texts.unknownButton, {}, 'customId');
  if (parsed.action === 'inpaint' && !body.maskBase64)
    throw badRequest(texts.maskRequired, {}, 'maskBase64');
  const pp = parent.params as unknown as MjTaskParams;
  const model = await modelById(ctx, pp.modelId);
  if (!model) throw notFound(texts.modelNotFound);
  let modalPrompt: string | undefined;
  let remixText: string | undefined;
  if (body.prompt) {
    try {
      const built = buildPrompt(body.prompt, {});
      modalPrompt = built.finalPrompt;
      remixText = built.text;
    } catch (e) {
      return promptError(e);
    }
  }
  if (parsed.action === 'custom_zoom') {
    const zoom = body.zoom ?? 1.5;
    const base = modalPrompt ?? (parent.data as MjTaskData).finalPrompt ?? parent.prompt;
    modalPrompt = `${splitFlags(base).text} --zoom ${zoom}`;
  }
  if (parsed.action === 'inpaint' && !modalPrompt)
    modalPrompt = (parent.data as MjTaskData).finalPrompt ?? parent.prompt;
  const parentRecipe = pp.recipe ?? (parent.data as MjTaskData).recipe ?? null;
  const recipe: DemoRecipe | null = parentRecipe
    ? {
        ...parentRecipe,
        ...(remixText ? { prompt: remixText } : {}),
        steps: [
          ...parentRecipe.steps,
          demoStepOf(parsed, { zoom: body.zoom, salt: Date.now() % 100_000 }),
        ],
      }
    : null;
  const mask = body.maskBase64?.replace(/^data:image\/\w+;base64,/, '');
  return {
    action: parsed.action,
    prompt: body.prompt || parent.prompt,
    parentId: parent.id,
    model,
    params: {
      modelId: model.id,
      ...(pp.mode ? { mode: pp.mode } : {}),
      flags: pp.flags ?? {},
      finalPrompt: modalPrompt ?? pp.finalPrompt ?? parent.prompt,
      customId: body.customId,
      parentUpstreamId: parent.upstreamId,
      ...(modalPrompt ? { modalPrompt } : {}),
      ...(body.zoom !== undefined ? { zoom: body.zoom } : {}),
      ...(mask ? { maskBase64: mask } : {}),
      recipe,
    },
  };
}

async function prepare(ctx: AppContext, userId: number, body: D.DrawInput): Promise<Prepared> {
  switch (body.type) {
    case 'imagine':
      return prepareImagine(ctx, userId, body);
    case 'action':
      return prepareAction(ctx, userId, body);
    case 'blend': {
      const model = await pickModel(ctx, userId, 'mj', body.modelId);
      await ownImages(ctx, userId, body.images);
      return {
        action: 'blend',
        prompt: '',
        parentId: null,
        model,
        params: {
          modelId: model.id,
          images: body.images,
          dimensions: body.dimensions,
          recipe: null,
        },
      };
    }
    case 'describe': {
      const model = await pickModel(ctx, userId, 'mj', body.modelId);
      await ownImages(ctx, userId, [body.image]);
      return {
        action: 'describe',
        prompt: '',
        parentId: null,
        model,
        params: { modelId: model.id, images: [body.image] },
      };
    }
    case 'faceswap': {
      const model = await pickModel(ctx, userId, 'mj', body.modelId);
      // Only trueai's proxy has InsightFace (and the demo imitates it).
      if (!model.demo && model.provider.flavour !== 'trueai')
        throw badRequest(texts.faceswapUnsupported, {}, 'modelId');
      await ownImages(ctx, userId, [body.source, body.target]);
      return {
        action: 'faceswap',
        prompt: '',
        parentId: null,
        model,
        params: { modelId: model.id, images: [body.source, body.target] },
      };
    }
  }
}

async function queue(ctx: AppContext, userId: number, p: Prepared) {
  const relax = p.params.mode === 'relax';
  return createTask(ctx, {
    userId,
    kind: 'mj',
    action: p.action,
    prompt: p.prompt,
    params: p.params as unknown as Record<string, unknown>,
    parentId: p.parentId,
    priceKey: priceKeyFor(p.model, p.action),
    providerId: p.model.provider.id,
    providerLimit: p.model.provider.concurrency,
    ...(relax ? { timeoutMs: Math.max(ctx.config.tasks.timeoutMs, RELAX_TIMEOUT_MS) } : {}),
  });
}

export function drawRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  const submitLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  route(
    app,
    D.addMjDrawQueue,
    async ({ body, identity, lang }) => {
      const prepared = await prepare(ctx(), identity.userId, body);
      const task = await queue(ctx(), identity.userId, prepared);
      return (await toDrawTasks(ctx(), [task], lang))[0]!;
    },
    { ...submitLimit, bodyLimit: 12 * 1024 * 1024 },
  );

  route(
    app,
    D.addMjDrawQueueBatch,
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

  route(app, D.getMjStatus, async ({ body, identity, lang }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...DRAW_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    return { rows: await toDrawTasks(ctx(), rows, lang), count: rows.length };
  });

  route(app, D.redo, async ({ body, identity, lang }) => {
    const [task] = await getTasks(ctx(), identity.userId, [body.id], [...DRAW_KINDS]);
    if (!task) throw notFound(texts.taskNotFound);
    if (task.status !== 4) throw new AppError(400, texts.notFailed);
    // The same drawing runs again (the screen follows its id).
    const again = await redoTask(ctx(), identity.userId, body.id, { inPlace: true });
    return (await toDrawTasks(ctx(), [again], lang))[0]!;
  });

  route(app, D.getUserBalance, async ({ identity }) => {
    const [balance, mine] = await Promise.all([
      readBalanceWithHolds(ctx().db.kysely, identity.userId),
      countByStatus(ctx(), identity.userId, [...DRAW_KINDS]),
    ]);
    return { ...balance, ...mine };
  });

  route(app, D.drawList, async ({ query, identity, lang }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: ['mj'],
      page: query.page,
      size: query.size,
      ...(query.status ? { status: [query.status as TaskRow['status']] } : {}),
      ...(query.keyword ? { keyword: query.keyword } : {}),
    });
    return {
      rows: await toDrawTasks(ctx(), r.rows, lang),
      count: r.count,
      countQueue: r.countQueue,
    };
  });

  route(app, D.drawResults, async ({ query, identity, lang }) => {
    // Type 4 is Midjourney; other drawing types are other engines' (none here yet).
    if (query.type !== 4) return { rows: [], count: 0, countQueue: 0 };
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: [...DRAW_KINDS],
      page: query.page,
      size: query.size,
    });
    return {
      rows: await toDrawTasks(ctx(), r.rows, lang),
      count: r.count,
      countQueue: r.countQueue,
    };
  });

  route(app, D.deleteDraw, async ({ body, identity }) => {
    const ids = [...new Set(body.ids)];
    const rows = await getTasks(ctx(), identity.userId, ids, [...DRAW_KINDS]);
    if (rows.length !== ids.length) throw notFound(texts.taskNotFound);
    // A drawing still waiting or running is cancelled: its hold goes back.
    return { deleted: await deleteTasks(ctx(), identity.userId, ids, { cancelRunning: true }) };
  });

  route(app, D.sliceImg, async ({ query, identity }) => {
    const [task] = await getTasks(ctx(), identity.userId, [query.id], ['mj']);
    if (!task) throw notFound(texts.taskNotFound);
    const grid = task.files[0];
    const single = ['upscale', 'upscale_subtle', 'upscale_creative', 'describe', 'faceswap'];
    if (task.status !== 3 || !grid || single.includes(task.action))
      throw new AppError(400, texts.notAGrid);
    const img = await readOwnedImage(ctx(), identity.userId, grid.url);
    if (!img) throw notFound(texts.taskNotFound);
    const parts = await sliceGrid(img.bytes);
    const images = [];
    for (const [i, part] of parts.entries()) {
      const f = await storeFile(ctx(), {
        userId: identity.userId,
        origin: 'result',
        taskId: task.id,
        bytes: part.png,
        name: `slice-${task.id}-${i + 1}.png`,
      });
      images.push({
        url: fileUrl(ctx(), f.key),
        thumbUrl: fileUrl(ctx(), f.thumb_key ?? f.key),
        width: f.width,
        height: f.height,
      });
    }
    return { images };
  });

  const simulate = async (
    userId: number,
    q: { modelId?: number; action: D.DrawAction; count: number },
  ): Promise<D.Simulation> => {
    const model = await pickModel(
      ctx(),
      userId,
      q.action === 'chat-draw' ? 'chat-draw' : 'mj',
      q.modelId,
    );
    const priceKey = priceKeyFor(model, q.action);
    const [unit, balance, ahead, mine] = await Promise.all([
      quote(ctx().db.kysely, { priceKey, userId }),
      readBalanceWithHolds(ctx().db.kysely, userId),
      countActive(ctx(), { kinds: ['mj'], providerId: model.provider.id }),
      countByStatus(ctx(), userId, [...DRAW_KINDS]),
    ]);
    const total = unit * q.count;
    const perTask = model.demo ? Math.ceil((ctx().config.drawing.demoStepMs * 6) / 1000) : 60;
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
  };
  route(app, D.getSimulate, async ({ query, identity }) => simulate(identity.userId, query));
  route(app, D.drawSimulate, async ({ query, identity }) => simulate(identity.userId, query));

  route(app, D.queryImg, async ({ query, identity }) => {
    const r = await listTasks(ctx(), {
      userId: identity.userId,
      kinds: [...DRAW_KINDS],
      status: [3],
      page: 1,
      size: 1000,
    });
    const all = r.rows.flatMap((t) =>
      t.files.map((f) => ({
        taskId: t.id,
        action: t.action as D.DrawAction,
        prompt: t.prompt,
        image: toDrawImage(f),
        createdAt: t.createdAt,
      })),
    );
    const start = (query.page - 1) * query.size;
    return { rows: all.slice(start, start + query.size), count: all.length };
  });
}
