import type { AtelierMigration } from '../column-types.js';
import { timestamp } from '../column-types.js';

/**
 * Guests cost nothing to make, so what a guest gets free is limited per IP too
 * (docs/security.md, Guests):
 * - `guest_origins`: the IP each guest was made from and its day, so the guest trial goes to
 *   the first GUEST_TRIALS_PER_IP guests of an IP a day;
 * - `word_ip_uses`: guests' model-answered translations and suggestions per IP and day, so
 *   fresh guest ids do not bring fresh free uses.
 */
export const guestLimits: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema
      .createTable('guest_origins')
      .addColumn('user_id', 'integer', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('guest_origins_ip_idx')
      .on('guest_origins')
      .columns(['ip', 'day'])
      .execute();

    await db.schema
      .createTable('word_ip_uses')
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('word_ip_uses_pk', ['ip', 'day'])
      .execute();
  },
};
