import { sql } from 'kysely';
import type { AtelierMigration } from '../column-types.js';

/**
 * Reservations (modules/tasks/claim.ts): a waiting task leased to the worker whose running task's
 * provider slot it takes next. The claim counts the live ones towards their user's limit; this
 * partial index holds exactly the waiting tasks with a lease, so that count reads a handful of
 * entries instead of the whole line. The predicate is written as the claim writes it.
 */
export const taskReservations: AtelierMigration = {
  async up(db) {
    await db.schema
      .createIndex('tasks_reserved_idx')
      .on('tasks')
      .columns(['user_id', 'lease_until'])
      .where(sql<boolean>`status = 1 and lease_owner is not null`)
      .execute();
  },
};
