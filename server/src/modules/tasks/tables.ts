import type { Generated } from 'kysely';

export interface TasksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  action: string;
  prompt: string;
  /** JSON. */
  params: string;
  parent_id: number | null;
  status: 1 | 2 | 3 | 4;
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
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface FilesTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  thumb_key: string | null;
  origin: 'upload' | 'result';
  task_id: number | null;
  name: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  public: number;
  created_at: string;
}

export interface TaskTables {
  tasks: TasksTable;
  files: FilesTable;
}
