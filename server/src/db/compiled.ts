import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs a read straight on SQLite's connection, or answers null when it may not (a transaction
 * is open on it). Registered by database.ts for its SQLite Kysely instance only.
 */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

const directReads = new WeakMap<object, DirectRead>();

/**
 * Lets `compiledOnce` run its reads on `kysely` through `read` instead of Kysely's driver: on
 * SQLite, whose driver is synchronous under a promise-based mutex, the driver's promises, mutex
 * and result plumbing cost several times what SQLite's own read of a row does (about 8 µs of
 * 10 on this machine). Only for the instance itself: a transaction passed instead is another
 * object, so its statements still go through it.
 */
export function allowDirectReads(kysely: Kysely<Database>, read: DirectRead): void {
  directReads.set(kysely, read);
}

/**
 * A hot query (every signed-in request's session lookup, the profile and balance reads)
 * compiled to SQL once per dialect instead of at every call: Kysely builds, freezes and walks
 * the query's tree each time, about a tenth of a small read's CPU. `build` makes the query
 * with the parameters it is given; it is called once with placeholders, and each later call
 * sends that SQL with the actual values in their places. Only for queries whose SQL does not
 * depend on the values (no optional clauses, no lists).
 */
export function compiledOnce<P extends readonly unknown[], R>(
  build: (db: Kysely<Database>, ...params: P) => Compilable<R>,
): (db: Kysely<Database>, ...params: P) => Promise<R[]> {
  const byAdapter = new WeakMap<object, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    let made = byAdapter.get(adapter);
    if (!made) {
      const marks = params.map((_, i) => `\u0000compiled-once-${i}\u0000`);
      const query = build(db, ...(marks as unknown as P)).compile();
      // Where each parameter goes; -1 keeps a constant the query compiled itself.
      const slots = query.parameters.map((value) => marks.indexOf(value as string));
      if (params.some((_, i) => !slots.includes(i)))
        throw new Error(`compiledOnce: a parameter is not in ${query.sql}`);
      made = { query, slots };
      byAdapter.set(adapter, made);
    }
    const { query, slots } = made;
    const parameters = slots.map((slot, i) => (slot >= 0 ? params[slot] : query.parameters[i]));
    const rows = directReads.get(db)?.(query.sql, parameters);
    if (rows) return rows as R[];
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}

/**
 * `compiledOnce` for a statement with many values (a row to insert, the columns to set): the
 * values come as one object, its keys the same at every call, each used once as a parameter.
 * `build` is called once with a placeholder in each value's place; every call then sends that
 * SQL with the object's values. For the statements every chat answer and credit movement
 * writes, where building the statement cost more than SQLite running it.
 */
export function compiledWith<V extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): (db: Kysely<Database>, values: V) => Promise<R[]> {
  const byAdapter = new WeakMap<object, { query: CompiledQuery<R>; slots: (keyof V | null)[] }>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let made = byAdapter.get(adapter);
    if (!made) {
      const keys = Object.keys(values);
      const marks = Object.fromEntries(keys.map((k) => [k, `\u0000compiled-with-${k}\u0000`]));
      const query = build(db, marks as V).compile();
      // Which value each parameter is; null keeps a constant the query compiled itself.
      const slots = query.parameters.map((value) => {
        const at = keys.findIndex((k) => marks[k] === value);
        return at >= 0 ? (keys[at] as keyof V) : null;
      });
      const missing = keys.find((k) => !slots.includes(k));
      if (missing !== undefined)
        throw new Error(`compiledWith: the value ${missing} is not a parameter of ${query.sql}`);
      made = { query, slots };
      byAdapter.set(adapter, made);
    }
    const { query, slots } = made;
    const parameters = slots.map((key, i) => (key === null ? query.parameters[i] : values[key]));
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
