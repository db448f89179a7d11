import type { Selectable } from 'kysely';
import { collect as C } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Page } from '../../db/paging.js';
import { pageOf } from '../../db/paging.js';
import { notFound } from '../../http/errors.js';
import { texts } from './messages.js';
import type { ReactionsTable } from './tables.js';
import { targetOf, type ReactionTarget } from './targets.js';

/* Likes and collections (the queries of collect-routes.ts): reactions of any registered target. */

type Kind = 'like' | 'collect';
type ReactionRow = Selectable<ReactionsTable>;

function targetFor(ctx: AppContext, type: C.TargetType): ReactionTarget {
  const target = targetOf(ctx, type);
  if (!target) throw notFound(texts.targetNotFound);
  return target;
}

async function mustSee(ctx: AppContext, type: C.TargetType, id: number, userId: number) {
  const target = targetFor(ctx, type);
  if (!(await target.visible(ctx.db.kysely, [id], userId)).has(id))
    throw notFound(texts.targetNotFound);
  return target;
}

/** The caller's likes and collections of these targets, with their counts. */
export async function statesOf(
  ctx: AppContext,
  type: C.TargetType,
  ids: number[],
  userId: number,
): Promise<C.ReactionState[]> {
  const target = targetFor(ctx, type);
  const seen = [...(await target.visible(ctx.db.kysely, ids, userId))];
  if (seen.length === 0) return [];
  const [counts, mine] = await Promise.all([
    target.counts(ctx.db.kysely, seen),
    ctx.db.kysely
      .selectFrom('reactions')
      .select(['type', 'target_id'])
      .where('user_id', '=', userId)
      .where('target_type', '=', type)
      .where('target_id', 'in', seen)
      .execute(),
  ]);
  return ids
    .filter((id) => seen.includes(id))
    .map((id) => ({
      targetType: type,
      targetId: id,
      liked: mine.some((m) => m.type === 'like' && m.target_id === id),
      collected: mine.some((m) => m.type === 'collect' && m.target_id === id),
      likeCount: counts.get(id)?.likes ?? 0,
      collectCount: counts.get(id)?.collects ?? 0,
    }));
}

/**
 * Sets one reaction of the caller on or off. The row (unique per type, target and user) and
 * the count move in one transaction, and only when the row really appeared or went: two tabs
 * doing the same at once insert or delete once, so the count follows the rows.
 */
export async function setReaction(
  ctx: AppContext,
  input: {
    kind: Kind;
    type: C.TargetType;
    id: number;
    userId: number;
    on?: boolean;
    note?: string;
  },
): Promise<void> {
  const target = await mustSee(ctx, input.type, input.id, input.userId);
  const where = {
    type: input.kind,
    target_type: input.type,
    target_id: input.id,
    user_id: input.userId,
  } as const;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    let on = input.on;
    if (on === undefined) {
      const had = await trx
        .selectFrom('reactions')
        .select('id')
        .where('type', '=', where.type)
        .where('target_type', '=', where.target_type)
        .where('target_id', '=', where.target_id)
        .where('user_id', '=', where.user_id)
        .executeTakeFirst();
      on = !had;
    }
    if (on) {
      const added = await trx
        .insertInto('reactions')
        .values({ ...where, note: input.note ?? '', created_at: nowIso() })
        .onConflict((oc) => oc.columns(['type', 'target_type', 'target_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added) await target.bump(trx, input.id, input.kind, 1);
      return;
    }
    const gone = await trx
      .deleteFrom('reactions')
      .where('type', '=', where.type)
      .where('target_type', '=', where.target_type)
      .where('target_id', '=', where.target_id)
      .where('user_id', '=', where.user_id)
      .returning('id')
      .executeTakeFirst();
    if (gone) await target.bump(trx, input.id, input.kind, -1);
  });
}

export async function stateOf(ctx: AppContext, type: C.TargetType, id: number, userId: number) {
  const [s] = await statesOf(ctx, type, [id], userId);
  if (!s) throw notFound(texts.targetNotFound);
  return s;
}

/** Collections as listed: visible ones with their card, the rest marked unavailable. */
async function toCollections(
  ctx: AppContext,
  rows: ReactionRow[],
  userId: number,
): Promise<C.Collection[]> {
  const out = new Map<number, C.Collection>();
  for (const type of C.targetType.options) {
    const mine = rows.filter((r) => r.target_type === type);
    const target = targetOf(ctx, type);
    if (mine.length === 0) continue;
    const ids = mine.map((r) => r.target_id);
    const seen = target ? await target.visible(ctx.db.kysely, ids, userId) : new Set<number>();
    const cards = target ? await target.cards(ctx, [...seen]) : new Map();
    for (const r of mine) {
      const card = seen.has(r.target_id) ? cards.get(r.target_id) : undefined;
      out.set(r.id, {
        id: r.id,
        targetType: type,
        targetId: r.target_id,
        note: r.note,
        available: card !== undefined,
        title: card?.title ?? '',
        thumbUrl: card?.thumbUrl ?? null,
        kind: card?.kind ?? '',
        createdAt: r.created_at,
      });
    }
  }
  return rows.map((r) => out.get(r.id)).filter((c): c is C.Collection => c !== undefined);
}

/** My collections whose target I can no longer see. */
export async function unavailableOf(ctx: AppContext, userId: number, type?: C.TargetType) {
  let q = ctx.db.kysely
    .selectFrom('reactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'collect');
  if (type) q = q.where('target_type', '=', type);
  const rows = await q.orderBy('id', 'desc').limit(5000).execute();
  return (await toCollections(ctx, rows, userId)).filter((c) => !c.available);
}

/** A page of the user's collections (of one target type or all), newest first. */
export async function collectionsPage(
  ctx: AppContext,
  userId: number,
  query: Page & { targetType?: C.TargetType | undefined },
) {
  let base = ctx.db.kysely
    .selectFrom('reactions')
    .where('user_id', '=', userId)
    .where('type', '=', 'collect');
  if (query.targetType) base = base.where('target_type', '=', query.targetType);
  const { rows, count } = await pageOf(base, query, (q) => q.selectAll().orderBy('id', 'desc'));
  return { rows: await toCollections(ctx, rows, userId), count };
}

/** Changes the note of one of the user's collections; 404 when it is not theirs. */
export async function saveNote(ctx: AppContext, userId: number, id: number, note: string) {
  const row = await ctx.db.kysely
    .updateTable('reactions')
    .set({ note })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('type', '=', 'collect')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(texts.collectionNotFound);
  return (await toCollections(ctx, [row], userId))[0]!;
}

/** Deletes collections of the user, their targets' counts moved in the same transaction. */
export function deleteCollections(ctx: AppContext, userId: number, ids: number[]) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('reactions')
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .where('type', '=', 'collect')
      .returning(['target_type', 'target_id'])
      .execute();
    for (const g of gone) {
      const target = targetOf(ctx, g.target_type as C.TargetType);
      if (target) await target.bump(trx, g.target_id, 'collect', -1);
    }
    return { deleted: gone.length };
  });
}
