import { sql } from 'kysely';
import type { AtelierMigration } from '../column-types.js';
import { timestamp } from '../column-types.js';

/**
 * Sign-ups and guests counted where the gift is decided (docs/security.md, Invite farming):
 * `signup_counts` holds, per `kind`, the sign-ups of an IP a day (`signup-ip`), of a device
 * ever (`signup-device`, day ''), and the guests of an IP a day (`guest-ip`). Each new account
 * takes its place with one upsert in its own transaction, so sign-ups racing from one IP each
 * get a different place. Counting the earlier records before the transaction let six sign-ups
 * at once all see none and all get the gift. Filled from the records kept so far.
 *
 * `known_addresses`: the addresses (an IPv6 one by its /64) each account signed in from, and
 * when last, so that wrong passwords from elsewhere do not slow the owner down there
 * (auth/lockout.ts). Sessions said so before, but signing out (everywhere, on seeing an
 * attack) deleted them and made the owner a stranger. Filled from the live sessions as they
 * stand (an IPv6 session by its full address: known again by its /64 at the next sign-in).
 */
export const abuseCounts: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema
      .createTable('signup_counts')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('signup_counts_pk', ['kind', 'key', 'day'])
      .execute();
    await sql`
      insert into signup_counts (kind, key, day, count)
      select 'signup-ip', ip, day, count(*) from signup_records group by ip, day
    `.execute(db);
    await sql`
      insert into signup_counts (kind, key, day, count)
      select 'signup-device', device_id, '', count(*) from signup_records
      where device_id is not null group by device_id
    `.execute(db);
    await sql`
      insert into signup_counts (kind, key, day, count)
      select 'guest-ip', ip, day, count(*) from guest_origins group by ip, day
    `.execute(db);

    await db.schema
      .createTable('known_addresses')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('last_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('known_addresses_pk', ['user_id', 'ip'])
      .execute();
    await sql`
      insert into known_addresses (user_id, ip, last_at)
      select user_id, ip, max(last_seen_at) from sessions group by user_id, ip
    `.execute(db);
  },
};
