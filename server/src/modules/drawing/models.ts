import type { FastifyInstance } from 'fastify';
import { drawing as D } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { priceActionOf } from '../../providers/image/custom-ids.js';
import { enabledPrices } from '../credits/index.js';
import type { MjFlavour } from '../../providers/image/midjourney-proxy.js';
import {
  modelAllowance,
  modelsWithProvider,
  openProviderKey,
  seedDemoModel,
  isDemoProtocol,
} from '../providers/index.js';
import { texts } from './messages.js';

export const DEMO_IMAGE_MODEL = 'Offline demo · Midjourney';

/** Adds the demo image model on the demo provider once (an admin's later edits stay). */
export const seedImageModel = (ctx: AppContext): Promise<boolean> =>
  seedDemoModel(ctx, {
    name: DEMO_IMAGE_MODEL,
    upstreamModel: 'demo-image',
    kind: 'image',
    priceKey: 'demo-image:imagine',
  });

export interface DrawingModel {
  id: number;
  name: string;
  /** `demo-image` of `demo-image:imagine`: prices are `<this>:<action>`. */
  priceModel: string;
  demo: boolean;
  vipOnly: boolean;
  protocol: 'demo' | 'midjourney' | 'openai' | 'stability';
  upstreamModel: string;
  provider: {
    id: number;
    baseUrl: string;
    apiKey: string | null;
    timeoutMs: number;
    concurrency: number;
    flavour: MjFlavour;
  };
}

/** Image models of the Midjourney screen (midjourney-proxy or the demo) or of chat drawings. */
async function imageModels(ctx: AppContext, use: 'mj' | 'chat-draw', modelId?: number) {
  const protocols = use === 'mj' ? ['midjourney', 'demo'] : ['openai', 'demo'];
  let q = modelsWithProvider(ctx.db.kysely)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .where('m.kind', '=', 'image')
    .where('p.protocol', 'in', protocols as Array<'midjourney' | 'demo' | 'openai'>)
    // The demo provider also serves other screens' image models (DALL·E, SD3…): only its
    // Midjourney one is offered here.
    .where((eb) =>
      eb.or([eb('p.protocol', '!=', 'demo'), eb('m.upstream_model', '=', 'demo-image')]),
    );
  if (modelId !== undefined) q = q.where('m.id', '=', modelId);
  return q.orderBy('m.sort').orderBy('m.id').execute();
}

type ModelQueryRow = Awaited<ReturnType<typeof imageModels>>[number];

function toDrawingModel(ctx: AppContext, r: ModelQueryRow): DrawingModel {
  return {
    id: r.id,
    name: r.name,
    priceModel: r.price_key.split(':')[0]!,
    demo: isDemoProtocol(r.protocol),
    vipOnly: r.vip_only === 1,
    // imageModels() selects only these protocols.
    protocol: r.protocol as DrawingModel['protocol'],
    upstreamModel: r.upstream_model,
    provider: {
      id: r.pid,
      baseUrl: r.base_url,
      apiKey: openProviderKey(ctx, r.api_key_sealed),
      timeoutMs: r.timeout_ms,
      concurrency: r.concurrency,
      // The model's upstream name says which midjourney-proxy it is.
      flavour: /trueai/i.test(r.upstream_model) ? 'trueai' : 'novicezk',
    },
  };
}

/** The model a drawing uses: the one asked for, else the first one offered (404 / 403). */
export async function pickModel(
  ctx: AppContext,
  userId: number,
  use: 'mj' | 'chat-draw',
  modelId?: number,
): Promise<DrawingModel> {
  const allowed = await modelAllowance(ctx, userId);
  const rows = (await imageModels(ctx, use, modelId)).filter((r) => allowed(r.id));
  const isVip = (await ctx.balances.read(userId)).isVip;
  const row = modelId !== undefined ? rows[0] : rows.find((r) => isVip || r.vip_only === 0);
  if (!row) throw modelId !== undefined ? notFound(texts.modelNotFound) : notFound(texts.noModel);
  if (row.vip_only === 1 && !isVip) throw new AppError(403, texts.modelNotFound);
  return toDrawingModel(ctx, row);
}

/** The model of a stored task, whatever its state now (a running task keeps its upstream). */
export async function modelById(ctx: AppContext, id: number): Promise<DrawingModel | null> {
  const row = await modelsWithProvider(ctx.db.kysely).where('m.id', '=', id).executeTakeFirst();
  return row ? toDrawingModel(ctx, row) : null;
}

export const priceKeyFor = (model: DrawingModel, action: D.DrawAction) =>
  `${model.priceModel}:${priceActionOf(action)}`;

const mjActions: D.DrawAction[] = [
  'imagine',
  'upscale',
  'variation',
  'reroll',
  'zoom',
  'pan',
  'upscale_subtle',
  'inpaint',
  'blend',
  'describe',
  'faceswap',
];

export function modelRoutes(app: FastifyInstance): void {
  route(app, D.listModels, async ({ identity }) => {
    const isVip = identity ? (await app.ctx.balances.read(identity.userId)).isVip : false;
    const allowed = await modelAllowance(app.ctx, identity?.userId ?? null);
    const rows = (await imageModels(app.ctx, 'mj')).filter(
      (r) => (isVip || r.vip_only === 0) && allowed(r.id),
    );
    const models = rows.map((r) => toDrawingModel(app.ctx, r));
    const byKey = await enabledPrices(
      app.ctx.db.kysely,
      models.flatMap((m) => mjActions.map((action) => priceKeyFor(m, action))),
    );
    return {
      rows: models.map((m) => {
        return {
          id: m.id,
          name: m.name,
          demo: m.demo,
          vipOnly: m.vipOnly,
          prices: mjActions
            .map((action) => ({ action, priceKey: priceKeyFor(m, action) }))
            .filter((p) => byKey.has(p.priceKey))
            .map((p) => ({ ...p, credits: byKey.get(p.priceKey)! })),
          modes: m.provider.flavour === 'trueai' ? [...D.mjModes] : [],
        };
      }),
      count: rows.length,
    };
  });
}
