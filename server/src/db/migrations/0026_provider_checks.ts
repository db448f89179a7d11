import type { AtelierMigration } from '../column-types.js';
import { timestamp } from '../column-types.js';

/**
 * Each provider's last connection check (modules/chat/provider-checks.ts): passed (1) or
 * failed (0) and when; null until the first check. A model whose provider failed its last
 * check is offered after the others, so it is never anyone's default.
 */
export const providerChecks: AtelierMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('chat_providers').addColumn('last_check_ok', 'integer').execute();
    await db.schema
      .alterTable('chat_providers')
      .addColumn('last_check_at', timestamp(dialect))
      .execute();
  },
};
