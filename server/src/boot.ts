import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { createDb, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { modules } from './modules/index.js';

/** The database the configuration names: PostgreSQL by URL, else SQLite under the data folder. */
export function openDatabase(config: AppConfig): Db {
  return createDb({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    sqliteFile: path.join(config.dataDir, 'atelier.db'),
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
  await migrateToLatest(ctx.db);
  const notes: string[] = [];
  for (const module of modules)
    if (module.seed) notes.push(...(await module.seed(ctx as AppContext)));
  return notes;
}
