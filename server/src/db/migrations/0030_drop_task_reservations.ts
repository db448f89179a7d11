import type { AtelierMigration } from '../column-types.js';

/**
 * The claim no longer reserves a waiting task for a running task's slot (docs/tasks.md,
 * "Reservation"): the index that counted live reservations (0025) has nothing left to serve.
 */
export const dropTaskReservations: AtelierMigration = {
  async up(db) {
    await db.schema.dropIndex('tasks_reserved_idx').ifExists().execute();
  },
};
