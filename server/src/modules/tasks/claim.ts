import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { TaskStatus } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso, type Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { RawTask } from './rows.js';

/*
 * How a worker takes a task (docs/tasks.md, "How a worker claims"): the oldest due row with no
 * live lease whose user is below `TASK_USER_LIMIT` running tasks and whose provider is below its
 * `provider_limit` (a task already running upstream only needs its poll), leased to `owner`.
 */

/**
 * Claims one task for `owner` (in `db` when it is a transaction). 'lost' when the task picked
 * was taken meanwhile by a claim that committed first (there may be more: look again).
 *
 * SQLite serialises writes: one statement picks and takes. PostgreSQL claims without a global
 * lock, in one call of a server-side function (below): the pick locks the oldest eligible row
 * (`for update`: a claim taking it is waited for, then the next row is read if it took it, so
 * the line keeps its order) and takes a transaction lock on the picked task's user and on its
 * provider only where the claim adds a running task to them (not for a poll). Then the take
 * checks the limits again, in a statement that sees every claim committed before the locks
 * were granted. The claim commits without waiting for the WAL flush: the locks are held for
 * the call, not a disk write. What a PostgreSQL crash forgets of it runs again and is charged
 * once (docs/tasks.md, "Asynchronous commit").
 */
export async function claimTask(
  ctx: AppContext,
  owner: string,
  db: Executor = ctx.db.kysely,
): Promise<RawTask | 'lost' | undefined> {
  const { leaseMs, userLimit } = ctx.config.tasks;
  const now = Date.now();
  if (ctx.db.dialect === 'sqlite') {
    const pick = sql`select t.id from tasks t where ${eligible(sql.val(now), sql.val(userLimit))}
      order by t.run_after, t.id limit 1`;
    return (await take(sql.val(owner), sql.val(now + leaseMs), sql.val(nowIso()), pick).execute(db))
      .rows[0];
  }
  const fn = sql.raw(await claimFunction(ctx.db));
  const { rows } = await sql<RawTask & { lost: boolean }>`
    select (c.task).*, c.lost from ${fn}(${owner}::text, ${now}::double precision,
      ${now + leaseMs}::double precision, ${nowIso()}::timestamptz, ${userLimit}::integer) c`.execute(
    db,
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.lost) return 'lost';
  const { lost: _lost, ...task } = row;
  return task;
}

/** The update that leases the task `id` selects (a subquery) to `owner`. */
function take(
  owner: RawBuilder<unknown>,
  leaseUntil: RawBuilder<unknown>,
  startedAt: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
) {
  return sql<RawTask>`
    update tasks set status = ${sql.lit(TaskStatus.running)}, lease_owner = ${owner},
      lease_until = ${leaseUntil}, started_at = coalesce(started_at, ${startedAt})
    where id = (${id})
    returning *`;
}

/**
 * Whether task `t` may be claimed at `now`: due, no live lease, its user and its provider below
 * their limits (the saturated users and providers are found once per claim, not once per row).
 * The predicate of the partial index tasks_claim_idx is written the same way.
 */
function eligible(now: RawBuilder<unknown>, userLimit: RawBuilder<unknown>) {
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

/*
 * The PostgreSQL claim as a server-side function: its pick and its take are two statements (the
 * take must see what committed while the pick waited for its locks, and only a new statement
 * does), and in a function they cost one round trip instead of two, with their plans kept.
 * Its text is built here from the same `eligible` and `take` as SQLite's claim, and its name
 * carries a hash of that text: a changed claim is a new function, made on first use, while
 * processes of the previous version go on calling theirs.
 */

const claimFunctions = new WeakMap<Db, Promise<string>>();

/** The name of the schema's claim function, made first if it does not exist. */
function claimFunction(db: Db): Promise<string> {
  let made = claimFunctions.get(db);
  if (!made) {
    made = makeClaimFunction(db);
    made.catch(() => claimFunctions.delete(db));
    claimFunctions.set(db, made);
  }
  return made;
}

async function makeClaimFunction(db: Db): Promise<string> {
  const keys = lockKeys(db.schema ?? 'public');
  const queued = sql.lit(TaskStatus.queued);
  const v = (name: string) => sql.raw(name);
  const body = sql`
    declare
      v_id integer; v_status integer; v_user integer; v_provider integer; v_limit integer;
      v_task tasks;
    begin
      perform set_config('synchronous_commit', 'off', true);
      select t.id, t.status, t.user_id, t.provider_id, t.provider_limit
        into v_id, v_status, v_user, v_provider, v_limit
        from tasks t where ${eligible(v('p_now'), v('p_user_limit'))}
        order by t.run_after, t.id limit 1
        for update of t;
      if v_id is null then return; end if;
      if v_status = ${queued} then
        perform pg_advisory_xact_lock(${sql.lit(keys.user)}, v_user);
      end if;
      if v_status = ${queued} and v_limit > 0 then
        perform pg_advisory_xact_lock(${sql.lit(keys.provider)}, v_provider);
      end if;
      ${take(
        v('p_owner'),
        v('p_lease_until'),
        v('p_started_at'),
        sql`select t.id from tasks t where t.id = v_id and ${eligible(v('p_now'), v('p_user_limit'))}`,
      )} into v_task;
      if v_task.id is null then
        lost := true;
      else
        task := v_task;
        lost := false;
      end if;
      return next;
    end`.compile(db.kysely);
  if (body.parameters.length > 0) throw new Error('the claim function has parameters left');
  const name = `tasks_claim_${createHash('sha256').update(body.sql).digest('hex').slice(0, 16)}`;
  await db.kysely.transaction().execute(async (trx) => {
    // Two processes making it at once would collide in the catalogue: one at a time.
    await sql`select pg_advisory_xact_lock(${keys.user}, 0)`.execute(trx);
    const exists = await sql`select 1 from pg_proc
      where proname = ${name} and pronamespace = current_schema()::regnamespace`.execute(trx);
    if (exists.rows.length) return;
    await sql`create function ${sql.raw(name)}(p_owner text, p_now double precision,
        p_lease_until double precision, p_started_at timestamptz, p_user_limit integer)
      returns table (task tasks, lost boolean) language plpgsql
      as $claim$${sql.raw(body.sql)}$claim$`.execute(trx);
  });
  return name;
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
