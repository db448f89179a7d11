import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { seedApps, seedCategories } from './seed-data.js';
import { stored } from './service.js';

/**
 * Adds the catalogue entries this install has never had. A key, once added, is remembered in
 * `app_seed_keys`, so an operator's edits and deletions of seeded rows survive every restart,
 * and entries added to a later release still arrive.
 */
export async function seedCatalogue(ctx: AppContext): Promise<string[]> {
  const db = ctx.db.kysely;
  const seen = new Set(
    (await db.selectFrom('app_seed_keys').select('key').execute()).map((r) => r.key),
  );
  const upgraded = seen.size > 0 && !seen.has(ICONS_KEY) ? await coversToIcons(ctx) : [];
  // A fresh install claims the upgrade with its first keys: its covers are pictures already.
  if (seen.size > 0) seen.add(ICONS_KEY);
  const newCats = seedCategories.filter((c) => !seen.has(`category:${c.key}`));
  const newApps = seedApps.filter((a) => !seen.has(`app:${a.key}`));
  if (newCats.length === 0 && newApps.length === 0) return upgraded;
  try {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      // Claim the keys first: a second process seeding at the same moment fails here.
      await trx
        .insertInto('app_seed_keys')
        .values(
          [
            ...newCats.map((c) => `category:${c.key}`),
            ...newApps.map((a) => `app:${a.key}`),
            ...(seen.has(ICONS_KEY) ? [] : [ICONS_KEY]),
          ].map((key) => ({ key, created_at: now })),
        )
        .execute();
      const catIds = new Map<string, number>();
      for (const c of newCats) {
        const row = await trx
          .insertInto('app_categories')
          .values({
            name: stored(c.name),
            sort: (seedCategories.indexOf(c) + 1) * 10,
            enabled: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        catIds.set(c.key, row.id);
      }
      // A category seeded by an earlier release is found by its English name, unless renamed.
      const existing = await trx.selectFrom('app_categories').select(['id', 'name']).execute();
      const idOf = (key: string) => {
        if (catIds.has(key)) return catIds.get(key)!;
        const seed = seedCategories.find((c) => c.key === key);
        return existing.find((r) => seed && r.name === stored(seed.name))?.id ?? null;
      };
      if (newApps.length)
        await trx
          .insertInto('apps')
          .values(
            newApps.map((a) => ({
              owner_id: null,
              category_id: idOf(a.category),
              name: stored(a.name),
              description: stored(a.description),
              cover: a.cover,
              system_prompt: stored(a.systemPrompt),
              model_id: null,
              sort: (seedApps.indexOf(a) + 1) * 10,
              enabled: 1,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
    });
  } catch (error) {
    // Another process seeding at the same moment added them first.
    if (isUniqueViolation(error)) return [];
    throw error;
  }
  return [
    ...upgraded,
    `Apps: ${newApps.length} apps in ${newCats.length} new categories added to the store`,
  ];
}

/** Marks an install whose seeded covers were moved from emoji to pictures. */
const ICONS_KEY = 'upgrade:cover-icons';

/** The emoji covers seeded before the pictures of web/public/app-icons (scripts/app-icons.mjs). */
const formerCovers: Record<string, string> = {
  polish: '📝',
  storyteller: '📖',
  summarizer: '🧾',
  socialpost: '🌸',
  email: '✉️',
  weekly: '📅',
  minutes: '🗂️',
  excel: '📊',
  reviewer: '🔍',
  sql: '🗄️',
  regex: '🧩',
  linux: '🐧',
  debugger: '🐞',
  tutor: '🎓',
  math: '➗',
  eli5: '🧒',
  quiz: '❓',
  translator: '🌐',
  english: '🗣️',
  grammar: '✅',
  chef: '🍳',
  fitness: '🏃',
  travel: '🧳',
  listener: '🫶',
  imageprompt: '🎨',
  poet: '🪶',
  namer: '💡',
  adventure: '🐉',
  marketer: '📣',
  pm: '🧭',
  interview: '💼',
  analyst: '📈',
};

/**
 * Emoji showed as empty boxes where no colour emoji font is installed: seeded apps that still
 * have their seeded name and emoji get the picture. Done once (an operator may choose emoji
 * again); a second process doing it at the same moment fails on the key and changes nothing.
 */
async function coversToIcons(ctx: AppContext): Promise<string[]> {
  let changed = 0;
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_seed_keys')
        .values({ key: ICONS_KEY, created_at: nowIso() })
        .execute();
      for (const a of seedApps) {
        const emoji = formerCovers[a.key];
        if (!emoji) continue;
        const result = await trx
          .updateTable('apps')
          .set({ cover: a.cover })
          .where('owner_id', 'is', null)
          .where('cover', '=', emoji)
          .where('name', '=', stored(a.name))
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
    });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return [];
    throw error;
  }
  return changed ? [`Apps: ${changed} emoji covers replaced by pictures`] : [];
}
