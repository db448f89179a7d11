import type { works as W } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';

/* The queries of the public works calls (public-routes.ts): the square, tags, a designer's totals, reports. */

type SquareQuery = typeof W.squareQuery._output;

/**
 * One page of listed works' ids, newest published or most liked first: each order is one
 * index walk (works_new_idx, works_liked_idx, works_kind_idx, works_user_idx; a tag goes
 * through work_tags' primary key).
 */
export async function squarePage(
  ctx: AppContext,
  q: SquareQuery,
): Promise<{ ids: number[]; count: number }> {
  let base = ctx.db.kysely.selectFrom('works').where('works.listed', '=', 1);
  if (q.kind) base = base.where('works.kind', '=', q.kind);
  if (q.userId) base = base.where('works.user_id', '=', q.userId);
  if (q.tag)
    base = base.where('works.id', 'in', (eb) =>
      eb.selectFrom('work_tags').select('work_id').where('tag', '=', q.tag!),
    );
  let rows = base.select('works.id');
  rows =
    q.sort === 'liked'
      ? rows.orderBy('works.like_count', 'desc').orderBy('works.id', 'desc')
      : rows.orderBy('works.published_at', 'desc').orderBy('works.id', 'desc');
  const [found, total] = await Promise.all([
    rows
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: found.map((r) => r.id), count: Number(total.n) };
}

/** The 30 tags most used by listed works, with their counts. */
export async function popularTags(db: Executor) {
  const rows = await db
    .selectFrom('work_tags')
    .innerJoin('works', 'works.id', 'work_tags.work_id')
    .select(['work_tags.tag', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('works.listed', '=', 1)
    .groupBy('work_tags.tag')
    .orderBy('n', 'desc')
    .orderBy('work_tags.tag')
    .limit(30)
    .execute();
  return rows.map((r) => ({ tag: r.tag, count: Number(r.n) }));
}

/** A designer's listed works, and the likes and collections they got. */
export async function designerTotals(db: Executor, userId: number) {
  const totals = await db
    .selectFrom('works')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('works'),
      eb.fn.coalesce(eb.fn.sum<string | number>('like_count'), eb.lit(0)).as('likes'),
      eb.fn.coalesce(eb.fn.sum<string | number>('collect_count'), eb.lit(0)).as('collects'),
    ])
    .where('user_id', '=', userId)
    .where('listed', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    works: Number(totals.works),
    likes: Number(totals.likes),
    collects: Number(totals.collects),
  };
}

/** Files (or files again, reopened with the new reason) a user's report of a target. */
export async function fileReport(
  db: Executor,
  userId: number,
  r: { targetType: string; targetId: number; reason: string },
): Promise<void> {
  await db
    .insertInto('reports')
    .values({
      target_type: r.targetType,
      target_id: r.targetId,
      user_id: userId,
      reason: r.reason,
      created_at: nowIso(),
      closed_at: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['target_type', 'target_id', 'user_id'])
        .doUpdateSet({ reason: r.reason, state: 'open', closed_at: null }),
    )
    .execute();
}
