import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Works (works module, docs/works.md): a finished task its owner published or put in an album
 * (`works.id` is the task's id, deleted with it), tags, albums, likes and collections of any
 * target type (`work`, `prompt`) under one unique index each, reports and the operators'
 * hide/restore log. `listed` (public and not hidden) leads the indexes the public lists read.
 */
export const works: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);

    await db.schema
      .createTable('works')
      .addColumn('id', 'integer', (c) => c.primaryKey().references('tasks.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      /** JSON list of tags. */
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden_reason', 'text')
      /** 1 when public and not hidden: what every public list reads. */
      .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('collect_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    // The square: newest, most liked, by kind; a designer's page.
    await db.schema
      .createIndex('works_new_idx')
      .on('works')
      .columns(['listed', 'published_at', 'id'])
      .execute();
    await db.schema
      .createIndex('works_liked_idx')
      .on('works')
      .columns(['listed', 'like_count', 'id'])
      .execute();
    await db.schema
      .createIndex('works_kind_idx')
      .on('works')
      .columns(['listed', 'kind', 'published_at', 'id'])
      .execute();
    await db.schema
      .createIndex('works_user_idx')
      .on('works')
      .columns(['user_id', 'listed', 'published_at', 'id'])
      .execute();

    await db.schema
      .createTable('work_tags')
      .addColumn('work_id', 'integer', (c) =>
        c.notNull().references('works.id').onDelete('cascade'),
      )
      .addColumn('tag', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('work_tags_pk', ['tag', 'work_id'])
      .execute();
    await db.schema.createIndex('work_tags_work_idx').on('work_tags').column('work_id').execute();

    await withId(db.schema.createTable('albums'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('cover_work_id', 'integer', (c) => c.references('works.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('albums_user_idx')
      .on('albums')
      .columns(['user_id', 'id'])
      .execute();

    await db.schema
      .createTable('album_works')
      .addColumn('album_id', 'integer', (c) =>
        c.notNull().references('albums.id').onDelete('cascade'),
      )
      .addColumn('work_id', 'integer', (c) =>
        c.notNull().references('works.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('album_works_pk', ['album_id', 'work_id'])
      .execute();
    await db.schema
      .createIndex('album_works_order_idx')
      .on('album_works')
      .columns(['album_id', 'position'])
      .execute();
    await db.schema
      .createIndex('album_works_work_idx')
      .on('album_works')
      .column('work_id')
      .execute();

    // Likes (type 'like') and collections (type 'collect') of any target type.
    await withId(db.schema.createTable('reactions'), dialect)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('reactions_once', ['type', 'target_type', 'target_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('reactions_user_idx')
      .on('reactions')
      .columns(['user_id', 'type', 'id'])
      .execute();

    await withId(db.schema.createTable('reports'), dialect)
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('reason', 'text', (c) => c.notNull())
      /** open · closed (an operator acted on its target). */
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('closed_at', ts)
      .addUniqueConstraint('reports_once', ['target_type', 'target_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('reports_state_idx')
      .on('reports')
      .columns(['state', 'target_type', 'target_id'])
      .execute();

    await withId(db.schema.createTable('moderation_log'), dialect)
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      /** hide · restore. */
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('admin_id', 'integer')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('moderation_log_target_idx')
      .on('moderation_log')
      .columns(['target_type', 'target_id', 'id'])
      .execute();
  },
};
