import type { Generated } from 'kysely';

/** Stored files: uploads and task results (the bytes live in storage under `key`). */
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

export interface FileTables {
  files: FilesTable;
}
