import type { market as M, QueryOut } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { notFound } from '../../http/errors.js';
import { accountsOf } from '../auth/index.js';
import { texts } from './messages.js';
import { likePattern, promptColumns, promptQuery, toPrompts } from './rows.js';

/* The queries of the operators' market calls (admin.ts). */

/** One prompt as an operator sees it (hidden ones too); 404 when there is none. */
export async function adminOne(ctx: AppContext, id: number, viewer: number) {
  const row = await promptQuery(ctx.db.kysely)
    .select([...promptColumns])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(texts.promptNotFound);
  const [p] = await toPrompts(ctx, [row], viewer);
  return p!;
}

/** Every prompt (reported, hidden or featured ones when asked), by keyword, newest first. */
export async function adminPromptsPage(
  ctx: AppContext,
  query: QueryOut<typeof M.adminListPrompts>,
  viewer: number,
) {
  let base = promptQuery(ctx.db.kysely);
  if (query.filter === 'reported') base = base.where('p.report_count', '>', 0);
  if (query.filter === 'hidden') base = base.where('p.hidden', '=', 1);
  if (query.filter === 'featured') base = base.where('p.featured', '=', 1);
  const pattern = likePattern(query.keyword);
  if (pattern)
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['p.title']), 'like', pattern),
        eb(eb.fn('lower', ['p.prompt']), 'like', pattern),
      ]),
    );
  let rowsQ = base.select([...promptColumns]);
  if (query.filter === 'reported') rowsQ = rowsQ.orderBy('p.report_count', 'desc');
  const [rows, total] = await Promise.all([
    rowsQ
      .orderBy('p.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await toPrompts(ctx, rows, viewer), count: Number(total.n) };
}

/** A prompt's reports, newest first, each with its reporter's name. */
export async function promptReports(db: Executor, promptId: number) {
  const rows = await db
    .selectFrom('market_prompt_reports')
    .select(['id', 'user_id', 'reason', 'created_at'])
    .where('prompt_id', '=', promptId)
    .orderBy('id', 'desc')
    .execute();
  const users = await accountsOf(
    db,
    rows.map((r) => r.user_id),
  );
  // A report of an account that is gone no longer shows (the join dropped it too).
  return rows
    .flatMap((r) => {
      const u = users.get(r.user_id);
      return u ? [{ r, u }] : [];
    })
    .map(({ r, u }) => ({
      id: r.id,
      userId: r.user_id,
      userName: u.nickname || u.username || `#${r.user_id}`,
      reason: r.reason,
      createdAt: r.created_at,
    }));
}

export async function setFeatured(db: Executor, id: number, featured: boolean): Promise<void> {
  await db
    .updateTable('market_prompts')
    .set({ featured: featured ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Hides a prompt with a reason, or shows it again (the last reason stays, for the history). */
export async function setHidden(
  db: Executor,
  id: number,
  hidden: boolean,
  reason: string,
): Promise<void> {
  await db
    .updateTable('market_prompts')
    .set(
      hidden
        ? { hidden: 1, hidden_reason: reason, hidden_at: nowIso() }
        : { hidden: 0, hidden_at: null },
    )
    .where('id', '=', id)
    .execute();
}
