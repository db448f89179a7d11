import type { market as M } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import { deleteFiles, filesOfIds } from '../files/index.js';
import { texts } from './messages.js';
import {
  likePattern,
  promptColumns,
  promptQuery,
  completeRows,
  publicParams,
  toPrompts,
  type PromptRow,
} from './rows.js';

const db = (ctx: AppContext) => ctx.db.kysely;

/** A prompt as the viewer may see it: visible, or their own; anything else is a 404. */
export async function visiblePrompt(
  ctx: AppContext,
  id: number,
  viewer: number | null,
): Promise<PromptRow> {
  const row = await promptQuery(db(ctx))
    .select([...promptColumns])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row || (Number(row.hidden) === 1 && row.user_id !== viewer))
    throw notFound(texts.promptNotFound);
  return (await completeRows(ctx, [row]))[0]!;
}

/** The caller's own prompt (another user's or none: 404). */
export async function ownPrompt(ctx: AppContext, id: number, userId: number) {
  const row = await db(ctx)
    .selectFrom('market_prompts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(texts.promptNotFound);
  return row;
}

/** The public list: visible prompts only; featured ones first, then the chosen order. */
export async function listVisible(
  ctx: AppContext,
  q: M.ListQuery,
  viewer: number | null,
): Promise<{ rows: M.AdminPrompt[]; count: number }> {
  let base = promptQuery(db(ctx)).where('p.hidden', '=', 0);
  if (q.categoryId !== undefined) base = base.where('p.category_id', '=', q.categoryId);
  if (q.kind) base = base.where('p.kind', '=', q.kind);
  if (q.featured !== undefined) base = base.where('p.featured', '=', q.featured ? 1 : 0);
  const pattern = likePattern(q.keyword);
  if (pattern)
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['p.title']), 'like', pattern),
        eb(eb.fn('lower', ['p.prompt']), 'like', pattern),
        eb(eb.fn('lower', ['p.tags']), 'like', pattern),
      ]),
    );
  let rowsQ = base.select([...promptColumns]).orderBy('p.featured', 'desc');
  if (q.sort === 'liked') rowsQ = rowsQ.orderBy('p.like_count', 'desc');
  if (q.sort === 'used') rowsQ = rowsQ.orderBy('p.use_count', 'desc');
  const [rows, total] = await Promise.all([
    rowsQ
      .orderBy('p.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await toPrompts(ctx, rows, viewer), count: Number(total.n) };
}

/** The caller's own prompts, hidden ones included (with the operator's reason). */
export async function listMine(ctx: AppContext, userId: number, page: M.Page) {
  const base = promptQuery(db(ctx)).where('p.user_id', '=', userId);
  const [rows, total] = await Promise.all([
    base
      .select([...promptColumns])
      .orderBy('p.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await toPrompts(ctx, rows, userId), count: Number(total.n) };
}

/** The visible prompts the caller collected, latest collected first. */
export async function listCollected(ctx: AppContext, userId: number, page: M.Page) {
  const base = promptQuery(db(ctx))
    .innerJoin('market_prompt_marks as m', 'm.prompt_id', 'p.id')
    .where('m.user_id', '=', userId)
    .where('m.mark', '=', 'collect')
    .where('p.hidden', '=', 0);
  const [rows, total] = await Promise.all([
    base
      .select([...promptColumns])
      .orderBy('m.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await toPrompts(ctx, rows, userId), count: Number(total.n) };
}

export async function categories(ctx: AppContext, lang: keyof M.CategoryName) {
  const rows = await db(ctx)
    .selectFrom('market_categories as c')
    .leftJoin('market_prompts as p', (j) =>
      j.onRef('p.category_id', '=', 'c.id').on('p.hidden', '=', 0),
    )
    .select([
      'c.id',
      'c.slug',
      'c.name',
      'c.sort',
      (eb) => eb.fn.count<string | number>('p.id').as('n'),
    ])
    .groupBy(['c.id', 'c.slug', 'c.name', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => {
    let name = r.slug;
    try {
      name = (JSON.parse(r.name) as M.CategoryName)[lang] || r.slug;
    } catch {
      // a broken name shows its slug
    }
    return { id: r.id, slug: r.slug, name, count: Number(r.n) };
  });
}

export async function updateOwn(ctx: AppContext, userId: number, b: M.UpdateBody) {
  await ownPrompt(ctx, b.id, userId);
  await db(ctx)
    .updateTable('market_prompts')
    .set({
      title: b.title,
      description: b.description,
      category_id: b.categoryId,
      tags: JSON.stringify(b.tags),
      updated_at: nowIso(),
    })
    .where('id', '=', b.id)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes the caller's prompt; likes, collections and reports go with it (cascade). */
export async function deleteOwn(ctx: AppContext, userId: number, id: number) {
  const row = await ownPrompt(ctx, id, userId);
  await db(ctx).deleteFrom('market_prompts').where('id', '=', row.id).execute();
  const fileIds = [row.example_file_id, row.poster_file_id].filter((f): f is number => f !== null);
  if (fileIds.length) {
    await deleteFiles(ctx, await filesOfIds(db(ctx), fileIds));
  }
}

/**
 * Counts a use and answers the prefill that refills the composer. One use per account and
 * prompt counts towards "most used" (a `use` mark; its unique index decides between racing
 * calls), so one account cannot pump the ranking by calling again. A guest's use is not
 * counted: guests cost nothing to make, so 25 fresh guest ids would be 25 uses; a signed-up
 * account is limited per IP (docs/security.md, Guests).
 */
export async function usePrompt(
  ctx: AppContext,
  id: number,
  viewer: number | null,
  opts: { counts: boolean },
) {
  const row = await visiblePrompt(ctx, id, viewer);
  let useCount = Number(row.use_count);
  if (viewer !== null && opts.counts)
    useCount = await db(ctx)
      .transaction()
      .execute(async (trx) => {
        const first = await trx
          .insertInto('market_prompt_marks')
          .values({ prompt_id: id, user_id: viewer, mark: 'use', created_at: nowIso() })
          .onConflict((oc) => oc.columns(['prompt_id', 'user_id', 'mark']).doNothing())
          .executeTakeFirst();
        if (Number(first.numInsertedOrUpdatedRows ?? 0) === 0) return useCount;
        const { use_count } = await trx
          .updateTable('market_prompts')
          .set((eb) => ({ use_count: eb('use_count', '+', 1) }))
          .where('id', '=', id)
          .returning('use_count')
          .executeTakeFirstOrThrow();
        return Number(use_count);
      });
  return {
    useCount,
    prefill: {
      kind: row.kind,
      ...(row.model_id !== null ? { modelId: row.model_id } : {}),
      prompt: row.prompt,
      ...(row.negative_prompt ? { negativePrompt: row.negative_prompt } : {}),
      // An unreadable row refills the prompt alone; another author's files never go along.
      params: publicParams(row),
    },
  };
}

/** One report per user and prompt (a second one replaces the reason); counted on the prompt. */
export async function report(ctx: AppContext, userId: number, id: number, reason: string) {
  const row = await visiblePrompt(ctx, id, userId);
  if (row.user_id === userId) throw badRequest(texts.ownReport, {}, 'id');
  await db(ctx)
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('market_prompt_reports')
        .values({ prompt_id: id, user_id: userId, reason, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['prompt_id', 'user_id']).doUpdateSet({ reason }))
        .execute();
      const n = await trx
        .selectFrom('market_prompt_reports')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('prompt_id', '=', id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('market_prompts')
        .set({ report_count: Number(n.n) })
        .where('id', '=', id)
        .execute();
    });
}
