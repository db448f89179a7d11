import type { AtelierMigration } from '../column-types.js';

/**
 * A site's sign-in providers get a kind (docs/identity.md, GitHub): `oidc` (discovery, an ID
 * token) or `github` (GitHub's OAuth 2 web flow and its REST API, no ID token). Providers made
 * before are all OpenID Connect.
 */
export const githubSignIn: AtelierMigration = {
  async up(db) {
    await db.schema
      .alterTable('site_oidc_providers')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('oidc'))
      .execute();
  },
};
