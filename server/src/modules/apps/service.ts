import type { Selectable } from 'kysely';
import type { apps as A, sites } from '@atelier/contracts';
import type { AppContext, AppInUse } from '../../context.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
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

/** The columns of an app row and the name of its fixed model, when it has one. */
export const appSelect = (db: Kysely) =>
  db
    .selectFrom('apps as a')
    .leftJoin('chat_models as m', 'm.id', 'a.model_id')
    .selectAll('a')
    .select('m.name as model_name');

export type AppWithModel = AppRow & { model_name: string | null };

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
export const findVisibleApp = (db: Kysely, appId: number, userId: number | null) =>
  appSelect(db)
    .where('a.id', '=', appId)
    .where((eb) =>
      userId === null
        ? eb.and([eb('a.owner_id', 'is', null), eb('a.enabled', '=', 1)])
        : eb.or([
            eb.and([eb('a.owner_id', 'is', null), eb('a.enabled', '=', 1)]),
            eb('a.owner_id', '=', userId),
          ]),
    )
    .executeTakeFirst();

export async function visibleApp(db: Kysely, appId: number, userId: number | null) {
  const row = await findVisibleApp(db, appId, userId);
  if (!row) throw notFound(texts.appNotFound);
  return row;
}

/** The caller's own persona, 404 for anyone else's (and for catalogue apps). */
export async function ownPersona(db: Kysely, id: number, userId: number): Promise<AppWithModel> {
  const row = await appSelect(db)
    .where('a.id', '=', id)
    .where('a.owner_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(texts.personaNotFound);
  return row;
}

/** A model an app may fix: an enabled chat model (400 naming `modelId` otherwise). */
export async function checkModel(db: Kysely, modelId: number | null | undefined): Promise<void> {
  if (modelId === null || modelId === undefined) return;
  const row = await db
    .selectFrom('chat_models')
    .select('id')
    .where('id', '=', modelId)
    .where('enabled', '=', 1)
    .where('kind', '=', 'chat')
    .executeTakeFirst();
  if (!row) throw badRequest(texts.modelNotFound, {}, 'modelId');
}

/** The user's apps in their order: catalogue apps still enabled, and their own personas. */
export async function myAppRows(db: Kysely, userId: number) {
  return appSelect(db)
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
