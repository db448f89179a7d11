import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from './database.js';

/**
 * Conventions every migration follows so that one set of queries serves SQLite and PostgreSQL:
 * - ids: integer, auto-incremented (`serial` on PostgreSQL);
 * - timestamps: `timestamptz` on PostgreSQL, ISO text on SQLite, always written from JS as
 *   ISO-8601 UTC (`nowIso()`), read back as ISO strings (see database.ts);
 * - booleans: integer 0/1 on both;
 * - JSON: text holding JSON.
 */
export type MigrationDb = Kysely<unknown>;

/** A numbered migration; it is told the dialect because a few column types differ. */
export interface AtelierMigration {
  up(db: MigrationDb, dialect: DialectName): Promise<void>;
}

export function withId<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: DialectName,
): CreateTableBuilder<T, C | 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const timestamp = (dialect: DialectName) =>
  dialect === 'postgres' ? 'timestamptz' : 'text';
