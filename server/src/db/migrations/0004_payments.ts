import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/** Packages, orders, payment notifications and gateway settings (payments module). */
export const payments: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('packages'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull()) // ISO 4217, upper case
      .addColumn('credits', 'integer', (c) => c.notNull())
      .addColumn('vip_days', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('orders'), dialect)
      /** Our trade number as the gateway knows it (out_trade_no, client_reference_id). */
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('package_id', 'integer', (c) => c.references('packages.id').onDelete('set null'))
      // What was sold, as it was when the order was placed.
      .addColumn('package_name', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('credits', 'integer', (c) => c.notNull())
      .addColumn('vip_days', 'integer', (c) => c.notNull())
      .addColumn('pay_way', 'text', (c) => c.notNull()) // wechat | alipay | card
      .addColumn('gateway', 'text', (c) => c.notNull()) // epay | wechat | stripe | manual
      .addColumn('status', 'text', (c) => c.notNull()) // pending | paid | expired | failed
      .addColumn('gateway_trade_no', 'text')
      .addColumn('code_url', 'text')
      .addColumn('pay_url', 'text')
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('paid_at', ts)
      /** How the payment was learnt: notify | reconcile | admin. */
      .addColumn('paid_by', 'text')
      .addColumn('last_checked_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('orders_user_idx')
      .on('orders')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('orders_status_idx')
      .on('orders')
      .columns(['status', 'created_at'])
      .execute();

    await withId(db.schema.createTable('payment_notifications'), dialect)
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      /** The trade number the notification named, also when no order has it. */
      .addColumn('order_no', 'text')
      .addColumn('verified', 'integer', (c) => c.notNull())
      /** credited | already_paid | not_paid | ignored | bad_signature | unknown_order | amount_mismatch | not_configured | error */
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      /** SHA-256 of the raw request (body, or query string for GET notifications). */
      .addColumn('body_hash', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payment_notifications_order_idx')
      .on('payment_notifications')
      .column('order_id')
      .execute();

    await db.schema
      .createTable('payment_gateways')
      .addColumn('gateway', 'text', (c) => c.primaryKey())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      /** JSON array of the pay ways this gateway serves. */
      .addColumn('pay_ways', 'text', (c) => c.notNull().defaultTo('[]'))
      /** JSON object of settings that are not secret (merchant id, base URL). */
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      /** JSON object of secrets, each sealed with the secret box. */
      .addColumn('secrets', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
  },
};
