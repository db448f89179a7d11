import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Chat (chat module): upstream providers and their models, users' own (BYOK) endpoints, chat
 * groups and their logs.
 */
export const chat: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);

    await withId(db.schema.createTable('chat_providers'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('protocol', 'text', (c) => c.notNull())
      .addColumn('base_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('api_key_sealed', 'text')
      .addColumn('concurrency', 'integer', (c) => c.notNull().defaultTo(10))
      .addColumn('timeout_ms', 'integer', (c) => c.notNull().defaultTo(60000))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('chat_models'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('upstream_model', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'integer', (c) =>
        c.notNull().references('chat_providers.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('chat'))
      .addColumn('price_key', 'text', (c) => c.notNull())
      .addColumn('vision', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('context_window', 'integer', (c) => c.notNull().defaultTo(8192))
      .addColumn('max_output', 'integer', (c) => c.notNull().defaultTo(2048))
      .addColumn('system_prompt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('vip_only', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('chat_user_models'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('base_url', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('api_key_sealed', 'text')
      .addColumn('vision', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chat_user_models_user_idx')
      .on('chat_user_models')
      .column('user_id')
      .execute();

    await withId(db.schema.createTable('chat_groups'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('app_id', 'integer')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('is_sticky', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chat_groups_user_idx')
      .on('chat_groups')
      .columns(['user_id', 'id'])
      .execute();

    await withId(db.schema.createTable('chat_logs'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('chat_groups.id').onDelete('cascade'),
      )
      .addColumn('app_id', 'integer')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text')
      .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('done'))
      .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chat_logs_group_idx')
      .on('chat_logs')
      .columns(['group_id', 'id'])
      .execute();
    await db.schema
      .createIndex('chat_logs_user_app_idx')
      .on('chat_logs')
      .columns(['user_id', 'app_id'])
      .execute();
  },
};
