import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * The captcha shown only where abuse is seen (docs/identity.md, Captcha):
 * - `captcha_marks`: an IP that met a sign-in, sign-up or code limit, until when it must solve one;
 * - `captcha_uses`: each solved challenge, so a solution works once.
 */
export const captcha: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('captcha_marks'), dialect)
      .addColumn('ip', 'text', (c) => c.notNull().unique())
      .addColumn('until', ts, (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('captcha_uses'), dialect)
      .addColumn('salt', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
  },
};
