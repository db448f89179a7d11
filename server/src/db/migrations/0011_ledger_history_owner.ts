import type { AtelierMigration } from '../column-types.js';

/**
 * `credit_ledger.history_user_id`: whose history lists show a row when that is not its owner.
 * A guest's rows move to the account it became (set in the sign-up or sign-in transaction);
 * the books stay per `user_id`, so both ledgers still add up. Null: the owner's own lists.
 */
export const ledgerHistoryOwner: AtelierMigration = {
  async up(db) {
    await db.schema
      .alterTable('credit_ledger')
      .addColumn('history_user_id', 'integer', (c) => c.references('users.id'))
      .execute();
    await db.schema
      .createIndex('credit_ledger_history_idx')
      .on('credit_ledger')
      .columns(['history_user_id', 'id'])
      .execute();
  },
};
