import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Drawing (drawing module): the galleries of the Midjourney screen (examples, prompt cases,
 * prompt pieces) with their names in the three languages, and each user's remembered flags.
 * The drawings themselves are rows of the task engine's `tasks`.
 */
export const drawing: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);

    await withId(db.schema.createTable('drawing_categories'), dialect)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      /** JSON `{ "en-US", "zh-CN", "zh-TW" }`. */
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('drawing_categories_kind_slug', ['kind', 'slug'])
      .execute();

    await withId(db.schema.createTable('drawing_items'), dialect)
      .addColumn('category_id', 'integer', (c) =>
        c.notNull().references('drawing_categories.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      /** JSON `{ "en-US", "zh-CN", "zh-TW" }`. */
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('prompt', 'text', (c) => c.notNull())
      /** What a prompt piece adds to the prompt. */
      .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('aspect', 'text', (c) => c.notNull().defaultTo('1:1'))
      .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('drawing_items_kind_slug', ['kind', 'slug'])
      .execute();
    await db.schema
      .createIndex('drawing_items_category_idx')
      .on('drawing_items')
      .columns(['category_id', 'sort'])
      .execute();

    // Until the shared task engine lands: drawings, chat drawings and zips as tasks of their own.
    await withId(db.schema.createTable('drawing_tasks'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('parent_id', 'integer')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('upstream_id', 'text')
      .addColumn('provider_id', 'integer')
      .addColumn('price_key', 'text')
      .addColumn('hold_id', 'integer')
      .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('error', 'text')
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('finished_at', ts)
      .execute();
    await db.schema
      .createIndex('drawing_tasks_user_idx')
      .on('drawing_tasks')
      .columns(['user_id', 'kind', 'id'])
      .execute();
    await db.schema
      .createIndex('drawing_tasks_status_idx')
      .on('drawing_tasks')
      .columns(['status', 'id'])
      .execute();

    await withId(db.schema.createTable('drawing_files'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      /** Unguessable part of the file's link. */
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('thumb_path', 'text')
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('drawing_user_params')
      .addColumn('user_id', 'integer', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  },
};
