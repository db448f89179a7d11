import type { AtelierMigration } from '../column-types.js';
import { timestamp, withId } from '../column-types.js';

/**
 * Files in the conversation (docs/chat.md, "Files in the conversation"):
 * - `chat_files`: a file a user attached to a chat, its bytes stored as a `files` row
 *   (`file_id`, the owner's), and the text read from it: `parts` is the JSON list
 *   `[{ "page": 1, "label"?: "Sheet1", "text": "…" }, …]` (a PDF's pages, a workbook's sheets,
 *   a deck's slides; one part for the others), `pages` how many, `tokens` the estimate of
 *   the whole text, `format` what it was read as (`pdf`, `docx`, `xlsx`, `pptx`, `csv`, `text`);
 * - `chat_logs.files`: on a question, the JSON list of the files sent with it and what of each
 *   went to the model (`[{ "id", "name", "size", "pages", "format", "tokens", "used": "whole" |
 *   "parts" | "none", "usedPages": [n…] }]`); `[]` for every other message.
 */
export const chatFiles: AtelierMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('chat_files'), dialect)
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('file_id', 'integer', (c) =>
        c.notNull().references('files.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('pages', 'integer', (c) => c.notNull())
      .addColumn('tokens', 'integer', (c) => c.notNull())
      .addColumn('parts', 'text', (c) => c.notNull())
      .addColumn('created_at', timestamp(dialect), (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('chat_files_user_idx')
      .on('chat_files')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .alterTable('chat_logs')
      .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
