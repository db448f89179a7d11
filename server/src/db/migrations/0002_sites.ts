import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Site configuration per domain, global config, notices, FAQ, side-menu entries and ad jumps
 * (sites module). Localized texts and nested groups are JSON text.
 */
export const sites: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);

    await withId(db.schema.createTable('sites'), dialect)
      .addColumn('domain', 'text', (c) => c.notNull().unique())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('site_name', 'text', (c) => c.notNull())
      .addColumn('app_logo', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('app_ico', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('keywords', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('top_banner', 'text', (c) => c.notNull())
      .addColumn('recharge', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('pay', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('menu', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('index_path', 'text', (c) => c.notNull())
      .addColumn('contents', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('contact', 'text', (c) => c.notNull())
      .addColumn('customer_service', 'text', (c) => c.notNull())
      .addColumn('advertisement', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('site_global_config')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('site_notices'), dialect)
      .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull()) // 'notice' | 'mj'
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('site_notices_site_idx')
      .on('site_notices')
      .column('site_id')
      .execute();

    await withId(db.schema.createTable('site_faqs'), dialect)
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('site_menu_entries'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('site_ad_jumps'), dialect)
      .addColumn('ad', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  },
};
