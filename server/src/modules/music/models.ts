import type { FastifyInstance } from 'fastify';
import { music as M } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { MusicUpstream } from '../../providers/music/http.js';
import {
  modelsWithProvider,
  openProviderKey,
  seedDemoModel,
  isDemoProtocol,
} from '../providers/index.js';
import { texts } from './messages.js';
import { MUSIC_PROTOCOLS, type MusicProtocolName } from './protocols.js';

export const DEMO_MUSIC_MODEL = 'Offline demo · Suno';

/** Adds the demo music model on the demo provider once (an admin's later edits stay). */
export const seedMusicModel = (ctx: AppContext): Promise<boolean> =>
  seedDemoModel(ctx, {
    name: DEMO_MUSIC_MODEL,
    upstreamModel: 'chirp-v4',
    kind: 'music',
    priceKey: 'demo-music:song',
  });

export interface MusicModel {
  id: number;
  name: string;
  /** `demo-music` of `demo-music:song`: prices are `<this>:<action>`. */
  priceModel: string;
  protocol: MusicProtocolName;
  vipOnly: boolean;
  /** `mv` / `model` sent upstream (chirp-v4…). */
  upstreamModel: string;
  providerId: number;
  concurrency: number;
  upstream: MusicUpstream;
}

function musicModels(ctx: AppContext, modelId?: number) {
  let q = modelsWithProvider(ctx.db.kysely)
    .where('m.kind', '=', 'music')
    .where('p.protocol', 'in', MUSIC_PROTOCOLS);
  if (modelId !== undefined) q = q.where('m.id', '=', modelId);
  return q;
}

type Row = Awaited<ReturnType<ReturnType<typeof musicModels>['execute']>>[number];

const toModel = (ctx: AppContext, r: Row): MusicModel => ({
  id: r.id,
  name: r.name,
  priceModel: r.price_key.split(':')[0]!,
  protocol: r.protocol as MusicModel['protocol'],
  vipOnly: r.vip_only === 1,
  upstreamModel: r.upstream_model,
  providerId: r.pid,
  concurrency: r.concurrency,
  upstream: {
    baseUrl: r.base_url,
    apiKey: openProviderKey(ctx, r.api_key_sealed),
    timeoutMs: Math.min(r.timeout_ms, 60_000),
  },
});

/** The model a request uses: the one asked for, else the first offered (404 / 403). */
export async function pickMusicModel(
  ctx: AppContext,
  userId: number,
  modelId?: number,
): Promise<MusicModel> {
  const rows = await musicModels(ctx, modelId)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
  const isVip = (await ctx.balances.read(userId)).isVip;
  const row = modelId !== undefined ? rows[0] : rows.find((r) => isVip || r.vip_only === 0);
  if (!row) throw notFound(modelId !== undefined ? texts.modelNotFound : texts.noModel);
  if (row.vip_only === 1 && !isVip) throw new AppError(403, texts.modelNotFound);
  return toModel(ctx, row);
}

/** The model of a stored task, whatever its state now (a running task keeps its upstream). */
export async function musicModelById(ctx: AppContext, id: number): Promise<MusicModel | null> {
  const row = await musicModels(ctx, id).executeTakeFirst();
  return row ? toModel(ctx, row) : null;
}

export const priceKeyOf = (m: MusicModel, action: 'song' | 'extend' | 'lyrics') =>
  `${m.priceModel}:${action}`;

export function modelRoutes(app: FastifyInstance): void {
  route(app, M.listModels, async ({ identity }) => {
    const isVip = (await app.ctx.balances.read(identity.userId)).isVip;
    const rows = await musicModels(app.ctx)
      .where('m.enabled', '=', 1)
      .where('p.enabled', '=', 1)
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute();
    const prices = await app.ctx.db.kysely
      .selectFrom('credit_prices')
      .select(['price_key', 'credits'])
      .where('enabled', '=', 1)
      .execute();
    const byKey = new Map(prices.map((p) => [p.price_key, p.credits]));
    const shown = rows.filter((r) => isVip || r.vip_only === 0).map((r) => toModel(app.ctx, r));
    return {
      rows: shown.map((m) => ({
        id: m.id,
        name: m.name,
        demo: isDemoProtocol(m.protocol),
        prices: {
          song: byKey.get(priceKeyOf(m, 'song')) ?? null,
          extend: byKey.get(priceKeyOf(m, 'extend')) ?? null,
          lyrics: byKey.get(priceKeyOf(m, 'lyrics')) ?? null,
        },
      })),
      count: shown.length,
    };
  });
}
