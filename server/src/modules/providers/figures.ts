import type { Executor } from '../../db/executor.js';

/*
 * What other modules read of the providers' tables, as functions (only this module queries
 * them, scripts/check-tables.mjs): the names of providers and models, and whether a model is
 * an enabled chat model (an app's fixed model).
 */

/** The names of the providers asked for, by id (a deleted one is missing). */
export async function providerNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_providers')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of the models asked for, by id (a deleted one is missing). */
export async function modelNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_models')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether a model exists, is enabled and is of kind `chat`. */
export async function isEnabledChatModel(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_models')
    .select('id')
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where('kind', '=', 'chat')
    .executeTakeFirst();
  return row !== undefined;
}
