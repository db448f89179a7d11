import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { images as I } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { badRequest, notEnoughCredits, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { enabledPrices, quote, readBalanceWithHolds } from '../credits/index.js';
import { toDrawTasks } from '../drawing/index.js';
import { fileOfKey, fileUrl, keyOfUrl, StorageFullError, storeFile } from '../files/index.js';
import { countActive, createTask } from '../tasks/index.js';
import { texts } from './messages.js';
import { imageKinds } from './kind.js';
import { choicesOf, imageModelOf, type ImageModelRow, type ImageUse } from './models.js';
import type { ImageTaskParams, Sd3TaskParams } from './params.js';

/** A picture the caller owns (an upload or a result); anything else is a 404 naming nothing. */
async function ownPictures(ctx: AppContext, userId: number, urls: string[], field: string) {
  for (const url of urls) {
    const key = keyOfUrl(url);
    const row = key ? await fileOfKey(ctx, key) : undefined;
    const isPicture = row && (key === row.thumb_key || row.mime.startsWith('image/'));
    if (!row || row.user_id !== userId || !isPicture)
      throw notFound(texts.imageNotFound, { field });
  }
}

const offered = (list: string[], value: string | undefined, field: string) => {
  if (value !== undefined && !list.includes(value))
    throw badRequest(texts.notOffered, { value }, field);
};

const priceKey = (m: ImageModelRow, action: string) => `${m.priceModel}:${action}`;

/** The model a picture uses: the one asked for, else the first one offered (404 / 403). */
const pickImageModel = async (ctx: AppContext, userId: number, use: ImageUse, modelId?: number) =>
  imageModelOf(use, await imageKinds[use].pickModel(ctx, userId, modelId));

/** The credits for `count` pictures must be there before the first is queued (430). */
async function affordAll(ctx: AppContext, userId: number, key: string, count: number) {
  const unit = await quote(ctx.db.kysely, { priceKey: key, userId });
  const balance = await readBalanceWithHolds(ctx.db.kysely, userId);
  if (balance.credits < unit * count) throw notEnoughCredits(unit * count, balance.credits);
}

/** The mask as the caller's own stored PNG (edits read it back when they run). */
async function storeMask(ctx: AppContext, userId: number, base64: string): Promise<string> {
  const bytes = Buffer.from(base64.replace(/^data:image\/\w+;base64,/, ''), 'base64');
  if (!bytes.subarray(1, 4).equals(Buffer.from('PNG')))
    throw badRequest(texts.badMask, {}, 'maskBase64');
  try {
    const f = await storeFile(ctx, { userId, origin: 'upload', bytes, name: 'mask.png' });
    return fileUrl(ctx, f.key);
  } catch (error) {
    // Past the storage quota is a 413 of its own; anything else means the mask is no picture.
    if (error instanceof StorageFullError) throw error;
    throw badRequest(texts.badMask, {}, 'maskBase64');
  }
}

async function createDalle(ctx: AppContext, userId: number, body: I.DalleInput) {
  const m = await pickImageModel(ctx, userId, 'draw', body.modelId);
  const c = choicesOf(m.family, m.upstreamModel);
  offered(c.sizes, body.size, 'size');
  offered(c.qualities, body.quality, 'quality');
  offered(c.styles, body.style, 'style');
  offered(c.aspects, body.aspectRatio, 'aspectRatio');
  if (body.seed !== undefined && !c.seed)
    throw badRequest(texts.notOffered, { value: String(body.seed) }, 'seed');
  if (body.guidance !== undefined && !c.guidance)
    throw badRequest(texts.notOffered, { value: String(body.guidance) }, 'guidance');
  if (body.images.length && !c.edits) throw badRequest(texts.noEdits, {}, 'images');
  if (body.maskBase64 && !body.images.length)
    throw badRequest(texts.maskNeedsImage, {}, 'maskBase64');
  if (body.maskBase64 && !c.mask)
    throw badRequest(texts.notOffered, { value: 'mask' }, 'maskBase64');
  await ownPictures(ctx, userId, body.images, 'images');
  const action = body.images.length ? 'edit' : 'generate';
  const key = priceKey(m, action);
  await affordAll(ctx, userId, key, body.n);
  const maskUrl = body.maskBase64 ? await storeMask(ctx, userId, body.maskBase64) : null;
  const { prompt, maskBase64: _mask, n: _n, ...form } = body;
  const tasks = [];
  for (let i = 0; i < body.n; i++) {
    const params: ImageTaskParams = {
      modelId: m.id,
      // A seed given (FLUX) is sent (the next one for each further picture); else one of ours.
      seed: body.seed !== undefined ? (body.seed + i) % 4_294_967_295 : randomInt(1, 2 ** 31),
      form: { ...form, modelId: m.id },
      maskUrl,
    };
    tasks.push(
      await createTask(ctx, {
        userId,
        kind: 'image',
        action,
        prompt,
        params: { ...params },
        priceKey: key,
        providerId: m.provider.id,
        providerLimit: m.provider.concurrency,
      }),
    );
  }
  return tasks;
}

async function createSd3(ctx: AppContext, userId: number, body: I.Sd3Input) {
  const m = await pickImageModel(ctx, userId, 'sd3', body.modelId);
  const img2img = body.mode === 'image-to-image';
  if (img2img && !body.image) throw badRequest(texts.needsImage, {}, 'image');
  if (img2img) await ownPictures(ctx, userId, [body.image!], 'image');
  const { prompt, ...rest } = body;
  const form = img2img ? rest : { ...rest, image: undefined, strength: undefined };
  const params: Sd3TaskParams = {
    modelId: m.id,
    seed: body.seed ?? null,
    form: { ...form, modelId: m.id },
  };
  return createTask(ctx, {
    userId,
    kind: 'sd3',
    action: img2img ? 'image-to-image' : 'generate',
    prompt,
    params: { ...params },
    priceKey: priceKey(m, img2img ? 'image-to-image' : 'generate'),
    providerId: m.provider.id,
    providerLimit: m.provider.concurrency,
  });
}

export function imageRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;
  const submitLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  route(app, I.listImageModels, async ({ query, identity }) => {
    const kind = imageKinds[query.use];
    const models = (await kind.modelsFor(ctx(), identity?.userId ?? null)).map((m) =>
      imageModelOf(query.use, m),
    );
    const actions = query.use === 'draw' ? ['generate', 'edit'] : ['generate', 'image-to-image'];
    const byKey = await enabledPrices(
      ctx().db.kysely,
      models.flatMap((m) => actions.map((a) => priceKey(m, a))),
    );
    const rows = models.map((m) => ({
      id: m.id,
      name: m.name,
      family: m.family,
      demo: m.demo,
      vipOnly: m.vipOnly,
      ...choicesOf(m.family, m.upstreamModel),
      prices: actions
        .filter((a) => byKey.has(priceKey(m, a)))
        .map((action) => ({ action, credits: byKey.get(priceKey(m, action))! })),
    }));
    return { rows, count: rows.length };
  });

  route(app, I.imageQuote, async ({ query, identity }) => {
    const m = await pickImageModel(ctx(), identity.userId, query.use, query.modelId);
    const [unit, balance, ahead] = await Promise.all([
      quote(ctx().db.kysely, { priceKey: priceKey(m, query.action), userId: identity.userId }),
      readBalanceWithHolds(ctx().db.kysely, identity.userId),
      countActive(ctx(), { kinds: ['image', 'sd3'], providerId: m.provider.id }),
    ]);
    const total = unit * query.n;
    return {
      unitCredits: unit,
      totalCredits: total,
      balance: balance.credits,
      enough: balance.credits >= total,
      queueAhead: ahead,
    };
  });

  route(
    app,
    I.dalleCreate,
    async ({ body, identity, lang }) => {
      const tasks = await createDalle(ctx(), identity.userId, body);
      return { rows: await toDrawTasks(ctx(), tasks, lang), count: tasks.length };
    },
    { ...submitLimit, bodyLimit: 12 * 1024 * 1024 },
  );

  route(
    app,
    I.sd3Create,
    async ({ body, identity, lang }) => {
      const task = await createSd3(ctx(), identity.userId, body);
      return (await toDrawTasks(ctx(), [task], lang))[0]!;
    },
    submitLimit,
  );
}
