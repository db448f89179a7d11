import { timestamp, type AtelierMigration } from '../column-types.js';

/**
 * Two operator actions of the console (docs/admin.md): an order refunded to credits keeps
 * when, by whom and why (its status becomes `refunded`), and a redemption code batch can be
 * disabled (its unused codes are refused while `disabled_at` is set).
 */
export const refundsDisabledBatches: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await db.schema.alterTable('orders').addColumn('refunded_at', ts).execute();
    await db.schema.alterTable('orders').addColumn('refunded_by', 'integer').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('refund_reason', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('redeem_batches').addColumn('disabled_at', ts).execute();
  },
};
