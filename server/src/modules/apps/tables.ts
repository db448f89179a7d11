import type { Generated } from 'kysely';

export interface AppCategoriesTable {
  id: Generated<number>;
  /** JSON `LocalizedText`. */
  name: string;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/**
 * Catalogue apps (`owner_id` null) and users' personas (`owner_id` set) share one table, so a
 * chat group's `app_id` names either. Texts are JSON `LocalizedText`; a persona's three
 * languages hold the same text.
 */
export interface AppsTable {
  id: Generated<number>;
  owner_id: number | null;
  category_id: number | null;
  name: string;
  description: string;
  cover: string;
  system_prompt: string;
  model_id: number | null;
  sort: number;
  enabled: number;
  created_at: string;
  updated_at: string;
}

/** "My apps": the apps a user keeps, in their order. */
export interface UserAppsTable {
  id: Generated<number>;
  user_id: number;
  app_id: number;
  sort: number;
  created_at: string;
}

/**
 * Every seed entry ever inserted, by its stable key: the seed adds only keys not listed here,
 * so an operator's edits and deletions of seeded rows survive restarts and upgrades.
 */
export interface AppSeedKeysTable {
  key: string;
  created_at: string;
}

export interface AppTables {
  app_categories: AppCategoriesTable;
  apps: AppsTable;
  user_apps: UserAppsTable;
  app_seed_keys: AppSeedKeysTable;
}
