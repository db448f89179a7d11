import { sql } from 'kysely';
import type { AtelierMigration } from '../column-types.js';

/**
 * python-audio-separator's Cloud Run deployment answers `POST /separate` only once the
 * separation is done (its own client waits up to 1,800 s): a provider of that protocol still
 * on the former default timeout of 60 s gives up long before, so it gets the protocol's
 * default of 1,800 s (docs/separation.md, Providers). A timeout an operator chose stays.
 */
export const cloudrunTimeouts: AtelierMigration = {
  async up(db) {
    await sql`update chat_providers set timeout_ms = 1800000
      where protocol = 'audio-separator-cloudrun' and timeout_ms = 60000`.execute(db);
  },
};
