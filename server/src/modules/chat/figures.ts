import type { Executor } from '../../db/executor.js';

/*
 * What other modules read of chat's tables, as functions (only this module queries them,
 * scripts/check-tables.mjs): who chatted when (the dashboard's active users), the names of
 * providers and models, and whether a model is an enabled chat model (an app's fixed model).
 * The providers and models half moves with those tables to their own module.
 */

/** Who sent or got a chat message when, since an ISO time. */
export const chatStartsSince = (db: Executor, since: string) =>
  db
    .selectFrom('chat_logs')
    .select(['user_id', 'created_at'])
    .where('created_at', '>=', since)
    .execute();

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
