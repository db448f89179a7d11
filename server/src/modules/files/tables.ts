import type { Generated } from 'kysely';

/**
 * Stored files: uploads, task results and the site's pictures (logos, icons: `site`, public)
 * — the bytes live in storage under `key`.
 */
export interface FilesTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  thumb_key: string | null;
  origin: 'upload' | 'result' | 'site' | 'attachment';
  task_id: number | null;
  name: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  public: number;
  created_at: string;
}

/** What the operator set in the console (settings.ts): one JSON value per key. */
export interface FileSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface FileTables {
  files: FilesTable;
  file_settings: FileSettingsTable;
}
