import type { AtelierMigration } from '../column-types.js';

/** Balances, the ledger, holds, prices, redemption codes, packages, orders (credits module). */
export const credits: AtelierMigration = {
  async up() {},
};
