import { sql, type RawBuilder } from 'kysely';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { RawTask } from './rows.js';

/*
 * How a worker takes a task (docs/tasks.md, "How a worker claims"): the oldest due row with no
 * live lease whose user is below `TASK_USER_LIMIT` running tasks and whose provider is below its
 * `provider_limit` (a task already running upstream only needs its poll), leased to `owner`.
 */

/**
 * Claims one task for `owner`; in `db` when it is a transaction (the end of `from`, the task
 * this worker just finished there: its slot is handed over). 'lost' when the task picked was
 * taken meanwhile by a claim that committed first (there may be more: look again).
 *
 * SQLite serialises writes: one statement picks and takes. PostgreSQL claims without a global
 * lock: the pick skips rows another claim holds (`for update skip locked`) and takes a
 * transaction lock on the picked task's user and on its provider only where the claim adds a
 * running task to them (not for a poll; not for the user or provider of `from`, whose slot
 * changes hands: the count stays). Then the take checks the limits again, in a statement that
 * sees every claim committed before the locks were granted. The transaction (with the end of
 * `from` in it) commits without waiting for the WAL flush: the locks are held for a few round
 * trips, not a disk write. What a PostgreSQL crash forgets of it runs again and is charged once
 * (docs/tasks.md, "Asynchronous commit").
 */
export async function claimTask(
  ctx: AppContext,
  owner: string,
  db: Executor = ctx.db.kysely,
  from?: RawTask,
): Promise<RawTask | 'lost' | undefined> {
  const { leaseMs, userLimit } = ctx.config.tasks;
  const take = (now: number, pick: RawBuilder<unknown>) => sql<RawTask>`
    update tasks set status = ${sql.lit(TaskStatus.running)}, lease_owner = ${owner},
      lease_until = ${now + leaseMs}, started_at = coalesce(started_at, ${nowIso()})
    where id = (${pick})
    returning *`;
  if (ctx.db.dialect === 'sqlite') {
    const now = Date.now();
    const pick = sql`select t.id from tasks t where ${eligible(now, userLimit)}
      order by t.run_after, t.id limit 1`;
    return (await take(now, pick).execute(db)).rows[0];
  }
  const keys = lockKeys(ctx.db.schema ?? 'public');
  const claimIn = async (trx: Executor): Promise<RawTask | 'lost' | undefined> => {
    const queued = sql.lit(TaskStatus.queued);
    const picked = await sql<{ id: number }>`
      with c as materialized (
        select t.id, t.status, t.user_id, t.provider_id, t.provider_limit from tasks t
        where ${eligible(Date.now(), userLimit)}
        order by t.run_after, t.id limit 1
        for update of t skip locked)
      select c.id,
        case when c.status = ${queued} and c.user_id is distinct from ${from?.user_id ?? null}
          then pg_advisory_xact_lock(${keys.user}, c.user_id) end as user_lock,
        case when c.status = ${queued} and c.provider_limit > 0
            and c.provider_id is distinct from ${from?.provider_id ?? null}
          then pg_advisory_xact_lock(${keys.provider}, c.provider_id) end as provider_lock,
        set_config('synchronous_commit', 'off', true) as async_commit
      from c`.execute(trx);
    const id = picked.rows[0]?.id;
    if (id === undefined) return undefined;
    const now = Date.now();
    const recheck = sql`select t.id from tasks t where t.id = ${id} and ${eligible(now, userLimit)}`;
    return (await take(now, recheck).execute(trx)).rows[0] ?? 'lost';
  };
  return db.isTransaction ? claimIn(db) : db.transaction().execute(claimIn);
}

/**
 * Whether task `t` may be claimed at `now`: due, no live lease, its user and its provider below
 * their limits (the saturated users and providers are found once per claim, not once per row).
 * The predicate of the partial index tasks_claim_idx is written the same way.
 */
function eligible(now: number, userLimit: number) {
  const [queued, running] = [sql.lit(TaskStatus.queued), sql.lit(TaskStatus.running)];
  return sql`t.status in (${queued}, ${running}) and t.run_after <= ${now}
    and (t.lease_until is null or t.lease_until < ${now})
    and (t.status = ${running} or t.user_id not in (
           select r.user_id from tasks r where r.status = ${running}
           group by r.user_id having count(*) >= ${userLimit}))
    and (t.status = ${running} or t.provider_id is null or t.provider_limit <= 0
         or t.provider_id not in (
           select r.provider_id from tasks r where r.status = ${running} and r.provider_id is not null
           group by r.provider_id having count(*) >= max(r.provider_limit)))`;
}

/** The two classes of claim locks of a schema (tests run one schema each on one server). */
function lockKeys(schema: string): { user: number; provider: number } {
  const hash = (text: string) => {
    let h = 7;
    for (const c of text) h = (h * 31 + c.charCodeAt(0)) | 0;
    return h;
  };
  return { user: hash(`${schema}:tasks:user`), provider: hash(`${schema}:tasks:provider`) };
}
