import type { Selectable } from 'kysely';
import { apps as A, type sites } from '@atelier/contracts';
import type { AppContext, AppInUse } from '../../context.js';
import { nowIso, type Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { isEnabledChatModel, modelNames } from '../providers/index.js';
import { readLocalized } from '../sites/index.js';
import { texts } from './messages.js';
import type { AppsTable } from './tables.js';

export type AppRow = Selectable<AppsTable>;
type Kysely = Db['kysely'];

export const same = (text: string): sites.LocalizedText => ({
  'en-US': text,
  'zh-CN': text,
  'zh-TW': text,
});
export const stored = (text: sites.LocalizedText) => JSON.stringify(text);
export const textIn = (storedText: string, lang: Lang) => readLocalized(storedText)[lang];

/** The columns of an app row. */
export const appSelect = (db: Kysely) => db.selectFrom('apps as a').selectAll('a');

export type AppWithModel = AppRow & { model_name: string | null };

/** The rows with the name of their fixed model (null without one, or once it is deleted). */
async function withModelNames<R extends AppRow>(db: Kysely, rows: R[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.model_id === null ? [] : [r.model_id])))];
  const names = await modelNames(db, ids);
  return rows.map((r) => ({
    ...r,
    model_name: r.model_id === null ? null : (names.get(r.model_id) ?? null),
  }));
}

const withModelName = async <R extends AppRow>(db: Kysely, row: R | undefined) =>
  row ? (await withModelNames(db, [row]))[0] : undefined;

export function toApp(r: AppWithModel, lang: Lang, userId: number | null, mine: Set<number>) {
  return {
    id: r.id,
    categoryId: r.category_id,
    name: textIn(r.name, lang),
    description: textIn(r.description, lang),
    cover: r.cover,
    systemPrompt: textIn(r.system_prompt, lang),
    modelId: r.model_id,
    modelName: r.model_name,
    own: r.owner_id !== null && r.owner_id === userId,
    collected: mine.has(r.id),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  } satisfies A.App;
}

/** The ids in a user's apps (none for an anonymous caller). */
export async function myAppIds(db: Kysely, userId: number | null): Promise<Set<number>> {
  if (userId === null) return new Set();
  const rows = await db
    .selectFrom('user_apps')
    .select('app_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.app_id));
}

/**
 * An app the caller may see and use: an enabled catalogue app or a persona of their own.
 * Anything else (someone else's persona, a disabled or deleted app) is the same 404.
 */
export const findVisibleApp = async (db: Kysely, appId: number, userId: number | null) =>
  withModelName(
    db,
    await appSelect(db)
      .where('a.id', '=', appId)
      .where((eb) =>
        userId === null
          ? eb.and([eb('a.owner_id', 'is', null), eb('a.enabled', '=', 1)])
          : eb.or([
              eb.and([eb('a.owner_id', 'is', null), eb('a.enabled', '=', 1)]),
              eb('a.owner_id', '=', userId),
            ]),
      )
      .executeTakeFirst(),
  );

export async function visibleApp(db: Kysely, appId: number, userId: number | null) {
  const row = await findVisibleApp(db, appId, userId);
  if (!row) throw notFound(texts.appNotFound);
  return row;
}

/** The caller's own persona, 404 for anyone else's (and for catalogue apps). */
export async function ownPersona(db: Kysely, id: number, userId: number): Promise<AppWithModel> {
  const row = await withModelName(
    db,
    await appSelect(db).where('a.id', '=', id).where('a.owner_id', '=', userId).executeTakeFirst(),
  );
  if (!row) throw notFound(texts.personaNotFound);
  return row;
}

/** A model an app may fix: an enabled chat model (400 naming `modelId` otherwise). */
export async function checkModel(db: Kysely, modelId: number | null | undefined): Promise<void> {
  if (modelId === null || modelId === undefined) return;
  if (!(await isEnabledChatModel(db, modelId)))
    throw badRequest(texts.modelNotFound, {}, 'modelId');
}

/** The user's apps in their order: catalogue apps still enabled, and their own personas. */
export async function myAppRows(db: Kysely, userId: number) {
  const rows = await appSelect(db)
    .innerJoin('user_apps as u', 'u.app_id', 'a.id')
    .where('u.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.owner_id', 'is', null), eb('a.enabled', '=', 1)]),
        eb('a.owner_id', '=', userId),
      ]),
    )
    .orderBy('u.sort')
    .orderBy('u.id')
    .execute();
  return withModelNames(db, rows);
}

/** What a chat started from an app is given; null when the caller may not use the app. */
export async function appInUse(
  ctx: AppContext,
  appId: number,
  userId: number,
  lang: Lang,
): Promise<AppInUse | null> {
  const row = await findVisibleApp(ctx.db.kysely, appId, userId);
  if (!row) return null;
  return {
    name: textIn(row.name, lang),
    systemPrompt: textIn(row.system_prompt, lang),
    modelId: row.model_id,
  };
}

// ------------------------------------------------------------ the store and "my apps"

/** The enabled categories with how many enabled catalogue apps each holds. */
export async function categoriesWithCounts(db: Kysely, lang: Lang) {
  const [cats, counts] = await Promise.all([
    db
      .selectFrom('app_categories')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('apps')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('owner_id', 'is', null)
      .where('enabled', '=', 1)
      .groupBy('category_id')
      .execute(),
  ]);
  const count = new Map(counts.map((c) => [c.category_id, Number(c.n)]));
  return cats.map((c) => ({
    id: c.id,
    name: textIn(c.name, lang),
    sort: c.sort,
    count: count.get(c.id) ?? 0,
  }));
}

/** The enabled catalogue apps, of one category or all, in their order. */
export async function catalogueApps(db: Kysely, categoryId?: number) {
  let q = appSelect(db).where('a.owner_id', 'is', null).where('a.enabled', '=', 1);
  if (categoryId) q = q.where('a.category_id', '=', categoryId);
  return withModelNames(db, await q.orderBy('a.sort').orderBy('a.id').execute());
}

/** Appends an app to the user's apps; adding one already there changes nothing. */
export async function addToMine(db: Kysely, userId: number, appId: number): Promise<void> {
  const last = await db
    .selectFrom('user_apps')
    .select((eb) => eb.fn.max<number | null>('sort').as('top'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await db
    .insertInto('user_apps')
    .values({
      user_id: userId,
      app_id: appId,
      sort: Number(last?.top ?? -1) + 1,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'app_id']).doNothing())
    .execute();
}

export async function removeFromMine(db: Kysely, userId: number, appId: number): Promise<void> {
  await db
    .deleteFrom('user_apps')
    .where('user_id', '=', userId)
    .where('app_id', '=', appId)
    .execute();
}

/**
 * Puts the listed apps first, in the order given; the others keep their order after them
 * (404 naming an app that is not in the user's apps).
 */
export async function sortMine(db: Kysely, userId: number, appIds: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('user_apps')
      .select(['id', 'app_id'])
      .where('user_id', '=', userId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const have = new Set(current.map((r) => r.app_id));
    const missing = appIds.find((id) => !have.has(id));
    if (missing !== undefined) throw notFound(texts.notInMyApps, { id: missing });
    const listed = new Set(appIds);
    const order = [...appIds, ...current.map((r) => r.app_id).filter((id) => !listed.has(id))];
    await Promise.all(
      order.map((appId, sort) =>
        trx
          .updateTable('user_apps')
          .set({ sort })
          .where('user_id', '=', userId)
          .where('app_id', '=', appId)
          .execute(),
      ),
    );
  });
}

// ------------------------------------------------------------ personas

export const personasOf = async (db: Kysely, userId: number) =>
  withModelNames(
    db,
    await appSelect(db).where('a.owner_id', '=', userId).orderBy('a.id', 'desc').execute(),
  );

export interface PersonaFields {
  name?: string;
  description?: string;
  cover?: string;
  systemPrompt?: string;
  modelId?: number | null;
}

/** A new persona of the user's (at most A.PERSONA_LIMIT), added to their apps. */
export async function createPersona(
  db: Kysely,
  userId: number,
  f: Required<Pick<PersonaFields, 'name' | 'description' | 'cover' | 'systemPrompt'>> &
    Pick<PersonaFields, 'modelId'>,
): Promise<number> {
  await checkModel(db, f.modelId);
  const { n } = await db
    .selectFrom('apps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= A.PERSONA_LIMIT)
    throw badRequest(texts.tooManyPersonas, { limit: A.PERSONA_LIMIT });
  const now = nowIso();
  const { id } = await db
    .insertInto('apps')
    .values({
      owner_id: userId,
      category_id: null,
      name: stored(same(f.name)),
      description: stored(same(f.description)),
      cover: f.cover,
      system_prompt: stored(same(f.systemPrompt)),
      model_id: f.modelId ?? null,
      sort: 0,
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addToMine(db, userId, id);
  return id;
}

/** Changes the given fields of the user's own persona (404 for anyone else's). */
export async function updatePersona(
  db: Kysely,
  userId: number,
  id: number,
  f: PersonaFields,
): Promise<void> {
  await ownPersona(db, id, userId);
  await checkModel(db, f.modelId);
  await db
    .updateTable('apps')
    .set({
      ...(f.name !== undefined ? { name: stored(same(f.name)) } : {}),
      ...(f.description !== undefined ? { description: stored(same(f.description)) } : {}),
      ...(f.cover !== undefined ? { cover: f.cover } : {}),
      ...(f.systemPrompt !== undefined ? { system_prompt: stored(same(f.systemPrompt)) } : {}),
      ...(f.modelId !== undefined ? { model_id: f.modelId } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .execute();
}

/** Deletes the user's own persona and every user's entry of it. */
export async function deletePersona(db: Kysely, userId: number, id: number): Promise<void> {
  await ownPersona(db, id, userId);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_apps').where('app_id', '=', id).execute();
    await trx.deleteFrom('apps').where('id', '=', id).where('owner_id', '=', userId).execute();
  });
}
