import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { apps as A, sites } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readLocalized } from '../sites/index.js';
import { texts } from './messages.js';
import { checkModel, same, stored } from './service.js';
import type { AppCategoriesTable, AppsTable } from './tables.js';

const toCategory = (r: Selectable<AppCategoriesTable>): A.AdminCategory => ({
  id: r.id,
  name: readLocalized(r.name),
  sort: r.sort,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toAdminApp = (r: Selectable<AppsTable>): A.AdminApp => ({
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

type CategoryInput = Partial<{ name: A.LocalizedPatch; sort: number; enabled: boolean }>;
const categoryColumns = (f: CategoryInput, before?: Selectable<AppCategoriesTable>) => ({
  ...(f.name !== undefined ? { name: textOf(f.name, before?.name) } : {}),
  ...(f.sort !== undefined ? { sort: f.sort } : {}),
  ...(f.enabled !== undefined ? { enabled: f.enabled ? 1 : 0 } : {}),
});

type AppInput = Partial<{
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

/** The operator's catalogue: categories and public apps (users' personas are not listed). */
export function adminAppRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  const category = async (id: number) => {
    const row = await db()
      .selectFrom('app_categories')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(texts.categoryNotFound);
    return row;
  };
  const checkCategory = async (id: number | null | undefined) => {
    if (id === null || id === undefined) return;
    const row = await db()
      .selectFrom('app_categories')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw badRequest(texts.categoryNotFound, {}, 'categoryId');
  };
  const catalogueApp = async (id: number) => {
    const row = await db()
      .selectFrom('apps')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound(texts.appNotFound);
    return row;
  };

  route(app, A.adminListCategories, async () => {
    const rows = await db()
      .selectFrom('app_categories')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { rows: rows.map(toCategory), count: rows.length };
  });

  route(app, A.adminCreateCategory, async ({ body }) => {
    const now = nowIso();
    const row = await db()
      .insertInto('app_categories')
      .values({
        name: textOf(body.name),
        sort: body.sort ?? 0,
        enabled: body.enabled === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCategory(row);
  });

  route(app, A.adminUpdateCategory, async ({ body }) => {
    const before = await category(body.id);
    await db()
      .updateTable('app_categories')
      .set({ ...categoryColumns(body, before), updated_at: nowIso() })
      .where('id', '=', body.id)
      .execute();
    return toCategory(await category(body.id));
  });

  route(app, A.adminDeleteCategory, async ({ body }) => {
    await category(body.id);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('apps')
          .set({ category_id: null })
          .where('category_id', '=', body.id)
          .execute();
        await trx.deleteFrom('app_categories').where('id', '=', body.id).execute();
      });
    return null;
  });

  route(app, A.adminListApps, async () => {
    const rows = await db()
      .selectFrom('apps')
      .selectAll()
      .where('owner_id', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return { rows: rows.map(toAdminApp), count: rows.length };
  });

  route(app, A.adminCreateApp, async ({ body }) => {
    await checkCategory(body.categoryId);
    await checkModel(db(), body.modelId);
    const now = nowIso();
    const row = await db()
      .insertInto('apps')
      .values({
        owner_id: null,
        category_id: body.categoryId ?? null,
        name: textOf(body.name),
        description: textOf(body.description ?? ''),
        cover: body.cover ?? '',
        system_prompt: textOf(body.systemPrompt),
        model_id: body.modelId ?? null,
        sort: body.sort ?? 0,
        enabled: body.enabled === false ? 0 : 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAdminApp(row);
  });

  route(app, A.adminUpdateApp, async ({ body }) => {
    const before = await catalogueApp(body.id);
    await checkCategory(body.categoryId);
    await checkModel(db(), body.modelId);
    await db()
      .updateTable('apps')
      .set({ ...appColumns(body, before), updated_at: nowIso() })
      .where('id', '=', body.id)
      .where('owner_id', 'is', null)
      .execute();
    return toAdminApp(await catalogueApp(body.id));
  });

  route(app, A.adminDeleteApp, async ({ body }) => {
    await catalogueApp(body.id);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('user_apps').where('app_id', '=', body.id).execute();
        await trx
          .deleteFrom('apps')
          .where('id', '=', body.id)
          .where('owner_id', 'is', null)
          .execute();
      });
    return null;
  });
}
