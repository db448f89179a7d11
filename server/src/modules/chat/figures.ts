import type { Executor } from '../../db/executor.js';

/*
 * What other modules read of chat's tables, as functions (only this module queries them,
 * scripts/check-tables.mjs): who chatted when (the dashboard's active users). The names of
 * providers and models are the providers module's (its figures.ts).
 */

/** Who sent or got a chat message when, since an ISO time. */
export const chatStartsSince = (db: Executor, since: string) =>
  db
    .selectFrom('chat_logs')
    .select(['user_id', 'created_at'])
    .where('created_at', '>=', since)
    .execute();
