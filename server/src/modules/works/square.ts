import type { works as W } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../http/errors.js';
import { texts } from './messages.js';

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
): Promise<{ ids: number[]; count: number; next: string | null }> {
  let base = ctx.db.kysely.selectFrom('works').where('works.listed', '=', 1);
  if (q.kind) base = base.where('works.kind', '=', q.kind);
  if (q.userId) base = base.where('works.user_id', '=', q.userId);
  if (q.tag)
    base = base.where('works.id', 'in', (eb) =>
      eb.selectFrom('work_tags').select('work_id').where('tag', '=', q.tag!),
    );
  const liked = q.sort === 'liked';
  const sortKey = liked ? 'works.like_count' : 'works.published_at';
  // Only the sort's own column beside the id: the walk stays index-only (covering).
  const rows = base
    .select((eb) => ['works.id', eb.ref(sortKey).$castTo<string | number | null>().as('key')])
    .orderBy(sortKey, 'desc')
    .orderBy('works.id', 'desc');
  const after = q.after === undefined ? null : readCursor(q.after, liked);
  // Keyset: the rows after the cursor's work in the sort's order, a range of the same index.
  const page = after
    ? rows
        .where((eb) => eb(eb.refTuple(sortKey, 'works.id'), '<', eb.tuple(after[0], after[1])))
        .limit(q.size)
    : rows.limit(q.size).offset((q.page - 1) * q.size);
  const [found, total] = await Promise.all([
    page.execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const last = found.length === q.size ? found[found.length - 1] : undefined;
  const next = last ? writeCursor(liked ? Number(last.key) : String(last.key), last.id) : null;
  return { ids: found.map((r) => r.id), count: Number(total.n), next };
}

/** A keyset cursor: the last work's sort value and id, as an opaque base64url word. */
function writeCursor(value: string | number, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function readCursor(after: string, liked: boolean): [string | number, number] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    (liked ? Number.isSafeInteger(parsed[0]) : typeof parsed[0] === 'string') &&
    Number.isSafeInteger(parsed[1])
  )
    return [parsed[0] as string | number, parsed[1] as number];
  throw badRequest(texts.badCursor, {}, 'after');
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
