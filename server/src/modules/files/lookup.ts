import type { Executor } from '../../db/executor.js';

/** The stored files of these ids (those that exist), for deleteFiles and the like. */
export async function filesOfIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
}

/**
 * Which of these storage keys (a file's or its thumbnail's) belong to the user's files: only
 * those may be signed afresh for them, wherever else the links came from.
 */
export async function ownedKeys(db: Executor, userId: number, keys: string[]) {
  const owned = new Set<string>();
  if (keys.length === 0) return owned;
  const rows = await db
    .selectFrom('files')
    .select(['key', 'thumb_key'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('key', 'in', keys), eb('thumb_key', 'in', keys)]))
    .execute();
  for (const r of rows) {
    owned.add(r.key);
    if (r.thumb_key) owned.add(r.thumb_key);
  }
  return owned;
}
