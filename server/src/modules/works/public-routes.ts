import type { FastifyInstance } from 'fastify';
import { works as W } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { albumsOf } from './albums.js';
import { texts } from './messages.js';
import { authorsOf, chainOf, listedWorks, toWorks, visibleTask } from './service.js';
import { targetOf } from './targets.js';

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

export function publicRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  route(app, W.workDetails, async ({ query, identity, lang }) => {
    const viewer = identity?.userId ?? null;
    const task = await visibleTask(ctx, viewer, query.id);
    const [work] = await toWorks(ctx, [task], viewer, lang);
    return { ...work!, chain: await chainOf(ctx, task, viewer) };
  });

  route(app, W.square, async ({ query, identity, lang }) => {
    const { ids, count } = await squarePage(ctx, query);
    return { rows: await listedWorks(ctx, ids, identity?.userId ?? null, lang), count };
  });

  route(app, W.popularTags, async () => {
    const rows = await ctx.db.kysely
      .selectFrom('work_tags')
      .innerJoin('works', 'works.id', 'work_tags.work_id')
      .select(['work_tags.tag', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('works.listed', '=', 1)
      .groupBy('work_tags.tag')
      .orderBy('n', 'desc')
      .orderBy('work_tags.tag')
      .limit(30)
      .execute();
    return { rows: rows.map((r) => ({ tag: r.tag, count: Number(r.n) })), count: rows.length };
  });

  route(app, W.designer, async ({ query, identity }) => {
    const [author] = [...(await authorsOf(ctx, [query.userId])).values()];
    if (!author) throw notFound(texts.workNotFound);
    const totals = await ctx.db.kysely
      .selectFrom('works')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('works'),
        eb.fn.coalesce(eb.fn.sum<string | number>('like_count'), eb.lit(0)).as('likes'),
        eb.fn.coalesce(eb.fn.sum<string | number>('collect_count'), eb.lit(0)).as('collects'),
      ])
      .where('user_id', '=', query.userId)
      .where('listed', '=', 1)
      .executeTakeFirstOrThrow();
    const albums = await albumsOf(ctx, query.userId, identity?.userId ?? null);
    return {
      author,
      totals: {
        works: Number(totals.works),
        likes: Number(totals.likes),
        collects: Number(totals.collects),
      },
      albums,
    };
  });

  route(
    app,
    W.report,
    async ({ body, identity }) => {
      const target = targetOf(ctx, body.targetType);
      const seen = target
        ? await target.visible(ctx.db.kysely, [body.targetId], identity.userId)
        : new Set<number>();
      if (!seen.has(body.targetId)) throw notFound(texts.targetNotFound);
      await ctx.db.kysely
        .insertInto('reports')
        .values({
          target_type: body.targetType,
          target_id: body.targetId,
          user_id: identity.userId,
          reason: body.reason,
          created_at: nowIso(),
          closed_at: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['target_type', 'target_id', 'user_id'])
            .doUpdateSet({ reason: body.reason, state: 'open', closed_at: null }),
        )
        .execute();
      return { reported: true };
    },
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
}
