import fs from 'node:fs';
import path from 'node:path';
import type { Selectable } from 'kysely';
import type { drawing as D } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Lang, Localized } from '../../http/messages.js';
import { renderRecipe } from '../../providers/image/demo-render.js';
import { sizeFor, splitFlags } from '../../providers/image/prompt.js';
import { galleries } from './gallery-data.js';
import type { DrawingItemsTable, GalleryKind } from './tables.js';
import { pageOf } from '../../db/paging.js';

type ItemRow = Selectable<DrawingItemsTable>;

export const pick = (json: string, lang: Lang): string => {
  try {
    const v = JSON.parse(json) as Partial<Localized>;
    return v[lang] ?? v['en-US'] ?? '';
  } catch {
    return '';
  }
};

/** Gallery pictures: drawn once by the offline demo, then kept under the data folder. */
const FULL = 768;
const THUMB = 256;
export const imagePath = (id: number, size: 'full' | 'thumb') =>
  `/api/midjourney/gallery/${id}-${size}.png`;

export function toItem(r: ItemRow, lang: Lang): D.GalleryItem {
  const { width, height } = sizeFor(r.aspect, FULL);
  return {
    id: r.id,
    categoryId: r.category_id,
    title: pick(r.title, lang),
    prompt: r.prompt,
    description: pick(r.description, lang),
    imageUrl: imagePath(r.id, 'full'),
    thumbUrl: imagePath(r.id, 'thumb'),
    width,
    height,
  };
}

/** Idempotent: adds the categories and items a fresh install shows (by kind + slug). */
export async function seedGalleries(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const known = await db.selectFrom('drawing_categories').select(['id', 'kind', 'slug']).execute();
  const knownItems = new Set(
    (await db.selectFrom('drawing_items').select(['kind', 'slug']).execute()).map(
      (r) => `${r.kind}/${r.slug}`,
    ),
  );
  let added = 0;
  for (const [ci, cat] of galleries.entries()) {
    let categoryId = known.find((k) => k.kind === cat.kind && k.slug === cat.slug)?.id;
    if (categoryId === undefined) {
      const row = await db
        .insertInto('drawing_categories')
        .values({
          kind: cat.kind,
          slug: cat.slug,
          name: JSON.stringify(cat.name),
          sort: ci,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['kind', 'slug']).doNothing())
        .returning('id')
        .executeTakeFirst();
      categoryId =
        row?.id ??
        (
          await db
            .selectFrom('drawing_categories')
            .select('id')
            .where('kind', '=', cat.kind)
            .where('slug', '=', cat.slug)
            .executeTakeFirstOrThrow()
        ).id;
    }
    const rows = cat.items
      .map((item, i) => ({ item, i }))
      .filter(({ item }) => !knownItems.has(`${cat.kind}/${item.slug}`))
      .map(({ item, i }) => ({
        category_id: categoryId,
        kind: cat.kind,
        slug: item.slug,
        title: JSON.stringify(item.title),
        description: JSON.stringify(item.description ?? {}),
        prompt: item.prompt,
        value: item.value ?? '',
        aspect: item.aspect ?? '1:1',
        featured: item.featured ? 1 : 0,
        sort: i,
        created_at: now,
      }));
    if (rows.length) {
      await db
        .insertInto('drawing_items')
        .values(rows)
        .onConflict((oc) => oc.columns(['kind', 'slug']).doNothing())
        .execute();
      added += rows.length;
    }
  }
  return added;
}

/** One render at a time per picture, even when many thumbnails are asked for at once. */
const rendering = new Map<string, Promise<Buffer>>();

export async function galleryPng(
  ctx: AppContext,
  row: ItemRow,
  size: 'full' | 'thumb',
): Promise<Buffer> {
  const dir = path.join(ctx.config.dataDir, 'drawing-gallery');
  const file = path.join(dir, `${row.kind}-${row.slug}-${size}.png`);
  const cached = await fs.promises.readFile(file).catch(() => null);
  if (cached) return cached;
  let job = rendering.get(file);
  if (!job) {
    job = (async () => {
      const { text } = splitFlags(row.prompt);
      const image = await renderRecipe(
        { prompt: text || row.prompt, aspect: row.aspect, steps: [{ kind: 'upscale', cell: 1 }] },
        size === 'full' ? FULL : THUMB,
      );
      await fs.promises.mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, image.png);
      await fs.promises.rename(tmp, file);
      return image.png;
    })().finally(() => rendering.delete(file));
    rendering.set(file, job);
  }
  return job;
}

export type Kysely = AppContext['db']['kysely'];

/** A gallery's categories, in the caller's language. */
export async function categories(db: Kysely, kind: GalleryKind, lang: Lang) {
  const rows = await db
    .selectFrom('drawing_categories')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return {
    rows: rows.map((r) => ({ id: r.id, name: pick(r.name, lang), sort: r.sort })),
    count: rows.length,
  };
}

/** One page of a gallery's items, of one category or all. */
export async function items(
  db: Kysely,
  kind: GalleryKind,
  q: { categoryId?: number; page: number; size: number },
): Promise<{ rows: ItemRow[]; count: number }> {
  let base = db.selectFrom('drawing_items').where('kind', '=', kind);
  if (q.categoryId) base = base.where('category_id', '=', q.categoryId);
  return pageOf(base, q, (b) => b.selectAll().orderBy('category_id').orderBy('sort').orderBy('id'));
}

/** The first examples, featured first (the home screen's strip). */
export const featuredExamples = (db: Kysely, size: number) =>
  db
    .selectFrom('drawing_items')
    .selectAll()
    .where('kind', '=', 'example')
    .orderBy('featured', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .limit(size)
    .execute();

/** One gallery item. */
export const itemById = (db: Kysely, id: number) =>
  db.selectFrom('drawing_items').selectAll().where('id', '=', id).executeTakeFirst();

/** Saves a user's Midjourney panel parameters (JSON), replacing what was saved. */
export async function saveUserParams(db: Kysely, userId: number, json: string): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('drawing_user_params')
    .values({ user_id: userId, params: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ params: json, updated_at: now }))
    .execute();
}

/** A user's saved panel parameters (JSON), if any. */
export const userParams = async (db: Kysely, userId: number): Promise<string | null> =>
  (
    await db
      .selectFrom('drawing_user_params')
      .select('params')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.params ?? null;
