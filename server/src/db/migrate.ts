import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** Migrations are listed in code (not read from a folder) so the built server carries them. */
class ListedMigrations implements MigrationProvider {
  constructor(private readonly db: Db) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const dialect = this.db.dialect;
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [name, { up: (k) => m.up(k, dialect) }]),
    );
  }
}

/**
 * SQLite: whether a migration has not run yet (a fresh data folder, or a new version); false on
 * PostgreSQL, whose instances migrate in their own process.
 */
export async function migrationsPending(db: Db): Promise<boolean> {
  if (db.dialect !== 'sqlite') return false;
  const { rows } = await sql<{ done: number }>`select count(*) as done from kysely_migration`
    .execute(db.kysely)
    .catch(() => ({ rows: [{ done: 0 }] }));
  return (rows[0]?.done ?? 0) < Object.keys(migrations).length;
}

/**
 * Kysely's migrator lists the tables of every schema before it starts; a schema dropped by
 * another tenant of the same server meanwhile (parallel test schemas, a site removed) makes
 * that listing fail with 3F000 "schema does not exist" or 42P01 "relation does not exist"
 * although ours is there, and a column another tenant's migration drops or renames meanwhile
 * with 42703 "column does not exist". Such a failure comes before any migration runs (no migration result
 * says Error), so it is tried again; a migration's own failure is not.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db);
    } catch (error) {
      if (!(error instanceof ListingFailed) || attempt >= 5) throw error;
    }
  }
}

class ListingFailed extends Error {}
const VANISHED = new Set(['3F000', '42P01', '42703']);

async function migrateOnce(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: new ListedMigrations(db),
    // Kysely looks for its own tables in every schema unless told which: with parallel test
    // schemas it would find another schema's table and never create its own.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
    // Kysely's default is `localeCompare`, whose first call maps about 3 MB of the ICU
    // collation data in node's binary for good (docs/scaling.md); the names (`0001_...`) sort
    // the same by code unit.
    nameComparator: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const code = (error as { code?: unknown }).code;
    const Failure =
      !failed && typeof code === 'string' && VANISHED.has(code) ? ListingFailed : Error;
    throw new Failure(`Migration ${failed ?? '(unknown)'} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
