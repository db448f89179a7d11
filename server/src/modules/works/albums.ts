import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { TaskStatus, works as W } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { getTasks, readTasks } from '../tasks/index.js';
import { toWorkFile } from './media.js';
import { texts } from './messages.js';
import { NOT_WORKS } from './mine-routes.js';
import { authorsOf, listedWorks, type Viewer } from './service.js';
import type { AlbumsTable } from './tables.js';

type AlbumRow = Selectable<AlbumsTable>;

/** The works of albums in order, only those the viewer may see (owner: all; others: listed). */
async function albumWorkIds(ctx: AppContext, albums: AlbumRow[], viewer: Viewer) {
  const out = new Map<number, number[]>(albums.map((a) => [a.id, []]));
  if (albums.length === 0) return out;
  const rows = await ctx.db.kysely
    .selectFrom('album_works')
    .innerJoin('works', 'works.id', 'album_works.work_id')
    .innerJoin('albums', 'albums.id', 'album_works.album_id')
    .select(['album_works.album_id', 'album_works.work_id', 'works.listed', 'albums.user_id'])
    .where(
      'album_works.album_id',
      'in',
      albums.map((a) => a.id),
    )
    .orderBy('album_works.album_id')
    .orderBy('album_works.position')
    .execute();
  for (const r of rows)
    if (r.listed === 1 || r.user_id === viewer) out.get(r.album_id)!.push(r.work_id);
  return out;
}

async function toAlbums(ctx: AppContext, rows: AlbumRow[], viewer: Viewer): Promise<W.Album[]> {
  const [ids, authors] = await Promise.all([
    albumWorkIds(ctx, rows, viewer),
    authorsOf(
      ctx,
      rows.map((r) => r.user_id),
    ),
  ]);
  const coverIds = rows.map((r) => {
    const seen = ids.get(r.id)!;
    return r.cover_work_id !== null && seen.includes(r.cover_work_id) ? r.cover_work_id : seen[0];
  });
  const tasks = new Map(
    (
      await readTasks(
        ctx,
        coverIds.filter((x): x is number => x !== undefined),
      )
    ).map((t) => [t.id, t]),
  );
  return rows.map((r, i) => {
    const cover = coverIds[i] === undefined ? undefined : tasks.get(coverIds[i]!)?.files[0];
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      isPublic: r.is_public === 1,
      cover: cover ? toWorkFile(cover) : null,
      coverWorkId: r.cover_work_id,
      count: ids.get(r.id)!.length,
      author: authors.get(r.user_id) ?? { id: r.user_id, name: `#${r.user_id}`, avatar: '' },
      mine: r.user_id === viewer,
      createdAt: r.created_at,
    };
  });
}

/** A designer's albums as the viewer may see them (others: public ones only). */
export async function albumsOf(ctx: AppContext, ownerId: number, viewer: Viewer) {
  let q = ctx.db.kysely.selectFrom('albums').selectAll().where('user_id', '=', ownerId);
  if (viewer !== ownerId) q = q.where('is_public', '=', 1);
  return toAlbums(ctx, await q.orderBy('id', 'desc').execute(), viewer);
}

async function ownAlbum(ctx: AppContext, userId: number, id: number): Promise<AlbumRow> {
  const row = await ctx.db.kysely
    .selectFrom('albums')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(texts.albumNotFound);
  return row;
}

/** The owner's finished tasks among `ids` get a (private) works row if they have none yet. */
async function ensureWorks(ctx: AppContext, userId: number, ids: number[]): Promise<void> {
  const tasks = await getTasks(ctx, userId, ids);
  const ok = tasks.filter(
    (t) => t.status === TaskStatus.succeeded && t.files.length > 0 && !NOT_WORKS.includes(t.kind),
  );
  if (ok.length !== ids.length) throw notFound(texts.workNotFound);
  const now = nowIso();
  await ctx.db.kysely
    .insertInto('works')
    .values(
      ok.map((t) => ({
        id: t.id,
        user_id: userId,
        kind: t.kind,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

async function albumData(ctx: AppContext, album: AlbumRow, viewer: Viewer, lang: Lang) {
  const [a] = await toAlbums(ctx, [album], viewer);
  const ids = (await albumWorkIds(ctx, [album], viewer)).get(album.id)!;
  return { album: a!, works: await listedWorks(ctx, ids, viewer, lang) };
}

export function albumRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  route(app, W.myAlbums, async ({ identity }) => {
    const rows = await albumsOf(ctx, identity.userId, identity.userId);
    return { rows, count: rows.length };
  });

  route(app, W.albumDetail, async ({ query, identity, lang }) => {
    const viewer = identity?.userId ?? null;
    const row = await ctx.db.kysely
      .selectFrom('albums')
      .selectAll()
      .where('id', '=', query.id)
      .executeTakeFirst();
    if (!row || (row.is_public !== 1 && row.user_id !== viewer))
      throw notFound(texts.albumNotFound);
    return albumData(ctx, row, viewer, lang);
  });

  route(app, W.saveAlbum, async ({ body, identity }) => {
    const now = nowIso();
    const fields = {
      title: body.title,
      description: body.description,
      // Private unless the owner chose public (a change without the choice keeps it).
      ...(body.isPublic !== undefined ? { is_public: body.isPublic ? 1 : 0 } : {}),
      cover_work_id: body.coverWorkId,
      updated_at: now,
    };
    let row: AlbumRow;
    if (body.id) {
      await ownAlbum(ctx, identity.userId, body.id);
      if (body.coverWorkId !== null) {
        const inIt = await ctx.db.kysely
          .selectFrom('album_works')
          .select('work_id')
          .where('album_id', '=', body.id)
          .where('work_id', '=', body.coverWorkId)
          .executeTakeFirst();
        if (!inIt) throw badRequest(texts.coverNotInAlbum, {}, 'coverWorkId');
      }
      row = await ctx.db.kysely
        .updateTable('albums')
        .set(fields)
        .where('id', '=', body.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      if (body.coverWorkId !== null) throw badRequest(texts.coverNotInAlbum, {}, 'coverWorkId');
      row = await ctx.db.kysely
        .insertInto('albums')
        .values({
          ...fields,
          is_public: body.isPublic ? 1 : 0,
          user_id: identity.userId,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return (await toAlbums(ctx, [row], identity.userId))[0]!;
  });

  route(app, W.deleteAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.id);
    await ctx.db.kysely.deleteFrom('albums').where('id', '=', body.id).execute();
    return { deleted: 1 };
  });

  route(app, W.addToAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.albumId);
    const ids = [...new Set(body.workIds)];
    await ensureWorks(ctx, identity.userId, ids);
    return ctx.db.kysely.transaction().execute(async (trx) => {
      const have = await trx
        .selectFrom('album_works')
        .select(['work_id', 'position'])
        .where('album_id', '=', body.albumId)
        .execute();
      let next = Math.max(0, ...have.map((h) => h.position + 1));
      const fresh = ids.filter((id) => !have.some((h) => h.work_id === id));
      const now = nowIso();
      if (fresh.length)
        await trx
          .insertInto('album_works')
          .values(
            fresh.map((id) => ({
              album_id: body.albumId,
              work_id: id,
              position: next++,
              created_at: now,
            })),
          )
          .onConflict((oc) => oc.columns(['album_id', 'work_id']).doNothing())
          .execute();
      return { count: have.length + fresh.length };
    });
  });

  route(app, W.removeFromAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.albumId);
    await ctx.db.kysely
      .deleteFrom('album_works')
      .where('album_id', '=', body.albumId)
      .where('work_id', 'in', body.workIds)
      .execute();
    const { n } = await ctx.db.kysely
      .selectFrom('album_works')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('album_id', '=', body.albumId)
      .executeTakeFirstOrThrow();
    return { count: Number(n) };
  });
}

/** Reordering: the whole new order at once. */
export function albumOrderRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(app, W.reorderAlbum, async ({ body, identity }) => {
    await ownAlbum(ctx, identity.userId, body.albumId);
    return ctx.db.kysely.transaction().execute(async (trx) => {
      const have = await trx
        .selectFrom('album_works')
        .select('work_id')
        .where('album_id', '=', body.albumId)
        .execute();
      const want = new Set(body.workIds);
      if (
        want.size !== body.workIds.length ||
        want.size !== have.length ||
        have.some((h) => !want.has(h.work_id))
      )
        throw badRequest(texts.orderMismatch, {}, 'workIds');
      for (const [position, id] of body.workIds.entries())
        await trx
          .updateTable('album_works')
          .set({ position })
          .where('album_id', '=', body.albumId)
          .where('work_id', '=', id)
          .execute();
      return { count: have.length };
    });
  });
}
