import type { Generated } from 'kysely';

/** One moment of a task's life (its timeline in the operator console). */
export interface TaskEventsTable {
  id: Generated<number>;
  task_id: number;
  /** submitted | upstream | held | settled | released | failed | succeeded | retried | rerun | refunded */
  type: string;
  /** JSON. */
  detail: string;
  created_at: string;
}

export interface TaskEventTables {
  task_events: TaskEventsTable;
}
