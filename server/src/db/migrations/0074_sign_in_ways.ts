import type { AtelierMigration } from '../column-types.js';
import { timestamp } from '../column-types.js';

/**
 * Which ways of signing in each site offers, in its order, and passkey sign-up
 * (docs/identity.md, "Ways per site" and Passkeys):
 * - `site_sign_in_ways`: one row per site whose operator saved a list; `ways` is the JSON array
 *   `[{ "way": "password" | "email" | "phone" | "wechat" | "passkey" | "oidc:<slug>",
 *   "offered": boolean }, …]` in the order the login dialog shows them. A site without a row
 *   keeps the order it had before (password, email, phone, WeChat, passkey, then its providers);
 * - `passkey_challenges.username`: for a passkey sign-up (`purpose` `sign-up`), the username the
 *   new account gets, the one the browser shows with the passkey.
 */
export const signInWays: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema
      .createTable('site_sign_in_ways')
      .addColumn('site_id', 'integer', (c) =>
        c.primaryKey().references('sites.id').onDelete('cascade'),
      )
      .addColumn('ways', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.alterTable('passkey_challenges').addColumn('username', 'text').execute();
  },
};
