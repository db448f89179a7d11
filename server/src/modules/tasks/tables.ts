import type { Generated } from 'kysely';
import type { TaskStatus } from '@atelier/contracts';

export interface TasksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  action: string;
  prompt: string;
  /** JSON. */
  params: string;
  parent_id: number | null;
  status: TaskStatus;
  progress: number;
  upstream_id: string | null;
  provider_id: number | null;
  /** Tasks of this provider that may run at once (0: no limit). */
  provider_limit: number;
  price_key: string | null;
  hold_id: number | null;
  credits: number;
  /** JSON list of stored files ({ key, thumbKey, … }). */
  files: string;
  /** JSON Localized, null unless failed. */
  error: string | null;
  /** JSON. */
  data: string;
  attempts: number;
  /** Epoch ms: not claimed before. */
  run_after: number;
  /** Epoch ms: failed (and refunded) when still unfinished then. */
  deadline: number;
  lease_owner: string | null;
  lease_until: number | null;
  /** Epoch ms: failed by its timeout, a late result is still taken until then (late.ts). */
  late_until: number | null;
  /** Epoch ms: the next late poll of a watched task. */
  late_poll_at: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface TaskTables {
  tasks: TasksTable;
}
