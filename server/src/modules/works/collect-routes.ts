import type { FastifyInstance } from 'fastify';
import { collect as C } from '@atelier/contracts';
import { route } from '../../http/route.js';
import {
  collectionsPage,
  deleteCollections,
  saveNote,
  setReaction,
  stateOf,
  statesOf,
  unavailableOf,
} from './reactions.js';

/** Likes and collections: the caller's own, of any registered target (queries: reactions.ts). */
export function collectRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const limit = { rateLimit: { max: 240, timeWindow: 60_000 } };

  route(app, C.allCollections, async ({ query, identity }) => {
    return collectionsPage(ctx, identity.userId, query);
  });

  route(app, C.haveList, async ({ query, identity }) => {
    const rows = await statesOf(ctx, query.targetType, [...new Set(query.ids)], identity.userId);
    return { rows, count: rows.length };
  });

  route(app, C.noList, async ({ query, identity }) => {
    const all = await unavailableOf(ctx, identity.userId, query.targetType);
    const from = (query.page - 1) * query.size;
    return { rows: all.slice(from, from + query.size), count: all.length };
  });

  route(
    app,
    C.doLike,
    async ({ body, identity }) => {
      await setReaction(ctx, {
        kind: 'like',
        type: body.targetType,
        id: body.targetId,
        userId: identity.userId,
        ...(body.like === undefined ? {} : { on: body.like }),
      });
      return stateOf(ctx, body.targetType, body.targetId, identity.userId);
    },
    limit,
  );

  route(
    app,
    C.addCollect,
    async ({ body, identity }) => {
      const input = { type: body.targetType, id: body.targetId, userId: identity.userId };
      await setReaction(ctx, { kind: 'collect', ...input, on: true, note: body.note });
      return stateOf(ctx, body.targetType, body.targetId, identity.userId);
    },
    limit,
  );

  route(
    app,
    C.deleteCollect,
    async ({ body, identity }) => {
      const input = { type: body.targetType, id: body.targetId, userId: identity.userId };
      await setReaction(ctx, { kind: 'collect', ...input, on: false });
      return stateOf(ctx, body.targetType, body.targetId, identity.userId);
    },
    limit,
  );

  route(app, C.saveCollect, async ({ body, identity }) => {
    return saveNote(ctx, identity.userId, body.id, body.note);
  });

  route(app, C.deleteCollectDraw, async ({ body, identity }) => {
    const ids = new Set(body.ids);
    if (body.unavailable) for (const c of await unavailableOf(ctx, identity.userId)) ids.add(c.id);
    if (ids.size === 0) return { deleted: 0 };
    return deleteCollections(ctx, identity.userId, [...ids]);
  });
}
