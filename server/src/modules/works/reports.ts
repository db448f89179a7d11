import type { Kysely } from 'kysely';
import type { collect as C } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import type { ReactionTarget } from './targets.js';

/* The queries of the operators' moderation calls (moderation.ts): reports and moderation_log. */

/** A page of reported targets (only open reports, when asked), last reported first. */
export async function reportGroupsPage(
  db: Executor,
  q: { state?: string | undefined; page: number; size: number },
) {
  let base = db.selectFrom('reports');
  if (q.state === 'open') base = base.where('state', '=', 'open');
  const groups = base.select(['target_type', 'target_id']).groupBy(['target_type', 'target_id']);
  const [rows, total] = await Promise.all([
    groups
      .select((eb) => [
        eb.fn.max('created_at').as('last'),
        eb.fn
          .sum<string | number>(eb.case().when('state', '=', 'open').then(1).else(0).end())
          .as('open'),
      ])
      .orderBy('last', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute(),
    db
      .selectFrom(groups.as('g'))
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

/** A target's last ten report reasons and its last moderation. */
export async function reportDetail(db: Executor, type: C.TargetType, id: number) {
  const [reasons, last] = await Promise.all([
    db
      .selectFrom('reports')
      .select('reason')
      .where('target_type', '=', type)
      .where('target_id', '=', id)
      .orderBy('id', 'desc')
      .limit(10)
      .execute(),
    db
      .selectFrom('moderation_log')
      .select(['action', 'reason', 'created_at'])
      .where('target_type', '=', type)
      .where('target_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { reasons: reasons.map((x) => x.reason), last };
}

/**
 * Hides or restores a target, logs it and closes its open reports, in one transaction; null
 * when the target is not there.
 */
export async function moderate(
  db: Kysely<Database>,
  target: ReactionTarget,
  m: { targetType: C.TargetType; targetId: number; action: 'hide' | 'restore'; reason: string },
  adminId: number,
) {
  const hide = m.action === 'hide';
  return db.transaction().execute(async (trx) => {
    if (!(await target.setHidden?.(trx, m.targetId, hide, m.reason))) return null;
    const now = nowIso();
    await trx
      .insertInto('moderation_log')
      .values({
        target_type: m.targetType,
        target_id: m.targetId,
        action: m.action,
        reason: m.reason,
        admin_id: adminId,
        created_at: now,
      })
      .execute();
    const closed = await trx
      .updateTable('reports')
      .set({ state: 'closed', closed_at: now })
      .where('target_type', '=', m.targetType)
      .where('target_id', '=', m.targetId)
      .where('state', '=', 'open')
      .executeTakeFirst();
    return { hidden: hide, closedReports: Number(closed.numUpdatedRows) };
  });
}
