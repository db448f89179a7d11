import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * What limits abuse of free things (docs/security.md):
 * - `signup_records`: where each sign-up came from (IP, device), so sign-up gifts are given a
 *   few times per IP and device a day and sign-ups past that wait growing delays;
 * - `invite_rewards`: an invite's reward, pending until the invitee first buys or spends;
 * - `word_uses`: a user's translations and prompt suggestions answered by a model, per day.
 */
export const abuseLimits: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('signup_records'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('signup_records_ip_idx')
      .on('signup_records')
      .columns(['ip', 'day'])
      .execute();
    await db.schema
      .createIndex('signup_records_device_idx')
      .on('signup_records')
      .columns(['device_id'])
      .execute();

    await db.schema
      .createTable('invite_rewards')
      .addColumn('invitee_id', 'integer', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('inviter_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('paid_at', ts)
      .addColumn('paid_day', 'text')
      .execute();
    await db.schema
      .createIndex('invite_rewards_inviter_idx')
      .on('invite_rewards')
      .columns(['inviter_id', 'status'])
      .execute();
    await db.schema
      .createIndex('invite_rewards_paid_day_idx')
      .on('invite_rewards')
      .columns(['inviter_id', 'paid_day'])
      .execute();

    await db.schema
      .createTable('word_uses')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('word_uses_pk', ['user_id', 'day'])
      .execute();
  },
};
