import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { enabledPrices, quote } from '../credits/index.js';
import {
  isDemoProtocol,
  modelAllowance,
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

/** Which of a kind's models it offers, by what a model is (a kind's `offers` hook). */
export type ModelFilter = (model: { protocol: string; upstreamModel: string }) => boolean;

/**
 * A kind's model lookup: its models are those of its model kind served by its protocols that
 * `offers` accepts (every one without it).
 */
export function kindModels(
  modelKind: ModelKind,
  protocols: readonly ProviderProtocol[],
  texts: KindTexts,
  offers: ModelFilter = () => true,
  /** Whether the per-model allow lists (`modelAllowance` of providers) apply to its models. */
  access = false,
) {
  /** The allow lists' verdict for a caller (null: no caller), or everyone when they do not apply. */
  const allowance = async (ctx: AppContext, userId: number | null) =>
    access ? modelAllowance(ctx, userId) : () => true;
  const ofKind = (ctx: AppContext) =>
    modelsWithProvider(ctx.db.kysely)
      .where('m.kind', '=', modelKind)
      .where('p.protocol', 'in', protocols);
  const offered = <R extends { protocol: string; upstream_model: string }>(rows: R[]) =>
    rows.filter((r) => offers({ protocol: r.protocol, upstreamModel: r.upstream_model }));
  const query = async (ctx: AppContext, modelId?: number) => {
    let q = ofKind(ctx).where('m.enabled', '=', 1).where('p.enabled', '=', 1);
    if (modelId !== undefined) q = q.where('m.id', '=', modelId);
    return offered(await q.orderBy('m.sort').orderBy('m.id').execute());
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

  /** Any of the kind's models, enabled or not (a task keeps its model); another kind's: null. */
  async function modelById(ctx: AppContext, id: number): Promise<KindModel | null> {
    const [row] = offered(await ofKind(ctx).where('m.id', '=', id).execute());
    return row ? toModel(ctx, row) : null;
  }

  async function modelsFor(ctx: AppContext, userId: number | null): Promise<KindModel[]> {
    // No caller (a public list): what anyone may pick.
    const isVip = userId === null ? false : (await ctx.balances.read(userId)).isVip;
    const allowed = await allowance(ctx, userId);
    return (await query(ctx))
      .filter((r) => (isVip || r.vip_only === 0) && allowed(r.id))
      .map((r) => toModel(ctx, r));
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
      const mayUse = await allowance(ctx, userId);
      // A model the allow lists keep from the caller is as unknown as one of another kind.
      const rows = (await query(ctx, modelId)).filter((r) => mayUse(r.id));
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
