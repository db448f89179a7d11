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

export interface DrawingTables {
  drawing_categories: DrawingCategoriesTable;
  drawing_items: DrawingItemsTable;
  drawing_user_params: DrawingUserParamsTable;
  word_uses: WordUsesTable;
  word_ip_uses: WordIpUsesTable;
}

/** Translations and prompt suggestions a user had answered by a real model, per day. */
export interface WordUsesTable {
  user_id: number;
  /** The day in TIME_ZONE. */
  day: string;
  count: number;
}

/** Guests' translations and suggestions answered by a model, per IP and day (migration 0030). */
export interface WordIpUsesTable {
  ip: string;
  /** The day in TIME_ZONE. */
  day: string;
  count: number;
}
