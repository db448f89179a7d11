import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ConfigError, type AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { createDb, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { modules } from './modules/index.js';

/**
 * The database the configuration names: PostgreSQL by URL, else SQLite under the data folder.
 * The API and the workers bound each statement (`serving`): a database that stalls answers
 * their requests with 503s within seconds instead of holding them (docs/deploy.md,
 * "Outages"); the admin CLI's work may rightly take longer.
 */
export function openDatabase(config: AppConfig, use: 'serving' | 'admin' = 'serving'): Db {
  return createDb({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    prepare: config.databasePrepare,
    sqliteFile: path.join(config.dataDir, 'atelier.db'),
    ...(use === 'serving' ? { statementTimeoutMs: config.databaseTimeoutMs } : {}),
  });
}

/**
 * Embedded mode needs no setup: without SECRET_KEY a random one is kept in the data folder
 * (readable only by its owner) so encrypted provider keys survive restarts.
 */
export function ensureSecretKey(config: AppConfig): AppConfig {
  if (config.secretKey) return config;
  const file = path.join(config.dataDir, 'secret.key');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file))
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return { ...config, secretKey: fs.readFileSync(file, 'utf8').trim() };
}

/** Migrates, then lets every module seed what a fresh install needs. Returns lines to print. */
export async function prepareDatabase(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
): Promise<string[]> {
  // A migration may rightly run long (an index on a big table, or waiting for another
  // instance's): not under the statement bound of serving.
  const migrating = ctx.db.unbounded?.() ?? ctx.db;
  try {
    await migrateToLatest(migrating);
  } finally {
    if (migrating !== ctx.db) await migrating.destroy();
  }
  const notes: string[] = [];
  for (const module of modules)
    if (module.seed) notes.push(...(await module.seed(ctx as AppContext)));
  return notes;
}

/**
 * Ends the process on SIGINT or SIGTERM: `stopWork` first (background tasks, task workers), then
 * open requests finish, then the database closes. A stop that hangs is cut after 10 s.
 */
export function closeOnSignals(
  app: FastifyInstance,
  db: Db,
  message: string,
  stopWork: () => Promise<unknown>,
): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, message);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await stopWork();
    await app.close();
    await db.destroy();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Runs a process's main; a bad configuration exits 78 (EX_CONFIG), any other failure 1. */
export function runMain(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(78);
    }
    process.stderr.write(
      `${name} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
