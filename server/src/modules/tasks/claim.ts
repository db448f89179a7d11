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
): Promise<ClaimedTask | 'lost' | undefined> {
  const { leaseMs, userLimit } = ctx.config.tasks;
  const now = Date.now();
  if (ctx.db.dialect === 'sqlite') {
    const pick = sql`select t.id from tasks t
      where ${eligible(sql.val(now), sql.val(userLimit), sql.lit(0))}
      order by t.run_after, t.id limit 1`;
    return (await take(sql.val(owner), sql.val(now + leaseMs), sql.val(nowIso()), pick).execute(db))
      .rows[0];
  }
  const fn = await claimFunction(ctx.db);
  const call = claimCall(ctx, fn, owner, {
    id: sql`0`,
    userId: sql`null`,
    providerId: sql`null`,
    reserved: sql`0`,
  });
  const { rows } = await sql<Record<string, unknown>>`select n.* from ${call}`.execute(db);
  return claimedRows(rows);
}

/**
 * A claimed task and, on PostgreSQL, the waiting task reserved for the slot it will free, when
 * the claim filled its provider: the same provider's next in line, leased to the same worker
 * while it waits, which takes that slot in the statement that ends this task (claimAfterEnd).
 * A live reservation counts towards its user's limit (unless its user's slot is the one it
 * takes), not its provider's, and other claims pass over it; a lapsed one is a waiting task
 * like any other. The worker starts it while that statement is under way (engine.ts).
 */
export type ClaimedTask = RawTask & { reservedNext?: RawTask };

/**
 * A hand-over's claim on PostgreSQL (finish.ts): the FROM item `n` of the statement that ends
 * `freeing`, given whether that end happened (if not, it claims nothing). It claims as
 * claimTask does, counting `freeing`'s slot as free: the end and the take commit together, so
 * its user and its provider keep their counts (one out, one in). A task of the same user or
 * provider is taken without that user's or provider's lock: other claims see both changes or
 * neither. Its pick passes over rows other claims hold (`skip locked`) instead of waiting for
 * them: hand-overs finishing together would otherwise queue for the oldest row one behind the
 * other, every time. The line's order still holds between claims that take the same slot (a
 * one-at-a-time provider has one hand-over at a time); two hand-overs at once may start their
 * tasks a fraction of a millisecond out of order. Its columns are a task's and `claim_lost`
 * (claimedRow reads them).
 */
export async function claimAfterEnd(
  ctx: AppContext,
  owner: string,
  freeing: RawTask,
  reserved?: RawTask,
): Promise<(ended: RawBuilder<boolean>) => RawBuilder<unknown>> {
  const fn = await claimFunction(ctx.db);
  return (ended) =>
    claimCall(ctx, fn, owner, {
      id: sql`case when ${ended} then ${freeing.id}::integer else -1 end`,
      userId: sql`${freeing.user_id}::integer`,
      providerId: sql`${freeing.provider_id}::integer`,
      reserved: sql`${reserved?.id ?? 0}::integer`,
    });
}

/**
 * The call of the schema's claim function `fn` as the FROM item `n`. `freeing.id` is a running
 * task whose slot counts as free (0: none; -1: claim nothing), of `freeing`'s user and provider;
 * `freeing.reserved` the task reserved for that slot (0: none), taken instead of a pick.
 */
function claimCall(
  ctx: AppContext,
  fn: string,
  owner: string,
  freeing: {
    id: RawBuilder<unknown>;
    userId: RawBuilder<unknown>;
    providerId: RawBuilder<unknown>;
    reserved: RawBuilder<unknown>;
  },
): RawBuilder<unknown> {
  const { leaseMs, userLimit } = ctx.config.tasks;
  const now = Date.now();
  return sql`(select (c.task).*, c.lost as claim_lost, c.reserved as claim_reserved
    from ${sql.raw(fn)}(${owner}::text, ${now}::double precision,
      ${now + leaseMs}::double precision, ${nowIso()}::timestamptz, ${userLimit}::integer,
      ${freeing.id}, ${freeing.userId}, ${freeing.providerId}, ${freeing.reserved}) c) n`;
}

/**
 * A claim's rows (a task's columns, `claim_lost` and `claim_reserved`: the claimed task, then
 * the one reserved for its slot if any; none, or one all null, when it found nothing) as
 * claimTask's answer.
 */
export function claimedRows(
  rows: Array<Record<string, unknown>>,
): ClaimedTask | 'lost' | undefined {
  const read = (row: Record<string, unknown> | undefined) => {
    if (!row) return undefined;
    const { claim_lost: lost, claim_reserved: _reserved, ...task } = row;
    // A row shaped as the tasks table, read as the table's rows are (rows.ts).
    return { lost: lost === true, task: task as unknown as RawTask };
  };
  const claimed = read(rows.find((r) => r.claim_reserved !== true));
  if (claimed?.lost) return 'lost';
  if (!claimed || claimed.task.id === null) return undefined;
  const reservedNext = read(rows.find((r) => r.claim_reserved === true))?.task;
  return reservedNext ? { ...claimed.task, reservedNext } : claimed.task;
}

/**
 * Gives back the task reserved for `raw`'s slot, when that slot is not handed over (the step
 * did not finish the task, it ran too long, or the worker stops): it waits in line again at
 * once instead of until its lease lapses.
 */
export async function releaseReservation(
  ctx: AppContext,
  owner: string,
  raw: ClaimedTask,
): Promise<void> {
  const reserved = raw.reservedNext;
  if (!reserved) return;
  delete raw.reservedNext;
  await ctx.db.kysely
    .updateTable('tasks')
    .set({ lease_owner: null, lease_until: null })
    .where('id', '=', reserved.id)
    .where('lease_owner', '=', owner)
    .where('status', '=', TaskStatus.queued)
    .execute();
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
 * their limits, not counting the running task `freeing` (0: none) (the saturated users and
 * providers are found once per claim, not once per row). The predicate of the partial index
 * tasks_claim_idx is written the same way.
 */
function eligible(
  now: RawBuilder<unknown>,
  userLimit: RawBuilder<unknown>,
  freeing: RawBuilder<unknown>,
) {
  const [queued, running] = [sql.lit(TaskStatus.queued), sql.lit(TaskStatus.running)];
  return sql`t.status in (${queued}, ${running}) and t.run_after <= ${now}
    and (t.lease_until is null or t.lease_until < ${now})
    and (t.status = ${running} or t.user_id not in (${saturatedUsers(now, userLimit, freeing)}))
    and (t.status = ${running} or t.provider_id is null or t.provider_limit <= 0
         or t.provider_id not in (
           select r.provider_id from tasks r where r.status = ${running} and r.id <> ${freeing}
             and r.provider_id is not null
           group by r.provider_id having count(*) >= max(r.provider_limit)))`;
}

/**
 * The users at their limit of `userLimit`: their running tasks (less `freeing`) and their live
 * reservations (a waiting task leased to the worker whose task's slot it takes next) count.
 */
function saturatedUsers(
  now: RawBuilder<unknown>,
  userLimit: RawBuilder<unknown>,
  freeing: RawBuilder<unknown>,
) {
  return sql`select c.user_id from (
      select r.user_id from tasks r where r.status = ${sql.lit(TaskStatus.running)} and r.id <> ${freeing}
      union all
      select r.user_id from tasks r where r.status = ${sql.lit(TaskStatus.queued)}
        and r.lease_owner is not null and r.lease_until >= ${now}) c
    group by c.user_id having count(*) >= ${userLimit}`;
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

/** Makes the claim function ahead of the first claim (a worker's start): nothing on SQLite. */
export async function prepareClaims(ctx: AppContext): Promise<void> {
  if (ctx.db.dialect === 'postgres') await claimFunction(ctx.db);
}

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
  const pick = (wait: boolean) => sql`
      select t.id, t.status, t.user_id, t.provider_id, t.provider_limit
        into v_id, v_status, v_user, v_provider, v_limit
        from tasks t where ${eligible(v('p_now'), v('p_user_limit'), v('p_freeing'))}
        order by t.run_after, t.id limit 1
        for update of t${wait ? sql`` : sql` skip locked`};`;
  const running = sql.lit(TaskStatus.running);
  // A task may be reserved for v_task's slot if it is of v_task's user or its user has room.
  const userHasRoom = sql`(t.user_id = v_task.user_id
    or t.user_id not in (${saturatedUsers(v('p_now'), v('p_user_limit'), sql.lit(0))}))`;
  const body = sql`
    declare
      v_id integer; v_status integer; v_user integer; v_provider integer; v_limit integer;
      v_task tasks; v_next tasks;
    begin
      if p_freeing < 0 then return; end if;
      perform set_config('synchronous_commit', 'off', true);
      reserved := false;
      if p_reserved > 0 then
        -- The task this worker reserved for the slot p_freeing frees: its provider's count goes
        -- one out, one in, and its user's live reservation becomes a running task. Not take():
        -- no pick locked the row, so its conditions are in the update's own WHERE, which is
        -- checked again if a concurrent change (a delete, a claim of it lapsed) goes first.
        update tasks set status = ${running}, lease_owner = p_owner, lease_until = p_lease_until,
          started_at = coalesce(started_at, p_started_at)
        where id = p_reserved and status = ${queued} and lease_owner = p_owner
          and lease_until >= p_now
        returning * into v_task;
        if v_task.id is null then lost := true; return next; return; end if;
        v_status := ${queued};
      else
        if p_freeing > 0 then ${pick(false)}
        else ${pick(true)}
        end if;
        if v_id is null then return; end if;
        -- A hand-over's own user and provider keep their counts: no lock (claimAfterEnd).
        if v_status = ${queued} and v_user is distinct from p_freeing_user then
          perform pg_advisory_xact_lock(${sql.lit(keys.user)}, v_user);
        end if;
        if v_status = ${queued} and v_limit > 0 and v_provider is distinct from p_freeing_provider then
          perform pg_advisory_xact_lock(${sql.lit(keys.provider)}, v_provider);
        end if;
        ${take(
          v('p_owner'),
          v('p_lease_until'),
          v('p_started_at'),
          sql`select t.id from tasks t
            where t.id = v_id and ${eligible(v('p_now'), v('p_user_limit'), v('p_freeing'))}`,
        )} into v_task;
        if v_task.id is null then lost := true; return next; return; end if;
      end if;
      task := v_task;
      lost := false;
      return next;
      -- A submit that filled its provider reserves the next waiting task of that provider for
      -- the slot it will free (ClaimedTask). Never waits: a row or a user's lock that another
      -- claim holds means no reservation this time.
      if v_status <> ${queued} or v_task.provider_id is null or v_task.provider_limit <= 0
        or (select count(*) from tasks r where r.status = ${running}
              and r.provider_id = v_task.provider_id) < v_task.provider_limit then
        return;
      end if;
      select t.id, t.user_id into v_id, v_user
        from tasks t where t.status = ${queued} and t.provider_id = v_task.provider_id
          and t.run_after <= p_now and (t.lease_until is null or t.lease_until < p_now)
          and ${userHasRoom}
        order by t.run_after, t.id limit 1
        for update of t skip locked;
      if v_id is null then return; end if;
      if v_user <> v_task.user_id
        and not pg_try_advisory_xact_lock(${sql.lit(keys.user)}, v_user) then
        return;
      end if;
      update tasks t set lease_owner = p_owner, lease_until = p_lease_until
        where t.id = v_id and t.status = ${queued} and ${userHasRoom}
        returning * into v_next;
      if v_next.id is not null then
        task := v_next;
        reserved := true;
        return next;
      end if;
    end`.compile(db.kysely);
  if (body.parameters.length > 0) throw new Error('the claim function has parameters left');
  const name = `tasks_claim_${createHash('sha256').update(body.sql).digest('hex').slice(0, 16)}`;
  await db.kysely.transaction().execute(async (trx) => {
    // Two processes making it at once would collide in the catalogue: one at a time.
    await sql`select pg_advisory_xact_lock(${keys.user}, 0)`.execute(trx);
    const exists = await sql`select 1 from pg_proc
      where proname = ${name} and pronamespace = current_schema()::regnamespace`.execute(trx);
    if (exists.rows.length) return;
    // Without bitmap scans the pick reads tasks_claim_idx in order and stops at the first
    // eligible row whatever the statistics say: a young table (before autovacuum's first
    // analyze) otherwise had every waiting task and dead index entry read and sorted at each
    // claim (0.73 → 0.30 ms a claim in a 2,500-task line, bench/README.md).
    await sql`create function ${sql.raw(name)}(p_owner text, p_now double precision,
        p_lease_until double precision, p_started_at timestamptz, p_user_limit integer,
        p_freeing integer, p_freeing_user integer, p_freeing_provider integer,
        p_reserved integer)
      returns table (task tasks, lost boolean, reserved boolean) language plpgsql
      set enable_bitmapscan = off
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
