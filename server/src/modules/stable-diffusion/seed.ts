import { sd as S } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { seedPrices } from '../credits/index.js';
import { demoProviderId } from '../providers/index.js';
import { defaultFields } from './catalogue.js';

/**
 * What a fresh install offers: three "Offline demo" models on the square (their covers and
 * examples rendered by the demo from the examples' own parameters), every toolbox operation
 * served by the offline demo, and their prices. An operator's later edits stay.
 */

const example = (
  prompt: string,
  seed: number,
  w: number,
  h: number,
  extra: Partial<S.SdParams> = {},
) => ({
  prompt,
  negativePrompt: 'lowres, blurry, watermark',
  seed,
  steps: 24,
  cfgScale: 7,
  sampler: 'DPM++ 2M Karras',
  width: w,
  height: h,
  image: '',
  ...extra,
});

export const DEMO_SD_MODELS = [
  {
    name: 'Offline demo · Realistic',
    checkpoint: 'realisticVisionV60.safetensors',
    base: 'SD 1.5',
    description: {
      'en-US':
        'Photographic portraits and landscapes (offline demo: pictures drawn on this server).',
      'zh-CN': '写实人像与风景（离线演示：图片由本服务器生成）。',
      'zh-TW': '寫實人像與風景（離線演示：圖片由本伺服器生成）。',
    },
    size: 512,
    examples: [
      example('a lighthouse on a cliff at sunset, golden light, 35mm photo', 1207, 512, 640),
      example('portrait of an old fisherman, soft window light', 88, 512, 512, { steps: 30 }),
    ],
  },
  {
    name: 'Offline demo · DreamShaper XL',
    checkpoint: 'dreamshaperXL_v21.safetensors',
    base: 'SDXL 1.0',
    description: {
      'en-US': 'Versatile fantasy and concept art at 1024 px (offline demo).',
      'zh-CN': '通用奇幻与概念设计，1024 像素（离线演示）。',
      'zh-TW': '通用奇幻與概念設計，1024 像素（離線演示）。',
    },
    size: 1024,
    examples: [
      example('floating islands above a misty sea, epic concept art', 4242, 1024, 768, {
        cfgScale: 6,
      }),
      example('a crystal fox in an enchanted forest, glowing', 31337, 768, 1024),
    ],
  },
  {
    name: 'Offline demo · Anime Pastel',
    checkpoint: 'pastelMixAnime.safetensors',
    base: 'SD 1.5',
    description: {
      'en-US': 'Soft anime illustrations in pastel colours (offline demo).',
      'zh-CN': '柔和粉彩风格的二次元插画（离线演示）。',
      'zh-TW': '柔和粉彩風格的二次元插畫（離線演示）。',
    },
    size: 512,
    examples: [
      example('a girl with an umbrella under cherry blossoms, pastel anime', 777, 512, 768, {
        sampler: 'Euler a',
      }),
      example('a cozy cafe on a rainy street, anime background', 2024, 768, 512),
    ],
  },
];

const PRICES: Array<{ key: string; label: string; credits: number }> = [
  { key: 'sd-demo:create', label: 'Offline demo: model square picture', credits: 3 },
  ...S.toolOps.map((op) => ({ key: `sd-tool:${op}`, label: `Toolbox: ${op}`, credits: 2 })),
];

/** The prices of the square's demo and the toolbox's operations, in the order they always had. */
const seedSdPrices = (ctx: AppContext) =>
  seedPrices(
    ctx.db.kysely,
    PRICES.map((p, i) => {
      const [model, action] = p.key.split(':') as [string, string];
      return {
        model,
        action,
        category: 'image',
        label: p.label,
        credits: p.credits,
        sort: 500 + i * 10,
      };
    }),
  );

async function seedModels(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const demoId = await demoProviderId(db);
  if (demoId === null) return 0;
  const now = nowIso();
  let added = 0;
  for (const [i, m] of DEMO_SD_MODELS.entries()) {
    const r = await db
      .insertInto('sd_models')
      .values({
        name: m.name,
        provider_id: demoId,
        checkpoint: m.checkpoint,
        base_model: m.base,
        description: JSON.stringify(m.description),
        cover: '',
        examples: JSON.stringify(m.examples),
        fields: JSON.stringify(defaultFields(m.size)),
        price_key: 'sd-demo:create',
        sort: i * 10,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

async function seedToolOps(ctx: AppContext): Promise<number> {
  let added = 0;
  for (const op of S.toolOps) {
    const r = await ctx.db.kysely
      .insertInto('sd_tool_ops')
      .values({
        op,
        provider_id: null,
        price_key: `sd-tool:${op}`,
        options: '{}',
        enabled: 1,
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column('op').doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function seedStableDiffusion(ctx: AppContext): Promise<string[]> {
  const lines: string[] = [];
  const prices = (await seedSdPrices(ctx)).length;
  if (prices) lines.push(`Stable Diffusion: ${prices} prices added`);
  const models = await seedModels(ctx);
  if (models) lines.push(`Stable Diffusion: ${models} demo models added to the square`);
  const ops = await seedToolOps(ctx);
  if (ops) lines.push(`Stable Diffusion: ${ops} toolbox operations served by the offline demo`);
  return lines;
}
