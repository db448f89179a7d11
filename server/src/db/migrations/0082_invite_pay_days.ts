import { sql } from 'kysely';
import type { AtelierMigration } from '../column-types.js';

/**
 * The invite rewards paid to each inviter a day, counted in one row that every payment takes
 * a slot of with one conditional upsert (docs/security.md, Invite farming). Counting the paid
 * rewards and then flipping one let racing settles on PostgreSQL each see the count below
 * `inviteDailyCap` and all pay. Filled from the rewards already paid.
 */
export const invitePayDays: AtelierMigration = {
  async up(db) {
    await db.schema
      .createTable('invite_pay_days')
      .addColumn('inviter_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('invite_pay_days_pk', ['inviter_id', 'day'])
      .execute();
    await sql`
      insert into invite_pay_days (inviter_id, day, count)
      select inviter_id, paid_day, count(*) from invite_rewards
      where paid_day is not null group by inviter_id, paid_day
    `.execute(db);
  },
};
