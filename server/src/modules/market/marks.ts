import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/database.js';
import type { PromptMark } from './tables.js';

/**
 * Likes and collections of prompts, behind two calls the generic likes/collections of the
 * works module can later replace (docs/market.md). Consistent under concurrency: the unique
 * index (prompt, user, mark) decides which of two racing toggles inserts, and the prompt's
 * counter moves in the same transaction by exactly the rows this call inserted or deleted,
 * so the counter always equals the number of rows.
 */
export interface ToggleResult {
  /** The caller's state after the toggle. */
  on: boolean;
  /** The prompt's count after the toggle. */
  count: number;
}

const counter = { like: 'like_count', collect: 'collect_count' } as const;

async function toggleMark(
  db: Kysely<Database>,
  userId: number,
  promptId: number,
  mark: Exclude<PromptMark, 'use'>,
): Promise<ToggleResult> {
  const column = counter[mark];
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('market_prompt_marks')
      .where('prompt_id', '=', promptId)
      .where('user_id', '=', userId)
      .where('mark', '=', mark)
      .executeTakeFirst();
    let on = false;
    let delta = -Number(removed.numDeletedRows);
    if (delta === 0) {
      const added = await trx
        .insertInto('market_prompt_marks')
        .values({ prompt_id: promptId, user_id: userId, mark, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['prompt_id', 'user_id', 'mark']).doNothing())
        .executeTakeFirst();
      delta = Number(added.numInsertedOrUpdatedRows ?? 0);
      // Inserted, or another toggle of ours inserted first: either way it is on now.
      on = true;
    }
    const row = await trx
      .updateTable('market_prompts')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', promptId)
      .returning([column])
      .executeTakeFirstOrThrow();
    return { on, count: Number(row[column]) };
  });
}

/** Toggles the user's like of a prompt (the prompt must exist: callers check visibility). */
export const togglePromptLike = (db: Kysely<Database>, userId: number, promptId: number) =>
  toggleMark(db, userId, promptId, 'like');

/** Toggles the prompt in the user's collection. */
export const togglePromptCollect = (db: Kysely<Database>, userId: number, promptId: number) =>
  toggleMark(db, userId, promptId, 'collect');

/** Which of `promptIds` the user liked and collected. */
export async function marksOf(
  db: Kysely<Database>,
  userId: number | null,
  promptIds: number[],
): Promise<{ liked: Set<number>; collected: Set<number> }> {
  const liked = new Set<number>();
  const collected = new Set<number>();
  if (userId === null || promptIds.length === 0) return { liked, collected };
  const rows = await db
    .selectFrom('market_prompt_marks')
    .select(['prompt_id', 'mark'])
    .where('user_id', '=', userId)
    .where('prompt_id', 'in', promptIds)
    .execute();
  for (const r of rows) {
    if (r.mark === 'like') liked.add(r.prompt_id);
    else if (r.mark === 'collect') collected.add(r.prompt_id);
  }
  return { liked, collected };
}
