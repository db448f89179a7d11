import type { FastifyInstance } from 'fastify';
import { drawing as D } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { priceActionOf } from '../../providers/image/custom-ids.js';
import { hasModes } from '../../providers/image/midjourney-proxy.js';
import { hasVideo } from '../../providers/image/mj-video.js';
import { enabledPrices } from '../credits/index.js';
import { isDemoProtocol, modelsWithProvider, seedDemoModel } from '../providers/index.js';
import { DEMO_IMAGE_MODEL, DEMO_IMAGE_UPSTREAM, type DrawingModel } from './drawing-model.js';
import { drawingKinds, mjKind } from './kind.js';
import { drawingModelOf } from './mj-runner.js';

/** Adds the demo image model on the demo provider once (an admin's later edits stay). */
export const seedImageModel = (ctx: AppContext): Promise<boolean> =>
  seedDemoModel(ctx, {
    name: DEMO_IMAGE_MODEL,
    upstreamModel: DEMO_IMAGE_UPSTREAM,
    kind: 'image',
    priceKey: 'demo-image:imagine',
  });

/** The model a drawing uses: the one asked for, else the first one offered (404 / 403). */
export const pickModel = async (
  ctx: AppContext,
  userId: number,
  use: 'mj' | 'chat-draw',
  modelId?: number,
): Promise<DrawingModel> => drawingModelOf(await drawingKinds[use].pickModel(ctx, userId, modelId));

/**
 * The model of a drawing of any kind the draw lists show (Midjourney's, chat's, DALL·E's,
 * SD3's), for its name: whatever kind or state it is now.
 */
export async function shownModelById(ctx: AppContext, id: number) {
  const row = await modelsWithProvider(ctx.db.kysely).where('m.id', '=', id).executeTakeFirst();
  return row ? { id: row.id, name: row.name, demo: isDemoProtocol(row.protocol) } : null;
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
  'video',
  'video_extend',
];

export function modelRoutes(app: FastifyInstance): void {
  route(app, D.listModels, async ({ identity }) => {
    const models = (await mjKind.modelsFor(app.ctx, identity?.userId ?? null)).map(drawingModelOf);
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
          modes: hasModes(m.provider.flavour) ? [...D.mjModes] : [],
          video: m.demo || hasVideo(m.provider.flavour),
        };
      }),
      count: models.length,
    };
  });
}
