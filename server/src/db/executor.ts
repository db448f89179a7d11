import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/**
 * The database or an open transaction: a service function taking one joins its caller's
 * transaction when given one (credits move with the row that pays for them).
 */
export type Executor = Kysely<Database> | Transaction<Database>;

/** What dialectOf read, per Kysely adapter (every settle asks). */
const dialects = new WeakMap<object, DialectName>();

/**
 * The dialect behind an executor, for the few statements written apart for PostgreSQL (one
 * round trip where SQLite, in-process, takes several). Read from how a parameter compiles
 * (`$1` or `?`): no query, and no reach into Kysely's internals.
 */
export const dialectOf = (db: Executor): DialectName => {
  const adapter = db.getExecutor().adapter;
  let dialect = dialects.get(adapter);
  if (!dialect) {
    dialect = sql`${0}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite';
    dialects.set(adapter, dialect);
  }
  return dialect;
};
