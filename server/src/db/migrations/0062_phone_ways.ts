import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Signing in by phone (docs/identity.md, Phone):
 * - `users.phone`: the account's number in E.164, proved by a texted code when it was linked;
 * - `site_sms_settings`: each site's SMS provider (Aliyun or Tencent Cloud), its secret sealed;
 * - `phone_codes`: 6-digit codes texted for signing in or linking, stored hashed, single use.
 */
export const phoneWays: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema.alterTable('users').addColumn('phone', 'text').execute();
    await db.schema.createIndex('users_phone_idx').on('users').column('phone').unique().execute();

    await db.schema
      .createTable('site_sms_settings')
      .addColumn('site_id', 'integer', (c) =>
        c.primaryKey().references('sites.id').onDelete('cascade'),
      )
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('access_key_id', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text')
      .addColumn('sign_name', 'text', (c) => c.notNull())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('phone_codes'), dialect)
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema
      .createIndex('phone_codes_phone_idx')
      .on('phone_codes')
      .columns(['phone', 'created_at'])
      .execute();
    await db.schema
      .createIndex('phone_codes_ip_idx')
      .on('phone_codes')
      .columns(['ip', 'created_at'])
      .execute();
  },
};
