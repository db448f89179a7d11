import type { sites } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { exampleWorkIds, exampleWorks } from '../works/index.js';
import { deleteFiles, filesOfIds } from '../files/index.js';
import { publish } from './publish.js';

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

/**
 * Example prompts (docs/market.md): on the start that made the example works, three of them
 * are published as prompts in their categories, marked `example = 1` (an "Example" badge).
 */
export async function seedExamplePrompts(ctx: AppContext): Promise<number> {
  if (!ctx.config.examples.seed) return 0;
  const db = ctx.db.kysely;
  if (
    await db.selectFrom('market_prompts').select('id').where('example', '=', 1).executeTakeFirst()
  )
    return 0;
  const { userId, ids } = await exampleWorkIds(ctx);
  // Only beside fresh example works: their tasks have not been made into prompts yet.
  if (ids.length === 0) return 0;
  const published = await db
    .selectFrom('market_prompts')
    .select('id')
    .where('source_task_id', 'in', ids)
    .executeTakeFirst();
  if (published) return 0;
  const landscape = await db
    .selectFrom('market_categories')
    .select('id')
    .where('slug', '=', 'landscape')
    .executeTakeFirst();
  const picks = exampleWorks.slice(0, 3);
  for (const [i, w] of picks.entries()) {
    const id = await publish(ctx, userId, {
      taskId: ids[i]!,
      title: w.title,
      description: '',
      categoryId: landscape?.id ?? null,
      tags: w.tags,
    });
    await db.updateTable('market_prompts').set({ example: 1 }).where('id', '=', id).execute();
  }
  return picks.length;
}

/** Deletes every example prompt and its example files (marks and reports go by cascade). */
export async function removeExamplePrompts(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const rows = await db
    .selectFrom('market_prompts')
    .select(['id', 'example_file_id', 'poster_file_id'])
    .where('example', '=', 1)
    .execute();
  if (rows.length === 0) return 0;
  await db
    .deleteFrom('market_prompts')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const fileIds = rows
    .flatMap((r) => [r.example_file_id, r.poster_file_id])
    .filter((f): f is number => f !== null);
  if (fileIds.length) await deleteFiles(ctx, await filesOfIds(db, fileIds));
  return rows.length;
}

/** How many example prompts are left (the console's Examples card). */
export async function countExamplePrompts(ctx: AppContext): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('market_prompts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('example', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
