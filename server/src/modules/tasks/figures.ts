import { TaskStatus } from '@atelier/contracts';
import type { Executor } from '../../db/executor.js';

/*
 * What other modules read of the tasks table, as functions: the operator's view of a user,
 * the dashboard's activity and provider health, a work's prompt and files. Only this module
 * queries `tasks` and `task_events` (scripts/check-tables.mjs).
 */

const count = (n: unknown) => Number(n ?? 0);

/** A user's tasks: how many, and how many failed. */
export async function taskCountsOf(db: Executor, userId: number) {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('status', '=', TaskStatus.failed).then(1).else(0).end())
        .as('failed'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: count(row.total), failed: count(row.failed) };
}

/** Who started a task when, since an ISO time (the dashboard's active users). */
export const taskStartsSince = (db: Executor, since: string) =>
  db
    .selectFrom('tasks')
    .select(['user_id', 'created_at'])
    .where('created_at', '>=', since)
    .execute();

/**
 * The tasks finished (succeeded or failed) since an ISO time, each with its provider and
 * whether the engine retried it then (an upstream's fault): the dashboard's provider health.
 */
export async function taskOutcomesSince(db: Executor, since: string) {
  const tasks = await db
    .selectFrom('tasks')
    .select(['id', 'provider_id', 'status'])
    .where('created_at', '>=', since)
    .where('status', 'in', [TaskStatus.succeeded, TaskStatus.failed])
    .execute();
  const retried = new Set(
    (
      await db
        .selectFrom('task_events')
        .select('task_id')
        .where('type', '=', 'retried')
        .where('created_at', '>=', since)
        .execute()
    ).map((e) => e.task_id),
  );
  return tasks.map((t) => ({ ...t, retried: retried.has(t.id) }));
}

/** The prompt and the stored files (JSON, as in the row) of the tasks asked for, by id. */
export async function taskPromptsAndFiles(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { prompt: string; files: string }>();
  const rows = await db
    .selectFrom('tasks')
    .select(['id', 'prompt', 'files'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { prompt: r.prompt, files: r.files }]));
}

/** Each task's kind, by id (credits' usage log says what each charge paid for). */
export async function taskKindsOf(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('tasks').select(['id', 'kind']).where('id', 'in', ids).execute();
  return new Map(rows.map((t) => [t.id, t.kind]));
}
