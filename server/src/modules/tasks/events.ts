import { sql, type OperationNodeSource, type RawBuilder } from 'kysely';
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
  | 'refunded'
  | 'late-result'
  | 'late-failed';

export async function recordTaskEvent(
  db: Executor,
  taskId: number,
  type: TaskEventType,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordTaskEvents(db, taskId, [[type, detail]]);
}

/** Several events of one task in one statement (one round trip on a task's critical path). */
async function recordTaskEvents(db: Executor, taskId: number, events: TaskEvent[]): Promise<void> {
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

/** An event, recorded always or only when the task has a hold. */
type TaskEvent = [TaskEventType, Record<string, unknown>, ('hold' | 'always')?];

/** A step that kept the task going: recorded when it reached the upstream or moved. */
export function stepEvents(raw: RawTask, outcome: StepOutcome): TaskEvent[] {
  if (outcome.type === 'submitted')
    return [
      [
        'upstream',
        { state: 'submitted', upstreamId: outcome.upstreamId, progress: outcome.progress ?? 0 },
      ],
    ];
  if (outcome.type === 'progress' && Math.round(outcome.progress) !== raw.progress)
    return [['upstream', { state: 'progress', progress: Math.round(outcome.progress) }]];
  return [];
}

/** A step that failed and will be tried again. */
export const retryEvents = (attempts: number, error: unknown): TaskEvent[] => [
  [
    'retried',
    {
      attempts,
      error: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300),
    },
  ],
];

/** The end of a task: succeeded and settled, or failed and released (with a hold). */
export const endEvents = (
  raw: RawTask,
  end: { failed: Localized | null; credits: number; detail?: string },
): TaskEvent[] =>
  end.failed
    ? [
        [
          'failed',
          {
            error: end.failed['en-US'],
            // The upstream's raw reason (the user reads only its class): for the operator.
            ...(end.detail ? { detail: end.detail.slice(0, 500) } : {}),
          },
        ],
        ['released', { credits: raw.credits }, 'hold'],
      ]
    : [
        ['succeeded', {}],
        ['settled', { credits: end.credits }, 'hold'],
      ];

/**
 * Runs `update`, a change of one task that returns its `id` and `hold_id` (and matches nothing
 * when the task is no longer the caller's), and records `events` when it matched. On PostgreSQL
 * both are one statement (one round trip on a task's path), with `also`'s steps (common table
 * expressions that may read `changed`, the updated row) and its `done` column, and committed
 * without waiting for the WAL flush with `asyncCommit` when it runs on its own (docs/tasks.md,
 * "Asynchronous commit"). `also.then` is a FROM item (a claim: claim.ts) that runs once the
 * update and the `done` step have, given whether the update matched; its rows' columns come back
 * in `then`. SQLite runs in-process and takes two statements (`also` and `asyncCommit` are for
 * PostgreSQL only). Undefined, and nothing recorded, when the update matched nothing.
 */
export async function updateAndRecord(
  db: Executor,
  update: OperationNodeSource & {
    execute(): Promise<Array<{ id: number; hold_id: number | null }>>;
  },
  events: TaskEvent[],
  also?: {
    steps: RawBuilder<unknown>;
    done: RawBuilder<boolean>;
    asyncCommit?: boolean;
    then?: (ended: RawBuilder<boolean>) => RawBuilder<unknown>;
  },
): Promise<
  { hold_id: number | null; done?: boolean; then?: Array<Record<string, unknown>> } | undefined
> {
  if (dialectOf(db) === 'sqlite' || (events.length === 0 && !also)) {
    const [row] = await update.execute();
    const kept = events.filter(([, , when]) => when !== 'hold' || row?.hold_id);
    if (row && kept.length) await recordTaskEvents(db, row.id, kept);
    return row;
  }
  const created_at = nowIso();
  const inserts = events.map(
    ([type, detail, when]) =>
      sql`select changed.id, ${type}, ${JSON.stringify(detail)},
          cast(${created_at} as timestamptz) from changed
          ${when === 'hold' ? sql`where changed.hold_id is not null` : sql``}`,
  );
  const steps = [
    sql`changed as (${update})`,
    ...(inserts.length
      ? [
          sql`recorded as (insert into task_events (task_id, type, detail, created_at)
            ${sql.join(inserts, sql` union all `)})`,
        ]
      : []),
    ...(also ? [also.steps] : []),
  ];
  const asyncCommit = also?.asyncCommit
    ? sql`, set_config('synchronous_commit', 'off', true)`
    : sql``;
  if (also?.then) {
    // `e` is computed first (offset 0 keeps it a subquery of its own), so the update and the
    // `done` step (the settle's balance and hold rows) have run before `then`, which reads
    // `e.done` for that reason: locks are taken in the same order by every such statement.
    const { rows } = await sql<Record<string, unknown> & { end_ended: boolean }>`
      with ${sql.join(steps)}
      select e.end_hold_id, e.end_done, e.end_ended, n.*
      from (select (select hold_id from changed) as end_hold_id,
              exists (select 1 from changed) as end_ended, ${also.done} as end_done
              ${asyncCommit} offset 0) e
        left join lateral ${also.then(sql<boolean>`(e.end_ended and e.end_done is not null)`)} on true`.execute(
      db,
    );
    const { end_hold_id, end_done, end_ended } = rows[0]!;
    if (!end_ended) return undefined;
    const then = rows.map(({ end_hold_id: _h, end_done: _d, end_ended: _e, ...row }) => row);
    return { hold_id: end_hold_id as number | null, done: end_done as boolean, then };
  }
  const { rows } = await sql<{ hold_id: number | null; done?: boolean }>`
    with ${sql.join(steps)}
    select hold_id${also ? sql`, ${also.done} as done` : sql``} ${asyncCommit}
    from changed`.execute(db);
  return rows[0];
}

/**
 * A result that arrived after the task failed by its timeout: kept and shown, charged 0 (its
 * hold was returned at the timeout and is not touched again).
 */
export const recordLateResult = (db: Executor, raw: RawTask) =>
  recordTaskEvents(db, raw.id, [
    ['succeeded', { late: true }],
    ['late-result', { note: 'late result kept, not charged', credits: 0 }],
  ]);

/** The upstream gave up after our timeout: the watch ends; the refund made then stands. */
export const recordLateFailure = (db: Executor, raw: RawTask, error: Localized, detail?: string) =>
  recordTaskEvent(db, raw.id, 'late-failed', {
    error: error['en-US'],
    ...(detail ? { detail: detail.slice(0, 500) } : {}),
  });
