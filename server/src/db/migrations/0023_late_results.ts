import { sql } from 'kysely';
import type { AtelierMigration } from '../column-types.js';

/**
 * Late results (modules/tasks/late.ts): a task that failed by its timeout while an upstream
 * job was still running stays watched until `late_until`, polled again at `late_poll_at`
 * (both epoch ms, null when not watched), so a result that arrives afterwards is still kept.
 * The partial index holds only the watched tasks, in the order the watcher reads them.
 */
export const lateResults: AtelierMigration = {
  async up(db, dialect) {
    const ms = dialect === 'postgres' ? 'double precision' : 'real';
    await db.schema.alterTable('tasks').addColumn('late_until', ms).execute();
    await db.schema.alterTable('tasks').addColumn('late_poll_at', ms).execute();
    await db.schema
      .createIndex('tasks_late_idx')
      .on('tasks')
      .columns(['late_poll_at', 'id'])
      .where(sql.ref('late_until'), 'is not', null)
      .execute();
  },
};
