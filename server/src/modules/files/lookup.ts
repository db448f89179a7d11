import type { Executor } from '../../db/executor.js';

/** The stored files of these ids (those that exist), for deleteFiles and the like. */
export async function filesOfIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
}
