import { sql, type OperationNodeSource } from 'kysely';
import { nowIso } from '../../db/database.js';
import { dialectOf, type Executor } from '../../db/executor.js';
import type { Localized } from '../../http/messages.js';
import type { RawTask } from './rows.js';
import type { StepOutcome } from './runner.js';

/*
 * A task's timeline (`task_events`), read by the operator console: submitted (with the credits
 * held), each upstream state with its time, retries, settled or released, the error. Written
 * next to the change it records (in the same transaction where there is one); the engine
 * calls these one-liners and nothing else.
 */

export type TaskEventType =
  | 'submitted'
  | 'upstream'
  | 'retried'
  | 'succeeded'
  | 'settled'
  | 'failed'
  | 'released'
  | 'rerun'
  | 'refunded';

export async function recordTaskEvent(
  db: Executor,
  taskId: number,
  type: TaskEventType,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordTaskEvents(db, taskId, [[type, detail]]);
}

/** Several events of one task in one statement (one round trip on a task's critical path). */
async function recordTaskEvents(
  db: Executor,
  taskId: number,
  events: Array<[TaskEventType, Record<string, unknown>]>,
): Promise<void> {
  const created_at = nowIso();
  await db
    .insertInto('task_events')
    .values(
      events.map(([type, detail]) => ({
        task_id: taskId,
        type,
        detail: JSON.stringify(detail),
        created_at,
      })),
    )
    .execute();
}

/** A step that kept the task going: recorded when it reached the upstream or moved. */
export async function recordStep(db: Executor, raw: RawTask, outcome: StepOutcome): Promise<void> {
  if (outcome.type === 'submitted')
    return recordTaskEvent(db, raw.id, 'upstream', {
      state: 'submitted',
      upstreamId: outcome.upstreamId,
      progress: outcome.progress ?? 0,
    });
  if (outcome.type === 'progress' && Math.round(outcome.progress) !== raw.progress)
    return recordTaskEvent(db, raw.id, 'upstream', {
      state: 'progress',
      progress: Math.round(outcome.progress),
    });
}

/**
 * Ends a task and records its end: `end` is the update that ends it (matching nothing when the
 * task is no longer the caller's), returning its `hold_id`; then the events succeeded and
 * settled, or failed and released (only when it had a hold). On PostgreSQL the update and the
 * events are one statement (one round trip on a task's critical path); SQLite runs in-process
 * and takes two. Undefined, and nothing recorded, when the update matched nothing.
 */
export async function endAndRecord(
  db: Executor,
  end: OperationNodeSource & { execute(): Promise<Array<{ id: number; hold_id: number | null }>> },
  raw: RawTask,
  outcome: { failed: Localized | null; credits: number },
): Promise<{ hold_id: number | null } | undefined> {
  const events: Array<[TaskEventType, Record<string, unknown>, 'hold' | 'always']> = outcome.failed
    ? [
        ['failed', { error: outcome.failed['en-US'] }, 'always'],
        ['released', { credits: raw.credits }, 'hold'],
      ]
    : [
        ['succeeded', {}, 'always'],
        ['settled', { credits: outcome.credits }, 'hold'],
      ];
  if (dialectOf(db) === 'sqlite') {
    const [row] = await end.execute();
    if (row)
      await recordTaskEvents(
        db,
        raw.id,
        events
          .filter(([, , when]) => when === 'always' || row.hold_id !== null)
          .map(([type, detail]) => [type, detail]),
      );
    return row;
  }
  const created_at = nowIso();
  const inserts = sql.join(
    events.map(
      ([type, detail, when]) =>
        sql`select ended.id, ${type}, ${JSON.stringify(detail)}, cast(${created_at} as timestamptz) from ended
          ${when === 'hold' ? sql`where ended.hold_id is not null` : sql``}`,
    ),
    sql` union all `,
  );
  const { rows } = await sql<{ hold_id: number | null }>`
    with ended as (${end}),
      recorded as (insert into task_events (task_id, type, detail, created_at) ${inserts})
    select hold_id from ended`.execute(db);
  return rows[0];
}

/** A step that failed and will be tried again. */
export const recordRetry = (db: Executor, raw: RawTask, attempts: number, error: unknown) =>
  recordTaskEvent(db, raw.id, 'retried', {
    attempts,
    error: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300),
  });
