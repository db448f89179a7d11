import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/** Apps (apps module): categories, catalogue apps and personas, "my apps", seed keys. */
export const apps: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);

    await withId(db.schema.createTable('app_categories'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('apps'), dialect)
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) =>
        c.references('app_categories.id').onDelete('set null'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('system_prompt', 'text', (c) => c.notNull())
      .addColumn('model_id', 'integer', (c) => c.references('chat_models.id').onDelete('set null'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('apps_owner_idx').on('apps').columns(['owner_id', 'id']).execute();
    await db.schema
      .createIndex('apps_category_idx')
      .on('apps')
      .columns(['category_id', 'sort'])
      .execute();

    await withId(db.schema.createTable('user_apps'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('user_apps_user_app_unique', ['user_id', 'app_id'])
      .execute();

    await db.schema
      .createTable('app_seed_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
  },
};
