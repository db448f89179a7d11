import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Signing in by scanning a WeChat official account's QR code (docs/identity.md, WeChat):
 * - `site_wechat_settings`: each site's official account (app id, sealed AppSecret and server
 *   token);
 * - `wechat_links`: an official account's openid → the account it signs in to (unique per app);
 * - `wechat_scenes`: each QR code shown (its random scene, sign-in or link, who scanned it).
 */
export const wechatWays: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema
      .createTable('site_wechat_settings')
      .addColumn('site_id', 'integer', (c) =>
        c.primaryKey().references('sites.id').onDelete('cascade'),
      )
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text')
      .addColumn('token_sealed', 'text')
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('wechat_links'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('openid', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('wechat_links_openid_idx')
      .on('wechat_links')
      .columns(['app_id', 'openid'])
      .unique()
      .execute();
    await db.schema
      .createIndex('wechat_links_user_idx')
      .on('wechat_links')
      .columns(['user_id', 'app_id'])
      .unique()
      .execute();

    await withId(db.schema.createTable('wechat_scenes'), dialect)
      .addColumn('scene', 'text', (c) => c.notNull().unique())
      .addColumn('poll_hash', 'text', (c) => c.notNull())
      .addColumn('site_id', 'integer', (c) => c.notNull())
      .addColumn('app_id', 'text', (c) => c.notNull())
      .addColumn('link_user_id', 'integer')
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('openid', 'text')
      .addColumn('outcome', 'text')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('scanned_at', ts)
      .addColumn('used_at', ts)
      .execute();
    await db.schema
      .createIndex('wechat_scenes_ip_idx')
      .on('wechat_scenes')
      .columns(['ip', 'created_at'])
      .execute();
  },
};
