import type { FastifyInstance } from 'fastify';
import { drawing as D } from '@atelier/contracts';
import { badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import {
  categories,
  featuredExamples,
  galleryPng,
  imagePath,
  itemById,
  items,
  pick,
  saveUserParams,
  toItem,
  userParams,
} from './gallery.js';
import { texts } from './messages.js';

/** The galleries' routes (examples, cases, prompt pieces, their pictures) and saved params. */
export function galleryRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, D.featuredExamples, async ({ query, lang }) => {
    const rows = await featuredExamples(db(), query.size);
    return { rows: rows.map((r) => toItem(r, lang)), count: rows.length };
  });
  route(app, D.exampleCategories, async ({ lang }) => categories(db(), 'example', lang));
  route(app, D.listExamples, async ({ query, lang }) => {
    const r = await items(db(), 'example', query);
    return { rows: r.rows.map((x) => toItem(x, lang)), count: r.count };
  });
  route(app, D.caseCategories, async ({ lang }) => categories(db(), 'case', lang));
  route(app, D.listCases, async ({ query, lang }) => {
    const r = await items(db(), 'case', query);
    return { rows: r.rows.map((x) => toItem(x, lang)), count: r.count };
  });
  route(app, D.promptPieceCategories, async ({ lang }) => categories(db(), 'param', lang));
  route(app, D.listPromptPieces, async ({ query, lang }) => {
    const r = await items(db(), 'param', query);
    return {
      rows: r.rows.map((x) => ({
        id: x.id,
        categoryId: x.category_id,
        name: pick(x.title, lang),
        value: x.value,
        imageUrl: imagePath(x.id, 'full'),
        thumbUrl: imagePath(x.id, 'thumb'),
      })),
      count: r.count,
    };
  });

  // The pictures themselves: public, immutable once drawn.
  app.get<{ Params: { file: string } }>(
    '/midjourney/gallery/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = req.params.file.match(/^(\d+)-(full|thumb)\.png$/);
      if (!m) throw notFound();
      const row = await itemById(db(), Number(m[1]));
      if (!row) throw notFound();
      const png = await galleryPng(app.ctx, row, m[2] as 'full' | 'thumb');
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(png);
    },
  );

  userParamRoutes(app);
}

/** The Midjourney panel's parameters a user saved, read back as they were. */
function userParamRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, D.saveDefaultParams, async ({ query, identity }) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(query.params);
    } catch {
      throw badRequest(texts.paramsInvalid, { reason: 'not JSON' }, 'params');
    }
    const r = D.mjParams.safeParse(parsed);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw badRequest(
        texts.paramsInvalid,
        { reason: `${issue.path.join('.')}: ${issue.message}` },
        'params',
      );
    }
    await saveUserParams(db(), identity.userId, JSON.stringify(r.data));
    return r.data;
  });

  route(app, D.defaultParams, async ({ identity }) => {
    const saved = await userParams(db(), identity.userId);
    if (saved === null) return {};
    const r = D.mjParams.safeParse(JSON.parse(saved));
    return r.success ? r.data : {};
  });
}
