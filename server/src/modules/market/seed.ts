import type { sites } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';

/** The categories a fresh install offers (slug, names in the three languages). */
export const seedCategories: { slug: string; name: sites.LocalizedText }[] = [
  { slug: 'portrait', name: { 'en-US': 'Portraits', 'zh-CN': '人像', 'zh-TW': '人像' } },
  { slug: 'landscape', name: { 'en-US': 'Landscapes', 'zh-CN': '风景', 'zh-TW': '風景' } },
  { slug: 'illustration', name: { 'en-US': 'Illustration', 'zh-CN': '插画', 'zh-TW': '插畫' } },
  {
    slug: 'design',
    name: { 'en-US': 'Design & products', 'zh-CN': '设计与产品', 'zh-TW': '設計與產品' },
  },
  { slug: 'writing', name: { 'en-US': 'Writing', 'zh-CN': '写作', 'zh-TW': '寫作' } },
  { slug: 'work', name: { 'en-US': 'Work & study', 'zh-CN': '办公学习', 'zh-TW': '辦公學習' } },
  { slug: 'code', name: { 'en-US': 'Programming', 'zh-CN': '编程', 'zh-TW': '程式設計' } },
  {
    slug: 'media',
    name: { 'en-US': 'Video & music', 'zh-CN': '视频与音乐', 'zh-TW': '影片與音樂' },
  },
];

/** Adds the seeded categories that are missing (by slug); answers how many were added. */
export async function seedMarket(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const have = new Set(
    (await db.selectFrom('market_categories').select('slug').execute()).map((r) => r.slug),
  );
  let added = 0;
  for (const [i, c] of seedCategories.entries()) {
    if (have.has(c.slug)) continue;
    const done = await db
      .insertInto('market_categories')
      .values({ slug: c.slug, name: JSON.stringify(c.name), sort: i * 10, created_at: nowIso() })
      .onConflict((oc) => oc.column('slug').doNothing())
      .executeTakeFirst();
    added += Number(done.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
