import type { AtelierMigration } from '../column-types.js';

/** Site configuration per domain, global config, ad jumps, notices and FAQ (sites module). */
export const sites: AtelierMigration = {
  async up() {},
};
