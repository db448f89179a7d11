import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { createRequire } from 'node:module';
import type pgModule from 'pg';
import { Incident, isOutage, type IncidentLog } from '../lib/outage.js';
import { allowDirectReads } from './compiled.js';
import type { Database } from './schema.js';

// Loaded only when PostgreSQL is configured: the embedded mode never pays for the driver.
const require = createRequire(import.meta.url);
type Pg = typeof pgModule;

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema in use when one is configured (tests run one schema each). */
  schema?: string;
  /** Runs a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** SQLite only: the database file, and an online backup of it to `destination`. */
  file?: string;
  backup?(destination: string): Promise<void>;
  /** PostgreSQL: where the outages of the server are reported (the app's logger). */
  reportTo?(log: IncidentLog): void;
  /**
   * PostgreSQL, when opened with `statementTimeoutMs`: the same database without that bound,
   * for what may rightly take long (migrations); the caller destroys it.
   */
  unbounded?(): Db;
  destroy(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  databaseSchema?: string;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL: keep statements parsed per connection (default); false for PgBouncer's transaction mode. */
  prepare?: boolean;
  /**
   * PostgreSQL: the longest a statement may run before the server cancels it (its
   * `statement_timeout`), and, `QUERY_GRACE_MS` later, the longest a query waits for any
   * answer before its connection is dropped: a server or a network that says nothing at all.
   * 0 or absent: unbounded (the admin CLI, migrations, tests).
   */
  statementTimeoutMs?: number;
}

/**
 * PostgreSQL returns int8 (COUNT, SUM, bigint ids) as strings and timestamptz as Date;
 * we want numbers and ISO strings, as SQLite gives, so that one set of queries serves both.
 */
function pgTypes(pg: Pg): pgModule.CustomTypesConfig {
  const { types } = pg;
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === types.builtins.INT8) return (v: string) => Number(v);
      if (oid === types.builtins.NUMERIC) return (v: string) => Number(v);
      if (oid === types.builtins.TIMESTAMPTZ || oid === types.builtins.TIMESTAMP)
        return (v: string) =>
          new Date(v.includes('+') || v.endsWith('Z') ? v : `${v}Z`).toISOString();
      return types.getTypeParser(oid, format as 'text');
    }) as pgModule.CustomTypesConfig['getTypeParser'],
  };
}

/** Statements that change the schema: run once each (by a migration), never kept. */
const schemaChange = /^\s*(?:create|alter|drop)\s/i;

/**
 * Kysely prepares every query anew, and compiling the statement is most of the cost of a small
 * SQLite read; keep the prepared statements of the most recent distinct SQL texts instead. The
 * schema's statements are not kept: a first start's migrations prepare about 190 of them, large
 * programs each, which stayed in memory (about 5 MB, docs/scaling.md).
 */
function withStatementCache(
  sqlite: SQLite.Database,
  size = 500,
): SqliteDatabase & { prepare(sqlText: string): SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      if (schemaChange.test(sqlText)) return sqlite.prepare(sqlText);
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/**
 * Kysely sends every PostgreSQL statement unnamed, so the server parses and plans it anew each
 * time; on a task's hand-over that is most of the time of a statement (bench/queue.mjs: 5.3 →
 * 3.0 ms per task). Each pooled connection instead names the statements it runs after their
 * text, so the server keeps them parsed, up to `size` of them per connection (the least recent
 * is deallocated). Needs a session-mode connection (not a transaction-mode PgBouncer):
 * `DATABASE_PREPARE=false` turns it off.
 */
function withNamedStatements(pool: pgModule.Pool, size = 200): void {
  pool.on('connect', (client) => {
    const named = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // node-postgres's own record of the statements this connection has parsed.
    const { connection } = client as unknown as {
      connection: { parsedStatements: Record<string, string> };
    };
    // Kysely calls query(text, values); every other form goes through unchanged.
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
      ...args: unknown[]
    ) => {
      const [text, values] = args;
      if (
        typeof text !== 'string' ||
        !Array.isArray(values) ||
        args.length !== 2 ||
        text.length < 24
      )
        return query(...args);
      const name = `a${statementHash(text)}`;
      const known = named.get(name);
      if (known !== undefined && known !== text) return query(...args); // a hash collision
      if (known === undefined) {
        named.set(name, text);
        if (named.size > size) {
          const [oldest] = named.keys();
          named.delete(oldest!);
          // Only a statement the server parsed exists there: a failed deallocate would abort
          // the transaction it runs in.
          if (connection.parsedStatements[oldest!] !== undefined) {
            delete connection.parsedStatements[oldest!];
            void (query(`deallocate ${oldest}`) as Promise<unknown>).catch(() => undefined);
          }
        }
      } else {
        // Most recently used last: the Map's order is the eviction order.
        named.delete(name);
        named.set(name, text);
      }
      return query({ name, text, values });
    };
  });
}

/** A short name for a statement's text (FNV-1a, 64 bits as two halves). */
function statementHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}${text.length.toString(36)}`;
}

/**
 * How long opening a connection to PostgreSQL may take, and how long a query may wait for a
 * connection of the pool (all of them busy), before it fails. A server that is down refuses at
 * once; these bound a server that does not answer at all, or a pool swamped by load: a
 * request then answers 503 rather than waiting (docs/deploy.md, "Outages").
 */
const CONNECT_TIMEOUT_MS = 3000;
const POOL_WAIT_MS = 10_000;

/**
 * How much longer than the statement timeout a query waits for an answer: a server that is
 * alive cancels the statement itself first (its connection stays usable); only one that says
 * nothing at all (frozen, or a network dropping packets without closing anything) reaches this.
 */
const QUERY_GRACE_MS = 500;

/** What node-postgres says when a query got no answer within its `query_timeout`. */
const NO_ANSWER = 'Query read timeout';

/** While the database is known to be away, how often one connection tries whether it is back. */
const PROBE_EVERY_MS = 250;

/** A query refused because the database is known to be away: 57P03, "cannot connect now". */
function databaseAway(): Error {
  return Object.assign(new Error('database unreachable: waiting for it to answer again'), {
    code: '57P03',
  });
}

/**
 * A pool that outlives the server's restarts. node-postgres emits `error` on a client whose
 * connection is lost (a restart, a failover, `pg_terminate_backend`, a proxy's idle timeout),
 * idle in the pool or checked out between two queries; without a listener that error ends the
 * process. Here every client and the pool have one: the lost connection is reported (once per
 * outage) and dropped, the pool opens a new one for the next query, and a query that needed
 * it fails (a request answers 503).
 */
function resilientPool(pg: Pg, options: DbOptions, incident: Incident): pgModule.Pool {
  const statementMs = Math.max(0, options.statementTimeoutMs ?? 0);
  class Client extends pg.Client {
    constructor(config?: pgModule.ClientConfig) {
      super({
        ...config,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        ...(statementMs
          ? { statement_timeout: statementMs, query_timeout: statementMs + QUERY_GRACE_MS }
          : {}),
      });
    }
  }
  const pool = new pg.Pool({
    Client,
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    types: pgTypes(pg),
    // Which process a server connection belongs to (pg_stat_activity); a URL's own wins.
    application_name: process.env.PGAPPNAME ?? `atelier:${process.pid}`,
    connectionTimeoutMillis: POOL_WAIT_MS,
    // A peer that vanished without closing (a network cut) is noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.databaseSchema ? { options: `-c search_path=${options.databaseSchema}` } : {}),
  });
  pool.on('error', (error) => incident.failed(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => incident.failed(error));
    // Serving, only an answered query ends an outage (below): a server may let connections
    // in and still answer nothing.
    if (statementMs) dropWhenSilent(client, incident);
    else incident.answered();
  });
  return pool;
}

/**
 * A query that got no answer at all leaves its connection waiting for one (node-postgres
 * queues the next queries behind it): the connection is dropped instead, so that the pool
 * opens a new one (or fails to, within its connect timeout) for the next query, and the
 * outage is reported. An answer after a silence ends the outage.
 */
function dropWhenSilent(client: pgModule.PoolClient, incident: Incident): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Kysely calls query(text, values) and reads the promise; other forms go through unchanged.
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    ...args: unknown[]
  ) => {
    const result = query(...args);
    if (result instanceof Promise)
      result.then(
        () => incident.answered(),
        (error: unknown) => {
          if (!(error instanceof Error) || error.message !== NO_ANSWER) return;
          incident.failed(error);
          // Ended at once (its socket destroyed, its query still waiting), so that the pool
          // does not take it back when the caller releases it.
          void client.end().catch(() => undefined);
        },
      );
    return result;
  };
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pg = require('pg') as Pg;
    const incident = new Incident('database');
    const pool = resilientPool(pg, options, incident);
    if (options.prepare !== false) withNamedStatements(pool);
    const bounded = (options.statementTimeoutMs ?? 0) > 0;
    let ended = false;
    let probing = false;
    /**
     * While the database is away: one connection at a time tries whether it is back (a new
     * connection and `select 1`, each bounded), until one answers. Any answer ends the outage.
     */
    const probeUntilBack = async () => {
      if (probing) return;
      probing = true;
      try {
        while (incident.down && !ended) {
          try {
            const client = await pool.connect();
            let failure: Error | undefined;
            await client.query('select 1').catch((error: Error) => void (failure = error));
            client.release(failure);
            if (!failure) incident.answered();
          } catch {
            // Still away.
          }
          if (incident.down && !ended) await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
        }
      } finally {
        probing = false;
      }
    };
    const reporting = {
      connect: () => {
        // Serving (bounded): once the database is known to be away, a query fails at once
        // instead of each meeting the outage's own delay (a silent server costs a connect
        // timeout or a query timeout each time, and a request may run several in a row); the
        // probe above says when it is back.
        if (bounded && incident.down) {
          void probeUntilBack();
          return Promise.reject(databaseAway());
        }
        // A connection that cannot be opened is an outage too (the pool may hold none to lose).
        return pool.connect().catch((error: unknown) => {
          if (isOutage(error)) incident.failed(error);
          throw error;
        });
      },
      end: () => {
        ended = true;
        return pool.end();
      },
    };
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: reporting }) });
    return {
      kysely,
      dialect: 'postgres',
      ...(options.databaseSchema ? { schema: options.databaseSchema } : {}),
      ping: async () => {
        const client = await reporting.connect();
        let failure: Error | undefined;
        try {
          await client.query('select 1');
        } catch (error) {
          failure = error as Error;
          throw error;
        } finally {
          // A connection that failed its query is not given back to the pool.
          client.release(failure);
        }
      },
      reportTo: (log) => incident.logTo(log),
      ...(options.statementTimeoutMs
        ? { unbounded: () => createDb({ ...options, statementTimeoutMs: 0, poolSize: 2 }) }
        : {}),
      destroy: () => kysely.destroy(),
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  // The hot reads (compiledOnce) skip Kysely's driver. Kysely holds the one connection behind a
  // mutex only so that a transaction's statements, spread over awaits, are not mixed with
  // others; a statement alone runs synchronously. So a read runs directly when no transaction is
  // open on the connection, and otherwise waits its turn through Kysely, as before: it never
  // sees another request's uncommitted rows.
  allowDirectReads(kysely, (sqlText, parameters) => {
    if (sqlite.inTransaction) return null;
    const statement = statements.prepare(sqlText);
    return statement.reader ? (statement.all(parameters) as unknown[]) : null;
  });
  return {
    kysely,
    dialect: 'sqlite',
    ping: async () => void sqlite.prepare('select 1').get(),
    file,
    // SQLite's online backup: pages are copied while the server keeps reading and writing.
    backup: async (destination) => void (await sqlite.backup(destination)),
    // Kysely closes the file only when it was used; a connection never queried is closed here.
    destroy: async () => {
      await kysely.destroy();
      if (sqlite.open) sqlite.close();
    },
  };
}

/** The current time as every timestamp column stores it: ISO-8601 in UTC. */
export const nowIso = (): string => new Date().toISOString();
