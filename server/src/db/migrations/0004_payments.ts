import type { AtelierMigration } from '../column-types.js';

/** Packages, orders and payment notifications (payments module). */
export const payments: AtelierMigration = {
  async up() {},
};
