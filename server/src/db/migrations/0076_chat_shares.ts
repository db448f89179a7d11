import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Shared conversations (docs/chat.md, Share a conversation): `chat_shares`, a read-only
 * snapshot of a chat's branch on screen (its messages as JSON, its pictures named by their
 * storage key), reached by an unguessable `token`; `revoked_at` set by its owner ends the link.
 */
export const chatShares: AtelierMigration = {
  async up(db, dialect) {
    const ts = timestamp(dialect);
    await withId(db.schema.createTable('chat_shares'), dialect)
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('group_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('messages', 'text', (c) => c.notNull())
      .addColumn('message_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('revoked_at', ts)
      .execute();
    await db.schema
      .createIndex('chat_shares_user_idx')
      .on('chat_shares')
      .column('user_id')
      .execute();
  },
};
