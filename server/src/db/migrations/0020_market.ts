import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/** The prompt market (market module): categories, prompts, likes/collections, reports. */
export const market: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);

    await withId(db.schema.createTable('market_categories'), dialect)
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('market_prompts'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('category_id', 'integer', (c) =>
        c.references('market_categories.id').onDelete('set null'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('negative_prompt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('model_id', 'integer')
      .addColumn('model_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('source_task_id', 'integer')
      .addColumn('example_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('poster_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('collect_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden_reason', 'text')
      .addColumn('hidden_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    // The public lists: visible first, featured first, then the chosen order.
    for (const [name, cols] of [
      ['market_prompts_newest_idx', ['hidden', 'featured', 'id']],
      ['market_prompts_liked_idx', ['hidden', 'featured', 'like_count', 'id']],
      ['market_prompts_used_idx', ['hidden', 'featured', 'use_count', 'id']],
      ['market_prompts_user_idx', ['user_id', 'id']],
      ['market_prompts_category_idx', ['category_id', 'hidden', 'id']],
    ] as const)
      await db.schema
        .createIndex(name)
        .on('market_prompts')
        .columns([...cols])
        .execute();

    // Likes and collections: one row per (prompt, user, mark); the unique index is what keeps
    // two tabs toggling at once from counting twice.
    await withId(db.schema.createTable('market_prompt_marks'), dialect)
      .addColumn('prompt_id', 'integer', (c) =>
        c.notNull().references('market_prompts.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('mark', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('market_prompt_marks_unique', ['prompt_id', 'user_id', 'mark'])
      .execute();
    await db.schema
      .createIndex('market_prompt_marks_user_idx')
      .on('market_prompt_marks')
      .columns(['user_id', 'mark', 'id'])
      .execute();

    await withId(db.schema.createTable('market_prompt_reports'), dialect)
      .addColumn('prompt_id', 'integer', (c) =>
        c.notNull().references('market_prompts.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('market_prompt_reports_unique', ['prompt_id', 'user_id'])
      .execute();
  },
};
