import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/** Users (registered and guests), their login sessions (one per device) and failed logins. */
export const accounts: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('kind', 'text', (c) => c.notNull()) // 'guest' | 'registered'
      .addColumn('role', 'text', (c) => c.notNull()) // 'guest' | 'user' | 'admin'
      .addColumn('username', 'text')
      .addColumn('username_key', 'text', (c) => c.unique()) // lower-cased, for unique lookups
      .addColumn('email', 'text')
      .addColumn('email_key', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('guest_id', 'text', (c) => c.unique())
      .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sign', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('persona_role', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('invite_code', 'text', (c) => c.unique())
      .addColumn('invited_by', 'integer')
      .addColumn('signup_keyword', 'text')
      .addColumn('signup_bd_vid', 'text')
      .addColumn('signup_source', 'text')
      /** Set on a guest whose data moved to an account; the guest id then acts as that account's guest no more. */
      .addColumn('merged_into', 'integer')
      .addColumn('disabled_at', ts)
      .addColumn('last_login_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('sessions'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('device_name', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('last_seen_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await withId(db.schema.createTable('login_failures'), dialect)
      .addColumn('account_key', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('login_failures_account_idx')
      .on('login_failures')
      .columns(['account_key', 'created_at'])
      .execute();

    await db.schema
      .createTable('account_locks')
      .addColumn('account_key', 'text', (c) => c.primaryKey())
      .addColumn('locked_until', ts, (c) => c.notNull())
      .execute();
  },
};
