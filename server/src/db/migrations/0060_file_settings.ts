import type { AtelierMigration } from '../column-types.js';
import { timestamp } from '../column-types.js';

/**
 * `file_settings`: what the operator sets in the console for stored files (the storage quota
 * of an account and of a guest, docs/security.md). One row per setting, its value JSON; a
 * missing row means the default (FILE_USER_QUOTA_BYTES for accounts).
 */
export const fileSettings: AtelierMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('file_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', timestamp(dialect), (c) => c.notNull())
      .execute();
  },
};
