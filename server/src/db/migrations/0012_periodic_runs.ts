import type { AtelierMigration } from '../column-types.js';

/**
 * Which period of each periodic job (hold sweep, payment reconciler, task recovery…) has been
 * claimed: with several instances and no Redis, the instance that moves a job's row to the
 * current period runs that round, the others skip it (lib/period-lock.ts).
 */
export const periodicRuns: AtelierMigration = {
  async up(db) {
    await db.schema
      .createTable('periodic_runs')
      .addColumn('job', 'text', (c) => c.primaryKey())
      .addColumn('period', 'bigint', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .execute();
  },
};
