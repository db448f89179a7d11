import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Passkeys (docs/identity.md, Passkeys):
 * - `passkeys`: each account's WebAuthn credentials (id, COSE public key, signature counter, the
 *   RP ID, i.e. the domain, it was made for), under a name the owner gave;
 * - `passkey_challenges`: each challenge handed out, kept only as its SHA-256, single use, for
 *   5 minutes, with what it is for (signing in, or registering for one account).
 */
export const passkeys: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('passkeys'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      // A uint32: above PostgreSQL's integer.
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('rp_id', 'text', (c) => c.notNull())
      .addColumn('user_handle', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('last_used_at', ts)
      .execute();
    await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

    await withId(db.schema.createTable('passkey_challenges'), dialect)
      .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('rp_id', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema
      .createIndex('passkey_challenges_expires_idx')
      .on('passkey_challenges')
      .column('expires_at')
      .execute();
  },
};
