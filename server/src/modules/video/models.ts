import type { video as V } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { VIDEO_PROTOCOLS, videoAdapters, type VideoAdapter } from '../../providers/video/index.js';
import type { Capabilities } from '../../providers/video/types.js';
import {
  modelsWithProvider,
  openProviderKey,
  type ProviderProtocol,
  seedDemoModel,
  isDemoProtocol,
} from '../providers/index.js';
import { texts } from './messages.js';

export const DEMO_VIDEO_MODEL = 'Offline demo · Video';

export interface VideoModelRow {
  id: number;
  name: string;
  /** `demo-video` of `demo-video:generate`: prices are `<this>:<action>`. */
  priceModel: string;
  demo: boolean;
  vipOnly: boolean;
  protocol: string;
  upstreamModel: string;
  adapter: VideoAdapter | null;
  capabilities: Capabilities & { anime: boolean };
  durations: number[];
  aspects: V.VideoAspect[];
  provider: {
    id: number;
    baseUrl: string;
    apiKey: string | null;
    timeoutMs: number;
    concurrency: number;
  };
}

const DEMO_CAPS: Capabilities = {
  text: true,
  firstFrame: true,
  lastFrame: true,
  extend: true,
  camera: true,
  motionBrush: true,
};

/** Typical seconds a clip takes upstream (the demo: its eight steps). */
export const typicalSeconds = (ctx: AppContext, m: VideoModelRow) =>
  m.demo ? Math.ceil((ctx.config.video.demoStepMs * 9) / 1000) : 120;

function query(ctx: AppContext) {
  return modelsWithProvider(ctx.db.kysely)
    .where('m.kind', '=', 'video')
    .where('p.protocol', 'in', ['demo', ...VIDEO_PROTOCOLS] as ProviderProtocol[]);
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

function toModel(ctx: AppContext, r: Row): VideoModelRow {
  const adapter = videoAdapters[r.protocol] ?? null;
  // Anime-style human video: a model the operator names for it ('anime' in its upstream name).
  const anime = isDemoProtocol(r.protocol) || /anime/i.test(r.upstream_model);
  return {
    id: r.id,
    name: r.name,
    priceModel: r.price_key.split(':')[0]!,
    demo: isDemoProtocol(r.protocol),
    vipOnly: r.vip_only === 1,
    protocol: r.protocol,
    upstreamModel: r.upstream_model,
    adapter,
    capabilities: { ...(adapter?.capabilities ?? DEMO_CAPS), anime },
    durations: adapter?.durations ?? [3, 5, 10],
    aspects: adapter?.aspects ?? ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
    provider: {
      id: r.pid,
      baseUrl: r.base_url,
      apiKey: openProviderKey(ctx, r.api_key_sealed),
      timeoutMs: r.timeout_ms,
      concurrency: r.concurrency,
    },
  };
}

/** Enabled video models, in their order. */
export async function videoModels(ctx: AppContext): Promise<VideoModelRow[]> {
  const rows = await query(ctx)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => toModel(ctx, r));
}

/**
 * The model a video uses: the one asked for, else the first one `prefer` accepts, else the
 * first one offered (404 / 403 for a VIP model).
 */
export async function pickVideoModel(
  ctx: AppContext,
  userId: number,
  modelId?: number,
  prefer?: (m: VideoModelRow) => boolean,
): Promise<VideoModelRow> {
  const isVip = (await ctx.balances.read(userId)).isVip;
  const all = await videoModels(ctx);
  let m: VideoModelRow | undefined;
  if (modelId !== undefined) {
    m = all.find((x) => x.id === modelId);
    if (!m) throw notFound(texts.modelNotFound);
    if (m.vipOnly && !isVip) throw new AppError(403, texts.modelNotFound);
    return m;
  }
  const allowed = all.filter((x) => isVip || !x.vipOnly);
  m = (prefer && allowed.find(prefer)) || allowed[0];
  if (!m) throw notFound(texts.noModel);
  return m;
}

/** The model of a stored task, whatever its state now (a running task keeps its upstream). */
export async function videoModelById(ctx: AppContext, id: number): Promise<VideoModelRow | null> {
  const row = await query(ctx).where('m.id', '=', id).executeTakeFirst();
  return row ? toModel(ctx, row) : null;
}

/** Generate and anime have their own prices; image-to-video and extend fall back to generate. */
export const priceActionOf = (action: V.VideoAction) => action;
export async function priceKeyFor(
  ctx: AppContext,
  m: VideoModelRow,
  action: V.VideoAction,
): Promise<string | null> {
  if (action === 'cut') return null;
  const key = `${m.priceModel}:${priceActionOf(action)}`;
  const row = await ctx.db.kysely
    .selectFrom('credit_prices')
    .select('price_key')
    .where('price_key', '=', key)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  // An operator who priced only `generate` prices every action of the model alike.
  return row ? key : `${m.priceModel}:generate`;
}

/** Adds the demo video model on the demo provider once (an admin's later edits stay). */
export const seedVideoModel = (ctx: AppContext): Promise<boolean> =>
  seedDemoModel(ctx, {
    name: DEMO_VIDEO_MODEL,
    upstreamModel: 'demo-video',
    kind: 'video',
    priceKey: 'demo-video:generate',
  });
