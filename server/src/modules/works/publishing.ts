import type { Executor } from '../../db/executor.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/* The queries of the owner's calls (mine-routes.ts): their public works, publishing one. */

/** A page of the ids of the user's public works (one kind or all), newest first, and the total. */
export async function publicWorkIds(
  db: Executor,
  userId: number,
  q: { kind?: string | undefined; page: number; size: number },
) {
  let base = db.selectFrom('works').where('user_id', '=', userId).where('is_public', '=', 1);
  if (q.kind) base = base.where('kind', '=', q.kind);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).execute(),
    base
      .select('id')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
  ]);
  return { ids: rows.map((r) => r.id), count: Number((count[0] ?? { n: 0 }).n) };
}

export interface WorkFields {
  title: string;
  description: string;
  tags: string;
  is_public: number;
  listed: number;
  published_at: string | null;
  updated_at: string;
  /** 1: a seeded example (examples.ts). */
  example?: number;
}

/** Writes a task's work row (made on its first publish) and its tags, in one transaction. */
export async function saveWork(
  db: Kysely<Database>,
  task: { id: number; userId: number; kind: string },
  fields: WorkFields,
  tags: string[],
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('works')
      .values({ id: task.id, user_id: task.userId, kind: task.kind, created_at: now, ...fields })
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
    await trx.deleteFrom('work_tags').where('work_id', '=', task.id).execute();
    if (tags.length)
      await trx
        .insertInto('work_tags')
        .values(tags.map((tag) => ({ work_id: task.id, tag })))
        .execute();
  });
}
