import type { FastifyInstance } from 'fastify';
import { works as W } from '@atelier/contracts';
import { route } from '../../http/route.js';
import {
  addToAlbum,
  albumData,
  albumsOf,
  deleteAlbum,
  ensureWorks,
  ownAlbum,
  removeFromAlbum,
  reorderAlbum,
  saveAlbum,
  toAlbums,
  visibleAlbum,
} from './albums.js';

/** A user's albums of works (the queries: albums.ts). */
export function albumRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  route(app, W.myAlbums, async ({ identity }) => {
    const rows = await albumsOf(ctx, identity.userId, identity.userId);
    return { rows, count: rows.length };
  });

  route(app, W.albumDetail, async ({ query, identity, lang }) => {
    const viewer = identity?.userId ?? null;
    return albumData(ctx, await visibleAlbum(ctx, query.id, viewer), viewer, lang);
  });

  route(app, W.saveAlbum, async ({ body, identity }) => {
    const row = await saveAlbum(ctx, identity.userId, body);
    return (await toAlbums(ctx, [row], identity.userId))[0]!;
  });

  route(app, W.deleteAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.id);
    await deleteAlbum(ctx, body.id);
    return { deleted: 1 };
  });

  route(app, W.addToAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.albumId);
    const ids = [...new Set(body.workIds)];
    await ensureWorks(ctx, identity.userId, ids);
    return addToAlbum(ctx, body.albumId, ids);
  });

  route(app, W.removeFromAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.albumId);
    return removeFromAlbum(ctx, body.albumId, body.workIds);
  });
}

/** Reordering: the whole new order at once. */
export function albumOrderRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(app, W.reorderAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.albumId);
    return reorderAlbum(ctx, body.albumId, body.workIds);
  });
}
