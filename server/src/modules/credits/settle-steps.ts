import { sql, type RawBuilder } from 'kysely';
import { nowIso } from '../../db/database.js';

/**
 * The settle of the hold `holdId` selects, as the common table expressions of a PostgreSQL
 * statement: settleInOneStatement's, or one that ends a task and settles its hold in a single
 * round trip (modules/tasks). The last, `settled`, has a row (the hold's amount and the balance
 * after) when the hold was settled by it; none when it was not held (or held less than
 * `actual`), and then nothing changed.
 */
export function settleSteps(holdId: RawBuilder<unknown>, actual: number): RawBuilder<unknown> {
  const now = nowIso();
  return sql`
      settle_hold as (
        update credit_holds set status = 'settled', actual_amount = ${actual}, finished_at = ${now}
        where id = (${holdId}) and status = 'held' and amount >= ${actual}
        returning id, user_id, amount, ref),
      settle_balance as (
        update credit_balances set credits = credits + h.amount - ${actual},
          used_credits = used_credits + ${actual}, updated_at = ${now}
        from settle_hold h where credit_balances.user_id = h.user_id
        returning credit_balances.credits),
      settle_rows as (
        insert into credit_ledger (user_id, kind, amount, balance_after, ref, idempotency_key,
          hold_id, created_at)
        select h.user_id, 'release', h.amount, b.credits + ${actual}, h.ref,
          'hold:' || h.id || ':release', h.id, cast(${now} as timestamptz)
        from settle_hold h, settle_balance b where h.amount > 0
        union all
        select h.user_id, 'charge', -${actual}::integer, b.credits, h.ref,
          'hold:' || h.id || ':charge', h.id, cast(${now} as timestamptz)
        from settle_hold h, settle_balance b),
      settled as (
        select h.amount, b.credits as balance from settle_hold h left join settle_balance b on true)`;
}

/**
 * Whether the hold `holdId` selects was returned (released) already: what a statement that
 * settles it in the same round trip needs to know before (it cannot read its own steps).
 */
export const holdReleased = (holdId: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`coalesce((select h.status from credit_holds h where h.id = (${holdId})) = 'released', false)`;
