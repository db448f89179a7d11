import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Signing in by email (docs/identity.md):
 * - `users.email_verified_at`: when the owner proved the address (a code or a reset link);
 * - `site_mail_settings`: each site's SMTP server, its password sealed (lib/secret-box);
 * - `email_codes`: 6-digit codes mailed for signing in or verifying, stored hashed, single use;
 * - `password_resets`: single-use links for a forgotten password, stored hashed.
 */
export const emailWays: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema.alterTable('users').addColumn('email_verified_at', ts).execute();

    await db.schema
      .createTable('site_mail_settings')
      .addColumn('site_id', 'integer', (c) =>
        c.primaryKey().references('sites.id').onDelete('cascade'),
      )
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('port', 'integer', (c) => c.notNull())
      .addColumn('tls', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('password_sealed', 'text')
      .addColumn('from_address', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('email_codes'), dialect)
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema
      .createIndex('email_codes_email_idx')
      .on('email_codes')
      .columns(['email_key', 'created_at'])
      .execute();
    await db.schema
      .createIndex('email_codes_ip_idx')
      .on('email_codes')
      .columns(['ip', 'created_at'])
      .execute();

    await withId(db.schema.createTable('password_resets'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
  },
};
