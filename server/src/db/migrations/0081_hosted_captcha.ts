import type { AtelierMigration } from '../column-types.js';
import { timestamp } from '../column-types.js';

/**
 * The captcha a site asks where abuse is seen (docs/identity.md, Captcha):
 * - `site_captcha_settings`: one row per site whose operator chose one; `provider` is `pow`
 *   (the self-hosted proof of work, also what a site without a row asks), `turnstile`
 *   (Cloudflare Turnstile) or `hcaptcha`; `site_key` is public (the browser's widget shows it),
 *   `secret_sealed` the provider's secret sealed under SECRET_KEY (lib/secret-box).
 */
export const hostedCaptcha: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema
      .createTable('site_captcha_settings')
      .addColumn('site_id', 'integer', (c) =>
        c.primaryKey().references('sites.id').onDelete('cascade'),
      )
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('site_key', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text')
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  },
};
