import type { sd as S } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { Lang, Localized } from '../../http/messages.js';
import {
  enabledProviderIds,
  isDemoProtocol,
  openedProvider,
  type OpenedProvider,
} from '../providers/index.js';
import { fileOfKey, fileUrl, keyOfUrl } from '../files/index.js';
import { texts } from './messages.js';

/**
 * The model square's cards (`sd_models`) with the provider that draws each (the providers
 * module's, protocol `a1111`, `comfyui` or `demo`), and the form fields a card exposes.
 */

/** A provider of the square or the toolbox, its key opened. */
export type SdProvider = OpenedProvider;

export interface SdModelRow {
  id: number;
  name: string;
  checkpoint: string;
  baseModel: string;
  description: Localized;
  cover: string;
  examples: S.SdExample[];
  fields: S.SdField[];
  priceKey: string;
  provider: SdProvider;
}

/** A provider with its key opened (server side only). */
export const providerById = (ctx: AppContext, id: number): Promise<SdProvider | null> =>
  openedProvider(ctx, id);

const parse = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

/** The link of an example's picture: its own, else one the demo renders from its parameters. */
export const exampleImage = (modelId: number, i: number, e: { image: string }) =>
  e.image || `/api/sd/example/${modelId}/${i}.png`;

/**
 * A cover's 256 px WebP for the square's cards: a demo example's `.thumb.webp`, a stored
 * picture's thumbnail, else (a picture elsewhere) the cover itself.
 */
export async function thumbOfCover(ctx: AppContext, cover: string): Promise<string> {
  const demo = /^(\/api\/sd\/example\/\d+\/\d+)\.png$/.exec(cover);
  if (demo) return `${demo[1]}.thumb.webp`;
  const key = keyOfUrl(cover);
  const row = key ? await fileOfKey(ctx, key) : undefined;
  if (!row?.thumb_key) return cover;
  return fileUrl(ctx, row.thumb_key, row.public === 1);
}

/** The enabled cards whose provider is enabled and speaks a protocol of the square. */
async function selectModels(ctx: AppContext) {
  const providers = await enabledProviderIds(ctx.db.kysely, ['a1111', 'comfyui', 'demo']);
  return (
    ctx.db.kysely
      .selectFrom('sd_models as m')
      .selectAll('m')
      .where('m.enabled', '=', 1)
      // No provider id is 0: with none enabled, no card.
      .where('m.provider_id', 'in', providers.length ? providers : [0])
  );
}

async function toRow(
  ctx: AppContext,
  r: Awaited<ReturnType<Awaited<ReturnType<typeof selectModels>>['execute']>>[number],
): Promise<SdModelRow> {
  const provider = await providerById(ctx, r.provider_id);
  const examples = parse<S.SdExample[]>(r.examples, []).map((e, i) => ({
    ...e,
    image: exampleImage(r.id, i, e),
  }));
  const cover = r.cover || examples[0]?.image || '';
  return {
    id: r.id,
    name: r.name,
    checkpoint: r.checkpoint,
    baseModel: r.base_model,
    description: parse<Localized>(r.description, { 'en-US': '', 'zh-CN': '', 'zh-TW': '' }),
    cover,
    examples,
    fields: parse<S.SdField[]>(r.fields, defaultFields()),
    priceKey: r.price_key,
    provider: provider!,
  };
}

export async function listSdModels(ctx: AppContext): Promise<SdModelRow[]> {
  const rows = await (await selectModels(ctx)).orderBy('m.sort').orderBy('m.id').execute();
  return Promise.all(rows.map((r) => toRow(ctx, r)));
}

/** An enabled model of the square, else 404. */
export async function sdModelById(ctx: AppContext, id: number): Promise<SdModelRow> {
  const r = await (await selectModels(ctx)).where('m.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(texts.modelNotFound);
  return toRow(ctx, r);
}

/** A model whatever its state now (a stored task keeps its name). */
export async function sdModelName(ctx: AppContext, id: number): Promise<string | null> {
  const r = await ctx.db.kysely
    .selectFrom('sd_models')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return r?.name ?? null;
}

export const SAMPLERS = [
  'Euler a',
  'Euler',
  'DPM++ 2M Karras',
  'DPM++ SDE Karras',
  'DDIM',
  'UniPC',
];

/** The form every model gets unless its card says otherwise. */
export function defaultFields(size = 512): S.SdField[] {
  return [
    { name: 'prompt', type: 'text', default: '' },
    { name: 'negativePrompt', type: 'text', default: 'lowres, blurry, watermark' },
    { name: 'width', type: 'number', min: 256, max: 1536, step: 64, default: size },
    { name: 'height', type: 'number', min: 256, max: 1536, step: 64, default: size },
    { name: 'steps', type: 'number', min: 1, max: 60, step: 1, default: 20 },
    { name: 'cfgScale', type: 'number', min: 1, max: 20, step: 0.5, default: 7 },
    { name: 'sampler', type: 'select', default: 'Euler a', options: SAMPLERS },
    { name: 'seed', type: 'number', min: -1, max: 4_294_967_295, step: 1, default: -1 },
  ];
}

/** A card of the square; `coverThumb` (`thumbOfCover`) is read for the square's list only. */
export const toSdModel = (
  m: SdModelRow,
  lang: Lang,
  credits: number,
  coverThumb: string,
): S.SdModel => ({
  id: m.id,
  name: m.name,
  description: m.description[lang],
  baseModel: m.baseModel,
  cover: m.cover,
  coverThumb,
  examples: m.examples,
  providerName: isDemoProtocol(m.provider.protocol) ? 'Offline demo' : m.provider.name,
  protocol: m.provider.protocol,
  demo: isDemoProtocol(m.provider.protocol),
  credits,
});
