import { sql } from 'kysely';
import type { AtelierMigration, MigrationDb } from '../column-types.js';

/**
 * Edit and branch (docs/chat.md, Edit and branch), on the chat tables:
 * - `chat_logs.parent_id`: the message a message follows (null: the chat's first question);
 *   messages with one parent and one role are branches of each other (an edited question, a
 *   regenerated answer);
 * - `chat_groups.leaf_id`: the last message of the branch on screen; the path from it up to the
 *   first question is what is shown and what is sent upstream as context (null: the newest).
 * Existing chats keep working: each message's parent becomes the message before it in its
 * chat, and each chat's leaf its newest message (one straight path, as before).
 */
export const chatBranches: AtelierMigration = {
  async up(db) {
    await db.schema.alterTable('chat_logs').addColumn('parent_id', 'integer').execute();
    await db.schema.alterTable('chat_groups').addColumn('leaf_id', 'integer').execute();
    await db.schema
      .createIndex('chat_logs_parent_idx')
      .on('chat_logs')
      .columns(['group_id', 'parent_id'])
      .execute();
    await fillLinearPaths(db);
  },
};

/** Each chat as one straight path: every message follows the one before it, the newest shown. */
export async function fillLinearPaths(db: MigrationDb): Promise<void> {
  await sql`UPDATE chat_logs SET parent_id = (
    SELECT MAX(p.id) FROM chat_logs p WHERE p.group_id = chat_logs.group_id AND p.id < chat_logs.id
  )`.execute(db);
  await sql`UPDATE chat_groups SET leaf_id = (
    SELECT MAX(l.id) FROM chat_logs l WHERE l.group_id = chat_groups.id
  )`.execute(db);
}
