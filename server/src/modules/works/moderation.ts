import type { FastifyInstance } from 'fastify';
import { works as W, type collect as C } from '@atelier/contracts';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readTasks } from '../tasks/index.js';
import { texts } from './messages.js';
import { moderate, reportDetail, reportGroupsPage } from './reports.js';
import { toWorks } from './service.js';
import { targetOf } from './targets.js';

/** Operators: reported targets, and hide/restore with the reason kept in moderation_log. */
export function moderationRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = () => ctx.db.kysely;

  route(app, W.listReports, async ({ query, identity, lang }) => {
    const { rows, count } = await reportGroupsPage(db(), query);
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
      const { reasons, last } = await reportDetail(db(), type, r.target_id);
      const target = targetOf(ctx, type);
      out.push({
        targetType: type,
        targetId: r.target_id,
        open: Number(r.open ?? 0),
        reasons,
        lastReportedAt: String(r.last),
        hidden: target?.isHidden ? await target.isHidden(db(), r.target_id) : false,
        lastAction: last ? { action: last.action, reason: last.reason, at: last.created_at } : null,
        work: type === 'work' ? (works.get(r.target_id) ?? null) : null,
      });
    }
    return { rows: out, count };
  });

  route(app, W.moderate, async ({ body, identity }) => {
    const target = targetOf(ctx, body.targetType);
    if (!target?.setHidden) throw notFound(texts.targetNotFound);
    const done = await moderate(db(), target, body, identity.userId);
    if (!done) throw notFound(texts.targetNotFound);
    return done;
  });
}
