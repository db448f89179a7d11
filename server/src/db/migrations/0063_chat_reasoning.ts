import type { AtelierMigration } from '../column-types.js';

/**
 * Answers of reasoning models (docs/providers.md, Reasoning models), on `chat_logs`:
 * - `reasoning`: the model's thinking, shown above the answer and never sent upstream again;
 * - `reasoning_ms`: how long it thought (first thought to the answer's first text), or null;
 * - `finish_reason`: `length` or `content_filter` when the upstream cut the answer, else null.
 */
export const chatReasoning: AtelierMigration = {
  async up(db) {
    await db.schema
      .alterTable('chat_logs')
      .addColumn('reasoning', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('chat_logs').addColumn('reasoning_ms', 'integer').execute();
    await db.schema.alterTable('chat_logs').addColumn('finish_reason', 'text').execute();
  },
};
