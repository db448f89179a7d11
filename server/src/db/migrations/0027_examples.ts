import type { AtelierMigration } from '../column-types.js';

/**
 * Seeded examples (docs/works.md): a work or market prompt the first start made so that a new
 * site does not open empty. Marked 1, shown with an "Example" badge, removed together by the
 * operator in one click.
 */
export const examples: AtelierMigration = {
  async up(db) {
    await db.schema
      .alterTable('works')
      .addColumn('example', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('market_prompts')
      .addColumn('example', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
