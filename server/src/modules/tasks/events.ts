import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
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

/** The end of a task: succeeded and settled, or failed with its error and released. */
export async function recordEnd(
  db: Executor,
  raw: RawTask,
  end: { failed: Localized | null; credits: number },
): Promise<void> {
  const events: Array<[TaskEventType, Record<string, unknown>]> = end.failed
    ? [['failed', { error: end.failed['en-US'] }]]
    : [['succeeded', {}]];
  if (raw.hold_id)
    events.push(
      end.failed ? ['released', { credits: raw.credits }] : ['settled', { credits: end.credits }],
    );
  await recordTaskEvents(db, raw.id, events);
}

/** A step that failed and will be tried again. */
export const recordRetry = (db: Executor, raw: RawTask, attempts: number, error: unknown) =>
  recordTaskEvent(db, raw.id, 'retried', {
    attempts,
    error: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300),
  });
