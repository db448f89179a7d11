import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { enabledPrices, quote } from '../credits/index.js';
import {
  isDemoProtocol,
  modelsWithProvider,
  openProviderKey,
  type ModelKind,
  type ProviderProtocol,
} from '../providers/index.js';
import type { KindTexts } from './messages.js';

/** A model of a kind with what calling its provider needs. */
export interface KindModel {
  id: number;
  name: string;
  priceKey: string;
  demo: boolean;
  vipOnly: boolean;
  /** Its provider's protocol: which adapter of the kind's map runs it. */
  protocol: string;
  upstreamModel: string;
  provider: {
    id: number;
    baseUrl: string;
    apiKey: string | null;
    timeoutMs: number;
    concurrency: number;
  };
}

/** A kind's model lookup: its models are those of its model kind served by its protocols. */
export function kindModels(modelKind: ModelKind, protocols: ProviderProtocol[], texts: KindTexts) {
  const query = (ctx: AppContext, modelId?: number) => {
    let q = modelsWithProvider(ctx.db.kysely)
      .where('m.enabled', '=', 1)
      .where('p.enabled', '=', 1)
      .where('m.kind', '=', modelKind)
      .where('p.protocol', 'in', protocols);
    if (modelId !== undefined) q = q.where('m.id', '=', modelId);
    return q.orderBy('m.sort').orderBy('m.id').execute();
  };
  type Row = Awaited<ReturnType<typeof query>>[number];
  const toModel = (ctx: AppContext, r: Row): KindModel => ({
    id: r.id,
    name: r.name,
    priceKey: r.price_key,
    demo: isDemoProtocol(r.protocol),
    vipOnly: r.vip_only === 1,
    protocol: r.protocol,
    upstreamModel: r.upstream_model,
    provider: {
      id: r.pid,
      baseUrl: r.base_url,
      apiKey: openProviderKey(ctx, r.api_key_sealed),
      timeoutMs: r.timeout_ms,
      concurrency: r.concurrency,
    },
  });

  async function modelById(ctx: AppContext, id: number): Promise<KindModel | null> {
    const row = await modelsWithProvider(ctx.db.kysely).where('m.id', '=', id).executeTakeFirst();
    return row ? toModel(ctx, row) : null;
  }

  async function modelsFor(ctx: AppContext, userId: number | null): Promise<KindModel[]> {
    // No caller (a public list): what anyone may pick.
    const isVip = userId === null ? false : (await ctx.balances.read(userId)).isVip;
    return (await query(ctx)).filter((r) => isVip || r.vip_only === 0).map((r) => toModel(ctx, r));
  }

  return {
    modelById,
    modelsFor,
    async offeredModels(ctx: AppContext, userId: number) {
      const out = [];
      for (const m of await modelsFor(ctx, userId)) {
        const credits = await quote(ctx.db.kysely, { priceKey: m.priceKey, userId }).catch(
          () => null,
        );
        // A model without an enabled price cannot be charged: it is not offered.
        if (credits !== null) out.push({ ...m, credits });
      }
      return out;
    },
    async pickModel(
      ctx: AppContext,
      userId: number,
      modelId?: number,
      prefer?: (m: KindModel) => boolean,
    ): Promise<KindModel> {
      const rows = await query(ctx, modelId);
      const isVip = (await ctx.balances.read(userId)).isVip;
      if (modelId !== undefined) {
        const row = rows[0];
        if (!row) throw notFound(texts.modelNotFound);
        if (row.vip_only === 1 && !isVip) throw new AppError(403, texts.modelNotFound);
        return toModel(ctx, row);
      }
      // None asked for: the first one `prefer` accepts, else the first one offered.
      const allowed = rows.filter((r) => isVip || r.vip_only === 0).map((r) => toModel(ctx, r));
      const model = (prefer && allowed.find(prefer)) || allowed[0];
      if (!model) throw notFound(texts.noModel);
      return model;
    },
  };
}

/**
 * What each action costs on each model, by the price keys `<model's price prefix>:<action>`
 * (enabled prices only; null: none).
 */
export async function actionPrices<K extends string>(
  ctx: AppContext,
  models: KindModel[],
  actions: readonly K[],
): Promise<Map<number, Record<K, number | null>>> {
  const keyOf = (m: KindModel, action: string) => `${m.priceKey.split(':')[0]}:${action}`;
  const credits = await enabledPrices(
    ctx.db.kysely,
    models.flatMap((m) => actions.map((a) => keyOf(m, a))),
  );
  const byAction = (m: KindModel) => {
    const out = {} as Record<K, number | null>;
    for (const a of actions) out[a] = credits.get(keyOf(m, a)) ?? null;
    return out;
  };
  return new Map(models.map((m) => [m.id, byAction(m)]));
}
