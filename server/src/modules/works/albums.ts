import type { Selectable } from 'kysely';
import { TaskStatus, type works as W } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { getTasks, readTasks } from '../tasks/index.js';
import { toWorkFile } from './media.js';
import { texts } from './messages.js';
import { NOT_WORKS } from './mine-routes.js';
import { authorsOf, listedWorks, type Viewer } from './service.js';
import type { AlbumsTable } from './tables.js';

/* Albums: the queries of album-routes.ts, and the albums other calls show. */

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

export async function toAlbums(
  ctx: AppContext,
  rows: AlbumRow[],
  viewer: Viewer,
): Promise<W.Album[]> {
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

export async function ownAlbum(ctx: AppContext, userId: number, id: number): Promise<AlbumRow> {
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
export async function ensureWorks(ctx: AppContext, userId: number, ids: number[]): Promise<void> {
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

export async function albumData(ctx: AppContext, album: AlbumRow, viewer: Viewer, lang: Lang) {
  const [a] = await toAlbums(ctx, [album], viewer);
  const ids = (await albumWorkIds(ctx, [album], viewer)).get(album.id)!;
  return { album: a!, works: await listedWorks(ctx, ids, viewer, lang) };
}

/** An album the viewer may see (public, or their own); 404 otherwise. */
export async function visibleAlbum(ctx: AppContext, id: number, viewer: Viewer) {
  const row = await ctx.db.kysely
    .selectFrom('albums')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (row.is_public !== 1 && row.user_id !== viewer)) throw notFound(texts.albumNotFound);
  return row;
}

/** Creates an album of the user, or changes one of theirs (its cover one of its works). */
export async function saveAlbum(
  ctx: AppContext,
  userId: number,
  body: {
    id?: number | undefined;
    title: string;
    description: string;
    isPublic?: boolean | undefined;
    coverWorkId: number | null;
  },
): Promise<AlbumRow> {
  const now = nowIso();
  const fields = {
    title: body.title,
    description: body.description,
    // Private unless the owner chose public (a change without the choice keeps it).
    ...(body.isPublic !== undefined ? { is_public: body.isPublic ? 1 : 0 } : {}),
    cover_work_id: body.coverWorkId,
    updated_at: now,
  };
  if (body.id) {
    await ownAlbum(ctx, userId, body.id);
    if (body.coverWorkId !== null) {
      const inIt = await ctx.db.kysely
        .selectFrom('album_works')
        .select('work_id')
        .where('album_id', '=', body.id)
        .where('work_id', '=', body.coverWorkId)
        .executeTakeFirst();
      if (!inIt) throw badRequest(texts.coverNotInAlbum, {}, 'coverWorkId');
    }
    return ctx.db.kysely
      .updateTable('albums')
      .set(fields)
      .where('id', '=', body.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  if (body.coverWorkId !== null) throw badRequest(texts.coverNotInAlbum, {}, 'coverWorkId');
  return ctx.db.kysely
    .insertInto('albums')
    .values({ ...fields, is_public: body.isPublic ? 1 : 0, user_id: userId, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAlbum(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.kysely.deleteFrom('albums').where('id', '=', id).execute();
}

/** Appends works to an album (those not in it yet, in the order given); its new size. */
export function addToAlbum(ctx: AppContext, albumId: number, ids: number[]) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const have = await trx
      .selectFrom('album_works')
      .select(['work_id', 'position'])
      .where('album_id', '=', albumId)
      .execute();
    let next = Math.max(0, ...have.map((h) => h.position + 1));
    const fresh = ids.filter((id) => !have.some((h) => h.work_id === id));
    const now = nowIso();
    if (fresh.length)
      await trx
        .insertInto('album_works')
        .values(
          fresh.map((id) => ({
            album_id: albumId,
            work_id: id,
            position: next++,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['album_id', 'work_id']).doNothing())
        .execute();
    return { count: have.length + fresh.length };
  });
}

/** Takes works out of an album; its new size. */
export async function removeFromAlbum(ctx: AppContext, albumId: number, workIds: number[]) {
  await ctx.db.kysely
    .deleteFrom('album_works')
    .where('album_id', '=', albumId)
    .where('work_id', 'in', workIds)
    .execute();
  const { n } = await ctx.db.kysely
    .selectFrom('album_works')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('album_id', '=', albumId)
    .executeTakeFirstOrThrow();
  return { count: Number(n) };
}

/** Puts an album's works in the order given, which must name each of them once. */
export function reorderAlbum(ctx: AppContext, albumId: number, workIds: number[]) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const have = await trx
      .selectFrom('album_works')
      .select('work_id')
      .where('album_id', '=', albumId)
      .execute();
    const want = new Set(workIds);
    if (
      want.size !== workIds.length ||
      want.size !== have.length ||
      have.some((h) => !want.has(h.work_id))
    )
      throw badRequest(texts.orderMismatch, {}, 'workIds');
    for (const [position, id] of workIds.entries())
      await trx
        .updateTable('album_works')
        .set({ position })
        .where('album_id', '=', albumId)
        .where('work_id', '=', id)
        .execute();
    return { count: have.length };
  });
}
