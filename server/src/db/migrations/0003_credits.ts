import { sql } from 'kysely';
import type { AtelierMigration, MigrationDb } from '../column-types.js';
import type { DialectName } from '../database.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Balances, the append-only ledger, holds, prices, redemption codes, check-ins and credit
 * settings (credits module). Packages and orders live in 0004_payments.
 */
/** Balances, the append-only ledger, holds and prices. */
async function ledgerTables(db: MigrationDb, dialect: DialectName): Promise<void> {
  const ts = timestamp(dialect);

  await db.schema
    .createTable('credit_balances')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('credits', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credits >= 0`),
    )
    .addColumn('used_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_until', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('credit_ledger'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('vip_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('hold_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('hidden_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_idx')
    .on('credit_ledger')
    .columns(['user_id', 'id'])
    .execute();

  await withId(db.schema.createTable('credit_holds'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('actual_amount', 'integer')
    .addColumn('status', 'text', (c) => c.notNull()) // held | settled | released
    .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_key', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();
  await db.schema
    .createIndex('credit_holds_open_idx')
    .on('credit_holds')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('credit_holds_user_idx')
    .on('credit_holds')
    .columns(['user_id', 'price_key', 'created_at'])
    .execute();

  await withId(db.schema.createTable('credit_prices'), dialect)
    .addColumn('price_key', 'text', (c) => c.notNull().unique())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull()) // chat | image | music | video | separation
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull()) // call | 1k_tokens
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input_per_1k', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_per_1k', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_discount_percent', 'integer')
    .addColumn('vip_free_per_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}

/** Redemption codes with their wrong tries, check-ins and credit settings. */
async function redeemAndSettingsTables(db: MigrationDb, dialect: DialectName): Promise<void> {
  const ts = timestamp(dialect);
  await withId(db.schema.createTable('redeem_batches'), dialect)
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('vip_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', ts)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('redeem_codes'), dialect)
    .addColumn('batch_id', 'integer', (c) =>
      c.notNull().references('redeem_batches.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hint', 'text', (c) => c.notNull())
    .addColumn('redeemed_by', 'integer')
    .addColumn('redeemed_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('redeem_codes_batch_idx')
    .on('redeem_codes')
    .column('batch_id')
    .execute();

  await withId(db.schema.createTable('redeem_failures'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('redeem_failures_user_idx')
    .on('redeem_failures')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('redeem_failures_ip_idx')
    .on('redeem_failures')
    .columns(['ip', 'created_at'])
    .execute();

  await withId(db.schema.createTable('credit_checkins'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'text', (c) => c.notNull()) // YYYY-MM-DD in the site's time zone
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('credit_checkins_user_day', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('credit_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull()) // JSON
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}

export const credits: AtelierMigration = {
  async up(db, dialect) {
    await ledgerTables(db, dialect);
    await redeemAndSettingsTables(db, dialect);
  },
};
