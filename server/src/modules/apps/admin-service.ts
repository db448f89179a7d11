import type { Selectable } from 'kysely';
import { sites, type apps as A } from '@atelier/contracts';
import { nowIso, type Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { readLocalized } from '../sites/index.js';
import { texts } from './messages.js';
import { checkModel, same, stored } from './service.js';
import type { AppCategoriesTable, AppsTable } from './tables.js';

type Kysely = Db['kysely'];

/**
 * The operator's side of apps: categories and catalogue apps (users' personas are not listed).
 * Texts arrive as one string (the same in every language) or some languages over what is stored.
 */

export const toCategory = (r: Selectable<AppCategoriesTable>): A.AdminCategory => ({
  id: r.id,
  name: readLocalized(r.name),
  sort: r.sort,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const toAdminApp = (r: Selectable<AppsTable>): A.AdminApp => ({
  id: r.id,
  categoryId: r.category_id,
  name: readLocalized(r.name),
  description: readLocalized(r.description),
  cover: r.cover,
  systemPrompt: readLocalized(r.system_prompt),
  modelId: r.model_id,
  sort: r.sort,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A text as sent (one string, or some languages) over what is stored (on update). */
const textOf = (patch: A.LocalizedPatch, before?: string): string =>
  stored(
    typeof patch === 'string'
      ? same(patch)
      : sites.completeLocalized({ ...(before ? readLocalized(before) : {}), ...patch }),
  );

export type CategoryInput = Partial<{ name: A.LocalizedPatch; sort: number; enabled: boolean }>;
const categoryColumns = (f: CategoryInput, before?: Selectable<AppCategoriesTable>) => ({
  ...(f.name !== undefined ? { name: textOf(f.name, before?.name) } : {}),
  ...(f.sort !== undefined ? { sort: f.sort } : {}),
  ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
});

export type AppInput = Partial<{
  categoryId: number | null;
  name: A.LocalizedPatch;
  description: A.LocalizedPatch;
  cover: string;
  systemPrompt: A.LocalizedPatch;
  modelId: number | null;
  sort: number;
  enabled: boolean;
}>;
const appColumns = (f: AppInput, before?: Selectable<AppsTable>) => ({
  ...(f.categoryId !== undefined ? { category_id: f.categoryId } : {}),
  ...(f.name !== undefined ? { name: textOf(f.name, before?.name) } : {}),
  ...(f.description !== undefined
    ? { description: textOf(f.description, before?.description) }
    : {}),
  ...(f.cover !== undefined ? { cover: f.cover } : {}),
  ...(f.systemPrompt !== undefined
    ? { system_prompt: textOf(f.systemPrompt, before?.system_prompt) }
    : {}),
  ...(f.modelId !== undefined ? { model_id: f.modelId } : {}),
  ...(f.sort !== undefined ? { sort: f.sort } : {}),
  ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
});

export async function category(db: Kysely, id: number) {
  const row = await db
    .selectFrom('app_categories')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(texts.categoryNotFound);
  return row;
}

/** A category an app may name (400 naming `categoryId` otherwise); none is fine. */
async function checkCategory(db: Kysely, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const row = await db
    .selectFrom('app_categories')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw badRequest(texts.categoryNotFound, {}, 'categoryId');
}

export async function catalogueApp(db: Kysely, id: number) {
  const row = await db
    .selectFrom('apps')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(texts.appNotFound);
  return row;
}

export const listCategories = (db: Kysely) =>
  db.selectFrom('app_categories').selectAll().orderBy('sort').orderBy('id').execute();

export async function createCategory(
  db: Kysely,
  f: { name: A.LocalizedPatch; sort?: number; enabled?: boolean },
) {
  const now = nowIso();
  return db
    .insertInto('app_categories')
    .values({
      name: textOf(f.name),
      sort: f.sort ?? 0,
      enabled: f.enabled === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCategory(db: Kysely, id: number, f: CategoryInput) {
  const before = await category(db, id);
  await db
    .updateTable('app_categories')
    .set({ ...categoryColumns(f, before), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  return category(db, id);
}

/** Deletes a category; its apps stay, in no category. */
export async function deleteCategory(db: Kysely, id: number): Promise<void> {
  await category(db, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('apps')
      .set({ category_id: null })
      .where('category_id', '=', id)
      .execute();
    await trx.deleteFrom('app_categories').where('id', '=', id).execute();
  });
}

export const listCatalogueApps = (db: Kysely) =>
  db
    .selectFrom('apps')
    .selectAll()
    .where('owner_id', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export async function createCatalogueApp(
  db: Kysely,
  f: AppInput & { name: A.LocalizedPatch; systemPrompt: A.LocalizedPatch },
) {
  await checkCategory(db, f.categoryId);
  await checkModel(db, f.modelId);
  const now = nowIso();
  return db
    .insertInto('apps')
    .values({
      owner_id: null,
      category_id: f.categoryId ?? null,
      name: textOf(f.name),
      description: textOf(f.description ?? ''),
      cover: f.cover ?? '',
      system_prompt: textOf(f.systemPrompt),
      model_id: f.modelId ?? null,
      sort: f.sort ?? 0,
      enabled: f.enabled === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCatalogueApp(db: Kysely, id: number, f: AppInput) {
  const before = await catalogueApp(db, id);
  await checkCategory(db, f.categoryId);
  await checkModel(db, f.modelId);
  await db
    .updateTable('apps')
    .set({ ...appColumns(f, before), updated_at: nowIso() })
    .where('id', '=', id)
    .where('owner_id', 'is', null)
    .execute();
  return catalogueApp(db, id);
}

/** Deletes a catalogue app and every user's entry of it. */
export async function deleteCatalogueApp(db: Kysely, id: number): Promise<void> {
  await catalogueApp(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_apps').where('app_id', '=', id).execute();
    await trx.deleteFrom('apps').where('id', '=', id).where('owner_id', 'is', null).execute();
  });
}
