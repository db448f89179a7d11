import type { FastifyInstance } from 'fastify';
import { works as W, type collect as C } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readTasks } from '../tasks/index.js';
import { texts } from './messages.js';
import { toWorks } from './service.js';
import { targetOf } from './targets.js';

/** Operators: reported targets, and hide/restore with the reason kept in moderation_log. */
export function moderationRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = () => ctx.db.kysely;

  route(app, W.listReports, async ({ query, identity, lang }) => {
    let base = db().selectFrom('reports');
    if (query.state === 'open') base = base.where('state', '=', 'open');
    const groups = base.select(['target_type', 'target_id']).groupBy(['target_type', 'target_id']);
    const [rows, total] = await Promise.all([
      groups
        .select((eb) => [
          eb.fn.max('created_at').as('last'),
          eb.fn
            .sum<string | number>(eb.case().when('state', '=', 'open').then(1).else(0).end())
            .as('open'),
        ])
        .orderBy('last', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      db()
        .selectFrom(groups.as('g'))
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const workIds = rows.filter((r) => r.target_type === 'work').map((r) => r.target_id);
    const works = new Map(
      (await toWorks(ctx, await readTasks(ctx, workIds), identity.userId, lang)).map((w) => [
        w.id,
        w,
      ]),
    );
    const out: W.ReportGroup[] = [];
    for (const r of rows) {
      const type = r.target_type as C.TargetType;
      const [reasons, last] = await Promise.all([
        db()
          .selectFrom('reports')
          .select('reason')
          .where('target_type', '=', type)
          .where('target_id', '=', r.target_id)
          .orderBy('id', 'desc')
          .limit(10)
          .execute(),
        db()
          .selectFrom('moderation_log')
          .select(['action', 'reason', 'created_at'])
          .where('target_type', '=', type)
          .where('target_id', '=', r.target_id)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      const target = targetOf(ctx, type);
      out.push({
        targetType: type,
        targetId: r.target_id,
        open: Number(r.open ?? 0),
        reasons: reasons.map((x) => x.reason),
        lastReportedAt: String(r.last),
        hidden: target?.isHidden ? await target.isHidden(db(), r.target_id) : false,
        lastAction: last ? { action: last.action, reason: last.reason, at: last.created_at } : null,
        work: type === 'work' ? (works.get(r.target_id) ?? null) : null,
      });
    }
    return { rows: out, count: Number(total.n) };
  });

  route(app, W.moderate, async ({ body, identity }) => {
    const target = targetOf(ctx, body.targetType);
    if (!target?.setHidden) throw notFound(texts.targetNotFound);
    const hide = body.action === 'hide';
    return db()
      .transaction()
      .execute(async (trx) => {
        if (!(await target.setHidden!(trx, body.targetId, hide, body.reason)))
          throw notFound(texts.targetNotFound);
        const now = nowIso();
        await trx
          .insertInto('moderation_log')
          .values({
            target_type: body.targetType,
            target_id: body.targetId,
            action: body.action,
            reason: body.reason,
            admin_id: identity.userId,
            created_at: now,
          })
          .execute();
        const closed = await trx
          .updateTable('reports')
          .set({ state: 'closed', closed_at: now })
          .where('target_type', '=', body.targetType)
          .where('target_id', '=', body.targetId)
          .where('state', '=', 'open')
          .executeTakeFirst();
        return { hidden: hide, closedReports: Number(closed.numUpdatedRows) };
      });
  });
}
