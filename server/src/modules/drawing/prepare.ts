import { randomInt } from 'node:crypto';
import { TaskStatus, type drawing as D } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { parseCustomId } from '../../providers/image/custom-ids.js';
import { demoStepOf } from '../../providers/image/demo-midjourney.js';
import { hasVideo } from '../../providers/image/mj-video.js';
import type { DemoRecipe } from '../../providers/image/demo-render.js';
import { buildPrompt, flagsOf, PromptError, splitFlags } from '../../providers/image/prompt.js';
import { fileOfKey, FILES_PREFIX, keyOfUrl } from '../files/index.js';
import { createTask, getTasks } from '../tasks/index.js';
import { texts } from './messages.js';
import { VIDEO_ACTIONS, type MjTaskParams } from './mj-params.js';
import type { DrawingModel } from './drawing-model.js';
import { mjKind } from './kind.js';
import { drawingModelOf } from './mj-runner.js';
import { pickModel, priceKeyFor } from './models.js';

/**
 * A drawing request made ready to queue: its model chosen, its prompt and flags checked, the
 * pictures it names checked to be the caller's, and the demo's recipe written down.
 */

/** Relax-mode drawings can wait long upstream: they get at least this long before timing out. */
const RELAX_TIMEOUT_MS = 3 * 3600_000;

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

/**
 * The caller's pictures as stored references, `/api/files/<key>`: never the signed link the
 * client sent, which would open the file to anyone who reads the parameters (a published work's
 * are public). The runner reads or signs them when it submits.
 */
async function ownImages(ctx: AppContext, userId: number, urls: string[]): Promise<string[]> {
  const refs = [];
  for (const url of urls) refs.push(`${FILES_PREFIX}${await ownedPicture(ctx, userId, url)}`);
  return refs;
}

async function ownRefs(ctx: AppContext, userId: number, urls: string[] | undefined) {
  return urls ? ownImages(ctx, userId, urls) : undefined;
}

/** A reference Midjourney fetches itself: on PUBLIC_URL, signed only when it is sent. */
const referenceLink = async (ctx: AppContext, userId: number, url: string) =>
  `${ctx.config.publicUrl}${FILES_PREFIX}${await ownedPicture(ctx, userId, url)}`;

export interface Prepared {
  action: D.DrawAction;
  prompt: string;
  params: MjTaskParams;
  parentId: number | null;
  model: DrawingModel;
}

export async function prepareImagine(
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
  const sent = built.params;
  const [imageUrls, crefUrls, srefUrls] = await Promise.all([
    ownRefs(ctx, userId, sent.imageUrls),
    ownRefs(ctx, userId, sent.crefUrls),
    ownRefs(ctx, userId, sent.srefUrls),
  ]);
  const f = {
    ...sent,
    ...(imageUrls ? { imageUrls } : {}),
    ...(crefUrls ? { crefUrls } : {}),
    ...(srefUrls ? { srefUrls } : {}),
  };
  const links = (urls: string[] | undefined) =>
    urls ? Promise.all(urls.map((u) => referenceLink(ctx, userId, u))) : undefined;
  const finalPrompt = `${built.text} ${flagsOf(
    { ...f, niji: undefined, mode: undefined },
    { cref: await links(f.crefUrls), sref: await links(f.srefUrls) },
  )}`.trim();
  const recipe: DemoRecipe = {
    prompt: built.text,
    // Like Midjourney, the same words draw new pictures each time unless --seed pins them; the
    // seed is kept in the recipe so the grid's buttons redraw from the same pictures.
    seed: f.seed ?? randomInt(0, 2 ** 32 - 1),
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
  if (parent.status !== TaskStatus.succeeded || !parent.upstreamId)
    throw new AppError(400, texts.notFinished);
  const parsed = parseCustomId(body.customId);
  const buttons = mjKind.dataOf(parent).buttons ?? [];
  if (!parsed || !buttons.some((b) => b.customId === body.customId))
    throw badRequest(texts.unknownButton, {}, 'customId');
  if (parsed.action === 'inpaint' && !body.maskBase64)
    throw badRequest(texts.maskRequired, {}, 'maskBase64');
  const pp = mjKind.paramsOf(parent);
  const pd = mjKind.dataOf(parent);
  // Atelier's own U/V/reroll of a proxy without buttons go through `change`, which takes no prompt.
  if (pd.buttonsDerived && body.prompt) throw badRequest(texts.remixUnsupported, {}, 'prompt');
  const stored = await mjKind.modelById(ctx, pp.modelId);
  if (!stored) throw notFound(texts.modelNotFound);
  const model = drawingModelOf(stored);
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
    const base = modalPrompt ?? pd.finalPrompt ?? parent.prompt;
    modalPrompt = `${splitFlags(base).text} --zoom ${zoom}`;
  }
  if (parsed.action === 'inpaint' && !modalPrompt) modalPrompt = pd.finalPrompt ?? parent.prompt;
  const parentRecipe = pp.recipe ?? pd.recipe ?? null;
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
      ...(pd.buttonsDerived ? { change: true } : {}),
      ...(modalPrompt ? { modalPrompt } : {}),
      ...(body.zoom !== undefined ? { zoom: body.zoom } : {}),
      ...(mask ? { maskBase64: mask } : {}),
      recipe,
    },
  };
}

/**
 * Midjourney video of the caller's finished drawing: of a picture, its animation (`video`); of
 * a video, its extension (`video_extend`); on the drawing's own model, which must make videos.
 */
async function prepareVideo(
  ctx: AppContext,
  userId: number,
  body: Extract<D.DrawInput, { type: 'video' }>,
): Promise<Prepared> {
  const [parent] = await getTasks(ctx, userId, [body.taskId], ['mj']);
  if (!parent) throw notFound(texts.taskNotFound);
  if (parent.status !== TaskStatus.succeeded || !parent.upstreamId)
    throw new AppError(400, texts.notFinished);
  const file = parent.files[0];
  const extend = VIDEO_ACTIONS.has(parent.action);
  // A picture of one of its pictures, or a video; not a describe's text or a grid of four.
  if (!file || (!extend && !file.mime.startsWith('image/')))
    throw badRequest(texts.videoNeedsPicture, {}, 'taskId');
  const pp = mjKind.paramsOf(parent);
  const stored = await mjKind.modelById(ctx, pp.modelId);
  if (!stored) throw notFound(texts.modelNotFound);
  const model = drawingModelOf(stored);
  if (!model.demo && !hasVideo(model.provider.flavour))
    throw badRequest(texts.videoUnsupported, {}, 'taskId');
  const prompt = body.prompt || splitFlags(pp.finalPrompt ?? parent.prompt).text || parent.prompt;
  // The clip starts from the picture; an extension keeps the first clip's picture as its poster.
  const poster = (extend ? pp.poster : undefined) ?? `${FILES_PREFIX}${file.key}`;
  return {
    action: extend ? 'video_extend' : 'video',
    prompt,
    parentId: parent.id,
    model,
    params: {
      modelId: model.id,
      ...(pp.mode ? { mode: pp.mode } : {}),
      finalPrompt: prompt,
      motion: body.motion,
      parentUpstreamId: parent.upstreamId,
      poster,
      recipe: null,
    },
  };
}

export async function prepare(
  ctx: AppContext,
  userId: number,
  body: D.DrawInput,
): Promise<Prepared> {
  switch (body.type) {
    case 'imagine':
      return prepareImagine(ctx, userId, body);
    case 'action':
      return prepareAction(ctx, userId, body);
    case 'video':
      return prepareVideo(ctx, userId, body);
    case 'blend': {
      const model = await pickModel(ctx, userId, 'mj', body.modelId);
      const images = await ownImages(ctx, userId, body.images);
      return {
        action: 'blend',
        prompt: '',
        parentId: null,
        model,
        params: {
          modelId: model.id,
          images,
          dimensions: body.dimensions,
          recipe: null,
        },
      };
    }
    case 'describe': {
      const model = await pickModel(ctx, userId, 'mj', body.modelId);
      const images = await ownImages(ctx, userId, [body.image]);
      return {
        action: 'describe',
        prompt: '',
        parentId: null,
        model,
        params: { modelId: model.id, images },
      };
    }
    case 'faceswap': {
      const model = await pickModel(ctx, userId, 'mj', body.modelId);
      // Only trueai's proxy (also behind New API) has InsightFace (and the demo imitates it).
      if (!model.demo && !['trueai', 'newapi'].includes(model.provider.flavour))
        throw badRequest(texts.faceswapUnsupported, {}, 'modelId');
      const images = await ownImages(ctx, userId, [body.source, body.target]);
      return {
        action: 'faceswap',
        prompt: '',
        parentId: null,
        model,
        params: { modelId: model.id, images },
      };
    }
  }
}

/** Queues a prepared drawing, holding its price. */
export async function queue(ctx: AppContext, userId: number, p: Prepared) {
  const relax = p.params.mode === 'relax';
  return createTask(ctx, {
    userId,
    kind: 'mj',
    action: p.action,
    prompt: p.prompt,
    params: { ...p.params },
    parentId: p.parentId,
    priceKey: priceKeyFor(p.model, p.action),
    providerId: p.model.provider.id,
    providerLimit: p.model.provider.concurrency,
    ...(relax ? { timeoutMs: Math.max(ctx.config.tasks.timeoutMs, RELAX_TIMEOUT_MS) } : {}),
  });
}
