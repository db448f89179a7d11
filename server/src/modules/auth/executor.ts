import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The database or an open transaction: account functions join their caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
