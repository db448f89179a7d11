import type { images as I } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../http/errors.js';
import { seedPrices } from '../credits/index.js';
import {
  modelsWithProvider,
  openProviderKey,
  seedDemoModel,
  isDemoProtocol,
} from '../providers/index.js';
import { texts } from './messages.js';

/** The two screens' models: `draw` (OpenAI images, /draw) and `sd3` (Stability, /sd3). */
export type ImageUse = 'draw' | 'sd3';

export const DEMOS = {
  draw: { name: 'Offline demo · DALL·E', upstream: 'demo-dalle', priceModel: 'demo-dalle' },
  sd3: { name: 'Offline demo · SD3', upstream: 'demo-sd3', priceModel: 'demo-sd3' },
} as const;

/** The demo models' prices (credits per picture), seeded once; an operator's edits stay. */
const DEMO_PRICES = [
  { model: 'demo-dalle', action: 'generate', label: 'Offline demo: DALL·E picture', credits: 4 },
  { model: 'demo-dalle', action: 'edit', label: 'Offline demo: DALL·E edit', credits: 5 },
  { model: 'demo-sd3', action: 'generate', label: 'Offline demo: SD3 picture', credits: 4 },
  {
    model: 'demo-sd3',
    action: 'image-to-image',
    label: 'Offline demo: SD3 image-to-image',
    credits: 5,
  },
];

export async function seedImageModels(ctx: AppContext): Promise<string[]> {
  const lines: string[] = [];
  const prices = DEMO_PRICES.map((p, i) => ({
    ...p,
    category: 'image' as const,
    sort: 600 + i * 10,
  }));
  for (const key of await seedPrices(ctx.db.kysely, prices))
    lines.push(`Images: price ${key} added`);
  for (const [i, d] of [DEMOS.draw, DEMOS.sd3].entries()) {
    const added = await seedDemoModel(ctx, {
      name: d.name,
      upstreamModel: d.upstream,
      kind: 'image',
      priceKey: `${d.priceModel}:generate`,
      sort: 1010 + i,
    });
    if (added) lines.push(`Images: the "${d.name}" model added`);
  }
  return lines;
}

export interface ImageModelRow {
  id: number;
  name: string;
  family: I.ImageFamily;
  demo: boolean;
  vipOnly: boolean;
  priceModel: string;
  upstreamModel: string;
  /** Its provider's protocol: which adapter of the kind's map runs it. */
  protocol: string;
  provider: {
    id: number;
    baseUrl: string;
    apiKey: string | null;
    timeoutMs: number;
    concurrency: number;
  };
}

/** What each family accepts (OpenAI's and Stability's documented choices). */
export function choicesOf(family: I.ImageFamily) {
  switch (family) {
    case 'dall-e-2':
      return {
        sizes: ['256x256', '512x512', '1024x1024'],
        qualities: [],
        styles: [],
        maxN: 4,
        edits: true,
      };
    case 'dall-e-3':
      return {
        sizes: ['1024x1024', '1792x1024', '1024x1792'],
        qualities: ['standard', 'hd'],
        styles: ['vivid', 'natural'],
        maxN: 4,
        edits: false,
      };
    case 'gpt-image':
      return {
        sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'],
        qualities: ['auto', 'low', 'medium', 'high'],
        styles: [],
        maxN: 4,
        edits: true,
      };
    case 'sd3':
      return { sizes: [], qualities: [], styles: [], maxN: 1, edits: true };
  }
}

const familyOf = (use: ImageUse, protocol: string, upstream: string): I.ImageFamily => {
  if (use === 'sd3') return 'sd3';
  // The demo shows everything the newest family offers (edits, mask, background).
  if (isDemoProtocol(protocol) || /gpt-image/i.test(upstream)) return 'gpt-image';
  if (/dall-e-2/i.test(upstream)) return 'dall-e-2';
  return 'dall-e-3';
};

/** Enabled image models of one screen: its protocol's providers, or its own demo model. */
function query(ctx: AppContext, use: ImageUse) {
  const protocol = use === 'draw' ? 'openai' : 'stability';
  return modelsWithProvider(ctx.db.kysely)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .where('m.kind', '=', 'image')
    .where((eb) =>
      eb.or([
        eb('p.protocol', '=', protocol),
        eb.and([eb('p.protocol', '=', 'demo'), eb('m.upstream_model', '=', DEMOS[use].upstream)]),
      ]),
    )
    .orderBy('m.sort')
    .orderBy('m.id');
}

type Row = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

const toModel = (ctx: AppContext, use: ImageUse, r: Row): ImageModelRow => ({
  id: r.id,
  name: r.name,
  family: familyOf(use, r.protocol, r.upstream_model),
  demo: isDemoProtocol(r.protocol),
  vipOnly: r.vip_only === 1,
  priceModel: r.price_key.split(':')[0]!,
  upstreamModel: r.upstream_model,
  protocol: r.protocol,
  provider: {
    id: r.pid,
    baseUrl: r.base_url,
    apiKey: openProviderKey(ctx, r.api_key_sealed),
    timeoutMs: r.timeout_ms,
    concurrency: r.concurrency,
  },
});

export async function imageModels(ctx: AppContext, use: ImageUse, isVip: boolean) {
  const rows = await query(ctx, use).execute();
  return rows.filter((r) => isVip || r.vip_only === 0).map((r) => toModel(ctx, use, r));
}

/** The model a picture uses: the one asked for, else the first one offered (404 / 403). */
export async function pickImageModel(
  ctx: AppContext,
  userId: number,
  use: ImageUse,
  modelId?: number,
): Promise<ImageModelRow> {
  let q = query(ctx, use);
  if (modelId !== undefined) q = q.where('m.id', '=', modelId);
  const rows = await q.execute();
  const isVip = (await ctx.balances.read(userId)).isVip;
  const row = modelId !== undefined ? rows[0] : rows.find((r) => isVip || r.vip_only === 0);
  if (!row) throw modelId !== undefined ? notFound(texts.modelNotFound) : notFound(texts.noModel);
  if (row.vip_only === 1 && !isVip) throw new AppError(403, texts.modelNotFound);
  return toModel(ctx, use, row);
}

/** The model of a stored task, whatever its state now (a running task keeps its upstream). */
export async function imageModelById(ctx: AppContext, use: ImageUse, id: number) {
  const row = await modelsWithProvider(ctx.db.kysely).where('m.id', '=', id).executeTakeFirst();
  return row ? toModel(ctx, use, row) : null;
}
