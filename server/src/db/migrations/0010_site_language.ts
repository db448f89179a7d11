import type { AtelierMigration } from '../column-types.js';

/**
 * A site's default interface language (`zh-CN`, `en-US`, `zh-TW` or `browser`): what a first
 * visit is shown until the visitor picks a language. Existing sites keep the product default.
 */
export const siteLanguage: AtelierMigration = {
  async up(db) {
    await db.schema
      .alterTable('sites')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('zh-CN'))
      .execute();
  },
};
