import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import {
  modelsWithProvider,
  openProviderKey,
  seedDemoModel,
  isDemoProtocol,
} from '../providers/index.js';
import { texts } from './messages.js';

export const DEMO_SEPARATION_MODEL = 'Offline demo · Separation';

/** Adds the demo separation model on the demo provider once (an admin's later edits stay). */
export const seedSeparationModel = (ctx: AppContext): Promise<boolean> =>
  seedDemoModel(ctx, {
    name: DEMO_SEPARATION_MODEL,
    upstreamModel: 'demo-separation',
    kind: 'separation',
    priceKey: 'demo-separation:separate',
  });

export interface SeparationModel {
  id: number;
  name: string;
  priceKey: string;
  demo: boolean;
  vipOnly: boolean;
  /** The upstream's model file name (`model` of `POST /separate`); empty: its default. */
  upstreamModel: string;
  provider: {
    id: number;
    baseUrl: string;
    apiKey: string | null;
    timeoutMs: number;
    concurrency: number;
  };
}

/** Enabled separation models (an audio-separator server or the demo), by their sort. */
function separationModels(ctx: AppContext, modelId?: number) {
  let q = modelsWithProvider(ctx.db.kysely)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .where('m.kind', '=', 'separation')
    .where('p.protocol', 'in', ['audio-separator', 'demo']);
  if (modelId !== undefined) q = q.where('m.id', '=', modelId);
  return q.orderBy('m.sort').orderBy('m.id').execute();
}

type Row = Awaited<ReturnType<typeof separationModels>>[number];

const toModel = (ctx: AppContext, r: Row): SeparationModel => ({
  id: r.id,
  name: r.name,
  priceKey: r.price_key,
  demo: isDemoProtocol(r.protocol),
  vipOnly: r.vip_only === 1,
  upstreamModel: r.upstream_model === 'default' ? '' : r.upstream_model,
  provider: {
    id: r.pid,
    baseUrl: r.base_url,
    apiKey: openProviderKey(ctx, r.api_key_sealed),
    timeoutMs: r.timeout_ms,
    concurrency: r.concurrency,
  },
});

/** The models a user may pick (VIP-only ones for VIPs). */
export async function modelsFor(ctx: AppContext, userId: number): Promise<SeparationModel[]> {
  const isVip = (await ctx.balances.read(userId)).isVip;
  return (await separationModels(ctx))
    .filter((r) => isVip || r.vip_only === 0)
    .map((r) => toModel(ctx, r));
}

/** The model a separation uses: the one asked for, else the first offered (404 / 403). */
export async function pickModel(
  ctx: AppContext,
  userId: number,
  modelId?: number,
): Promise<SeparationModel> {
  const rows = await separationModels(ctx, modelId);
  const isVip = (await ctx.balances.read(userId)).isVip;
  const row = modelId !== undefined ? rows[0] : rows.find((r) => isVip || r.vip_only === 0);
  if (!row) throw notFound(modelId !== undefined ? texts.modelNotFound : texts.noModel);
  if (row.vip_only === 1 && !isVip) throw new AppError(403, texts.modelNotFound);
  return toModel(ctx, row);
}

/** The model of a stored task, whatever its state now (a running task keeps its upstream). */
export async function modelById(ctx: AppContext, id: number): Promise<SeparationModel | null> {
  const row = await modelsWithProvider(ctx.db.kysely).where('m.id', '=', id).executeTakeFirst();
  return row ? toModel(ctx, row) : null;
}
