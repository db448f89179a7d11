import type { FastifyInstance } from 'fastify';
import { market as M } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { texts } from './messages.js';
import { likePattern, promptColumns, promptQuery, toPrompts } from './rows.js';

async function adminOne(ctx: AppContext, id: number, viewer: number) {
  const row = await promptQuery(ctx.db.kysely)
    .select([...promptColumns])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(texts.promptNotFound);
  const [p] = await toPrompts(ctx, [row], viewer);
  return p!;
}

/** Operators: every prompt (hidden and reported too), its reports, feature and hide/restore. */
export function marketAdminRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = () => ctx.db.kysely;

  route(app, M.adminListPrompts, async ({ query, identity }) => {
    let base = promptQuery(db());
    if (query.filter === 'reported') base = base.where('p.report_count', '>', 0);
    if (query.filter === 'hidden') base = base.where('p.hidden', '=', 1);
    if (query.filter === 'featured') base = base.where('p.featured', '=', 1);
    const pattern = likePattern(query.keyword);
    if (pattern)
      base = base.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['p.title']), 'like', pattern),
          eb(eb.fn('lower', ['p.prompt']), 'like', pattern),
        ]),
      );
    let rowsQ = base.select([...promptColumns]);
    if (query.filter === 'reported') rowsQ = rowsQ.orderBy('p.report_count', 'desc');
    const [rows, total] = await Promise.all([
      rowsQ
        .orderBy('p.id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: await toPrompts(ctx, rows, identity.userId), count: Number(total.n) };
  });

  route(app, M.adminReports, async ({ query }) => {
    await adminOne(ctx, query.id, 0);
    const rows = await db()
      .selectFrom('market_prompt_reports as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.user_id', 'r.reason', 'r.created_at', 'u.nickname', 'u.username'])
      .where('r.prompt_id', '=', query.id)
      .orderBy('r.id', 'desc')
      .execute();
    return {
      rows: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        userName: r.nickname || r.username || `#${r.user_id}`,
        reason: r.reason,
        createdAt: r.created_at,
      })),
      count: rows.length,
    };
  });

  route(app, M.adminFeature, async ({ body, identity }) => {
    await adminOne(ctx, body.id, identity.userId);
    await db()
      .updateTable('market_prompts')
      .set({ featured: body.featured ? 1 : 0, updated_at: nowIso() })
      .where('id', '=', body.id)
      .execute();
    return adminOne(ctx, body.id, identity.userId);
  });

  route(app, M.adminHide, async ({ body, identity }) => {
    await adminOne(ctx, body.id, identity.userId);
    await db()
      .updateTable('market_prompts')
      .set(
        body.hidden
          ? { hidden: 1, hidden_reason: body.reason, hidden_at: nowIso() }
          : // The reason of the last hiding stays, so the history is not lost.
            { hidden: 0, hidden_at: null },
      )
      .where('id', '=', body.id)
      .execute();
    ctx.log.info(
      { promptId: body.id, hidden: body.hidden, by: identity.userId },
      'market moderation',
    );
    return adminOne(ctx, body.id, identity.userId);
  });
}
