import type { Generated } from 'kysely';

/** A published (or album-held) task result; `id` is the task's id. */
export interface WorksTable {
  id: number;
  user_id: number;
  kind: string;
  title: Generated<string>;
  description: Generated<string>;
  /** JSON list. */
  tags: Generated<string>;
  is_public: Generated<number>;
  hidden: Generated<number>;
  hidden_reason: Generated<string | null>;
  /** 1: a seeded example (migration 0027). */
  example: Generated<number>;
  /** 1 when public and not hidden. */
  listed: Generated<number>;
  like_count: Generated<number>;
  collect_count: Generated<number>;
  published_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface WorkTagsTable {
  work_id: number;
  tag: string;
}

export interface AlbumsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  is_public: number;
  cover_work_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface AlbumWorksTable {
  album_id: number;
  work_id: number;
  position: number;
  created_at: string;
}

/** A like (`type` like) or a collection (`type` collect) of a work or a prompt. */
export interface ReactionsTable {
  id: Generated<number>;
  type: 'like' | 'collect';
  target_type: string;
  target_id: number;
  user_id: number;
  note: Generated<string>;
  created_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  target_type: string;
  target_id: number;
  user_id: number;
  reason: string;
  state: Generated<'open' | 'closed'>;
  created_at: string;
  closed_at: string | null;
}

export interface ModerationLogTable {
  id: Generated<number>;
  target_type: string;
  target_id: number;
  action: 'hide' | 'restore';
  reason: string;
  admin_id: number | null;
  created_at: string;
}

export interface WorkTables {
  works: WorksTable;
  work_tags: WorkTagsTable;
  albums: AlbumsTable;
  album_works: AlbumWorksTable;
  reactions: ReactionsTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
}
