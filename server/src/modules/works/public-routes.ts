import type { FastifyInstance } from 'fastify';
import { works as W } from '@atelier/contracts';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { albumsOf } from './albums.js';
import { texts } from './messages.js';
import { authorsOf, chainOf, listedWorks, toWorks, visibleTask } from './service.js';
import { designerTotals, fileReport, popularTags, squarePage } from './square.js';
import { targetOf } from './targets.js';

export function publicRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  route(app, W.workDetails, async ({ query, identity, lang }) => {
    const viewer = identity?.userId ?? null;
    const task = await visibleTask(ctx, viewer, query.id);
    const [work] = await toWorks(ctx, [task], viewer, lang);
    return { ...work!, chain: await chainOf(ctx, task, viewer) };
  });

  route(
    app,
    W.square,
    async ({ query, identity, lang }) => {
      const { ids, count, next } = await squarePage(ctx, query);
      return { rows: await listedWorks(ctx, ids, identity?.userId ?? null, lang), count, next };
    },
    { publicCache: true },
  );

  route(
    app,
    W.popularTags,
    async () => {
      const rows = await popularTags(ctx.db.kysely);
      return { rows, count: rows.length };
    },
    { publicCache: true },
  );

  route(
    app,
    W.designer,
    async ({ query, identity }) => {
      const [author] = [...(await authorsOf(ctx, [query.userId])).values()];
      if (!author) throw notFound(texts.workNotFound);
      const totals = await designerTotals(ctx.db.kysely, query.userId);
      const albums = await albumsOf(ctx, query.userId, identity?.userId ?? null);
      return { author, totals, albums };
    },
    { publicCache: true },
  );

  route(
    app,
    W.report,
    async ({ body, identity }) => {
      const target = targetOf(ctx, body.targetType);
      const seen = target
        ? await target.visible(ctx.db.kysely, [body.targetId], identity.userId)
        : new Set<number>();
      if (!seen.has(body.targetId)) throw notFound(texts.targetNotFound);
      await fileReport(ctx.db.kysely, identity.userId, body);
      return { reported: true };
    },
    { rateLimit: { max: 20, timeWindow: 60_000 } },
  );
}
