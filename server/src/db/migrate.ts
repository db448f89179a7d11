import { Migrator, type Migration, type MigrationProvider } from 'kysely';
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

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: new ListedMigrations(db),
    // Kysely looks for its own tables in every schema unless told which: with parallel test
    // schemas it would find another schema's table and never create its own.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
