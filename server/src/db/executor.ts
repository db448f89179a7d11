import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * The database or an open transaction: a service function taking one joins its caller's
 * transaction when given one (credits move with the row that pays for them).
 */
export type Executor = Kysely<Database> | Transaction<Database>;
