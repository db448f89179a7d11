import type { FastifyInstance } from 'fastify';
import { market as M } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { togglePromptCollect, togglePromptLike } from './marks.js';
import { texts } from './messages.js';
import { publish } from './publish.js';
import { forUser, toPrompts } from './rows.js';
import {
  categories,
  deleteOwn,
  listCollected,
  listMine,
  listVisible,
  report,
  updateOwn,
  usePrompt,
  visiblePrompt,
} from './service.js';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

async function one(ctx: AppContext, id: number, viewer: number | null) {
  const [p] = await toPrompts(ctx, [await visiblePrompt(ctx, id, viewer)], viewer);
  return forUser(p!);
}

/** The market as users see it: lists, details, publishing, likes, collections, use, reports. */
export function marketRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  route(
    app,
    M.listCategories,
    async ({ lang }) => {
      const rows = await categories(ctx, lang);
      return { rows, count: rows.length };
    },
    { publicCache: true },
  );

  route(
    app,
    M.listPrompts,
    async ({ query, identity }) => {
      const { rows, count } = await listVisible(ctx, query, identity?.userId ?? null);
      return { rows: rows.map(forUser), count };
    },
    { publicCache: true },
  );

  route(app, M.promptDetail, async ({ query, identity }) =>
    one(ctx, query.id, identity?.userId ?? null),
  );

  route(app, M.myPrompts, async ({ query, identity }) => {
    const { rows, count } = await listMine(ctx, identity.userId, query);
    return { rows: rows.map(forUser), count };
  });

  route(app, M.collectedPrompts, async ({ query, identity }) => {
    const { rows, count } = await listCollected(ctx, identity.userId, query);
    return { rows: rows.map(forUser), count };
  });

  route(
    app,
    M.publishPrompt,
    async ({ body, identity, setMessage }) => {
      const id = await publish(ctx, identity.userId, body);
      setMessage(texts.published);
      return one(ctx, id, identity.userId);
    },
    perMinute(20),
  );

  route(app, M.updatePrompt, async ({ body, identity, setMessage }) => {
    await updateOwn(ctx, identity.userId, body);
    setMessage(texts.saved);
    return one(ctx, body.id, identity.userId);
  });

  route(app, M.deletePrompt, async ({ body, identity, setMessage }) => {
    await deleteOwn(ctx, identity.userId, body.id);
    setMessage(texts.deleted);
    return null;
  });

  route(
    app,
    M.likePrompt,
    async ({ body, identity }) => {
      await visiblePrompt(ctx, body.id, identity.userId);
      return togglePromptLike(ctx.db.kysely, identity.userId, body.id);
    },
    perMinute(120),
  );

  route(
    app,
    M.collectPrompt,
    async ({ body, identity }) => {
      await visiblePrompt(ctx, body.id, identity.userId);
      return togglePromptCollect(ctx.db.kysely, identity.userId, body.id);
    },
    perMinute(120),
  );

  route(
    app,
    M.usePrompt,
    async ({ body, identity }) =>
      usePrompt(ctx, body.id, identity.userId, { counts: !identity.isGuest }),
    perMinute(60),
  );

  route(
    app,
    M.reportPrompt,
    async ({ body, identity, setMessage }) => {
      await report(ctx, identity.userId, body.id, body.reason);
      setMessage(texts.reported);
      return null;
    },
    perMinute(10),
  );
}
