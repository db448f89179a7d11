import { sql } from 'kysely';
import type { AtelierMigration } from '../column-types.js';

/**
 * Avatars are https:// links or our own files only (modules/auth/avatar.ts): any other value
 * a profile kept (a data: SVG, a javascript: or plain-http link) is cleared, and the account
 * shows its initial instead. The same statement on SQLite and PostgreSQL.
 */
export const avatarLinks: AtelierMigration = {
  async up(db) {
    await sql`update users set avatar = ''
      where avatar <> ''
        and avatar not like 'https://%'
        and avatar not like '/api/files/%'`.execute(db);
  },
};
