import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * The task engine (every generated thing is one row; the rows are the embedded queue) and the
 * stored files (uploads and results). Lease and wake-up times are epoch milliseconds in a
 * double so that both dialects compare them as numbers.
 */
export const tasksFiles: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    const ms = dialect === 'postgres' ? 'double precision' : 'real';

    await withId(db.schema.createTable('tasks'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('parent_id', 'integer')
      /** 1 queued · 2 running · 3 succeeded · 4 failed. */
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('upstream_id', 'text')
      .addColumn('provider_id', 'integer')
      .addColumn('provider_limit', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('price_key', 'text')
      .addColumn('hold_id', 'integer')
      .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('error', 'text')
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_after', ms, (c) => c.notNull())
      .addColumn('deadline', ms, (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', ms)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('started_at', ts)
      .addColumn('finished_at', ts)
      .execute();
    await db.schema
      .createIndex('tasks_due_idx')
      .on('tasks')
      .columns(['status', 'run_after'])
      .execute();
    await db.schema
      .createIndex('tasks_user_idx')
      .on('tasks')
      .columns(['user_id', 'kind', 'id'])
      .execute();

    // The claim counts running tasks per user and per provider.
    await db.schema
      .createIndex('tasks_user_status_idx')
      .on('tasks')
      .columns(['user_id', 'status'])
      .execute();
    await db.schema
      .createIndex('tasks_provider_status_idx')
      .on('tasks')
      .columns(['provider_id', 'status'])
      .execute();

    await withId(db.schema.createTable('files'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('thumb_key', 'text')
      /** 'upload' or 'result'. */
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('task_id', 'integer')
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('files_user_idx')
      .on('files')
      .columns(['user_id', 'origin', 'id'])
      .execute();
    await db.schema.createIndex('files_thumb_idx').on('files').column('thumb_key').execute();
  },
};
