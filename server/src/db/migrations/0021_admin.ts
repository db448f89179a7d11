import { timestamp, withId, type AtelierMigration } from '../column-types.js';

/**
 * The operator console (docs/admin.md): the audit log of every admin change, the timeline of
 * each task (submitted, upstream states, hold settled or released, errors) and the per-model
 * allow lists (which users and groups may use a model; none: everyone).
 */
export const admin: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('admin_audit'), dialect)
      .addColumn('admin_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('request', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('admin_audit_created')
      .on('admin_audit')
      .columns(['created_at'])
      .execute();
    await withId(db.schema.createTable('task_events'), dialect)
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('task_events_task')
      .on('task_events')
      .columns(['task_id', 'id'])
      .execute();
    await db.schema
      .createTable('chat_model_access')
      .addColumn('model_id', 'integer', (c) => c.primaryKey())
      .addColumn('user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
