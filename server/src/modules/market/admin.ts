import type { FastifyInstance } from 'fastify';
import { market as M } from '@atelier/contracts';
import { route } from '../../http/route.js';
import {
  adminOne,
  adminPromptsPage,
  promptReports,
  setFeatured,
  setHidden,
} from './admin-service.js';

/** Operators: every prompt (hidden and reported too), its reports, feature and hide/restore. */
export function marketAdminRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = () => ctx.db.kysely;

  route(app, M.adminListPrompts, async ({ query, identity }) =>
    adminPromptsPage(ctx, query, identity.userId),
  );

  route(app, M.adminReports, async ({ query }) => {
    await adminOne(ctx, query.id, 0);
    const rows = await promptReports(db(), query.id);
    return { rows, count: rows.length };
  });

  route(app, M.adminFeature, async ({ body, identity }) => {
    await adminOne(ctx, body.id, identity.userId);
    await setFeatured(db(), body.id, body.featured);
    return adminOne(ctx, body.id, identity.userId);
  });

  route(app, M.adminHide, async ({ body, identity }) => {
    await adminOne(ctx, body.id, identity.userId);
    await setHidden(db(), body.id, body.hidden, body.reason);
    ctx.log.info(
      { promptId: body.id, hidden: body.hidden, by: identity.userId },
      'market moderation',
    );
    return adminOne(ctx, body.id, identity.userId);
  });
}
