import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Signing in with OpenID Connect providers (docs/identity.md, OpenID Connect):
 * - `site_oidc_providers`: each site's providers (issuer, client id, the secret sealed);
 * - `oidc_links`: which provider account (issuer subject) signs in to which user;
 * - `oidc_flows`: one sign-in or link in progress (state, nonce, PKCE verifier), then the
 *   one-time ticket the browser exchanges for a session (only its SHA-256 stored).
 */
export const oidc: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('site_oidc_providers'), dialect)
      .addColumn('site_id', 'integer', (c) =>
        c.notNull().references('sites.id').onDelete('cascade'),
      )
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret_sealed', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('site_oidc_providers_slug_uq', ['site_id', 'slug'])
      .execute();

    await withId(db.schema.createTable('oidc_links'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('provider_id', 'integer', (c) =>
        c.notNull().references('site_oidc_providers.id').onDelete('cascade'),
      )
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('oidc_links_subject_uq', ['provider_id', 'subject'])
      .execute();
    await db.schema.createIndex('oidc_links_user_idx').on('oidc_links').column('user_id').execute();

    await withId(db.schema.createTable('oidc_flows'), dialect)
      .addColumn('state', 'text', (c) => c.notNull().unique())
      .addColumn('provider_id', 'integer', (c) =>
        c.notNull().references('site_oidc_providers.id').onDelete('cascade'),
      )
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('verifier_sealed', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      /** Set when a signed-in user links the provider from the user centre. */
      .addColumn('link_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('ticket_hash', 'text')
      /** After the callback: `signed-in`, `linked`, `consent` (link to `user_id`?) or `failed`. */
      .addColumn('outcome', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('subject', 'text')
      .addColumn('email', 'text')
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('preferred_name', 'text')
      .addColumn('problem', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
  },
};
