import type { Generated } from 'kysely';

export type GalleryKind = 'example' | 'case' | 'param';

export interface DrawingCategoriesTable {
  id: Generated<number>;
  kind: GalleryKind;
  slug: string;
  /** JSON Localized. */
  name: string;
  sort: number;
  created_at: string;
}

export interface DrawingItemsTable {
  id: Generated<number>;
  category_id: number;
  kind: GalleryKind;
  slug: string;
  /** JSON Localized. */
  title: string;
  /** JSON Localized. */
  description: string;
  prompt: string;
  value: string;
  aspect: string;
  featured: number;
  sort: number;
  created_at: string;
}

export interface DrawingUserParamsTable {
  user_id: number;
  /** JSON of the contract's MjParams. */
  params: string;
  updated_at: string;
}

export interface DrawingTasksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  action: string;
  prompt: string;
  /** JSON. */
  params: string;
  parent_id: number | null;
  /** 1 queued · 2 running · 3 succeeded · 4 failed. */
  status: 1 | 2 | 3 | 4;
  progress: number;
  upstream_id: string | null;
  provider_id: number | null;
  price_key: string | null;
  hold_id: number | null;
  credits: number;
  /** JSON list of DrawImage. */
  files: string;
  /** JSON Localized, null unless failed. */
  error: string | null;
  /** JSON. */
  data: string;
  attempts: number;
  created_at: string;
  finished_at: string | null;
}

export interface DrawingFilesTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  path: string;
  thumb_path: string | null;
  mime: string;
  size: number;
  width: number;
  height: number;
  created_at: string;
}

export interface DrawingTables {
  drawing_tasks: DrawingTasksTable;
  drawing_files: DrawingFilesTable;
  drawing_categories: DrawingCategoriesTable;
  drawing_items: DrawingItemsTable;
  drawing_user_params: DrawingUserParamsTable;
}
