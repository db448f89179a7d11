/**
 * Which unique constraint a failed insert or update broke, on either dialect:
 * PostgreSQL answers code 23505 with the table and `Key (column)=(…)` in its detail;
 * SQLite answers SQLITE_CONSTRAINT_UNIQUE with `UNIQUE constraint failed: table.column`.
 */
export function uniqueViolation(error: unknown): { table: string; column: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; table?: unknown; detail?: unknown; message?: unknown };
  if (e.code === '23505' && typeof e.detail === 'string') {
    const column = /^Key \(([^)]+)\)/.exec(e.detail)?.[1];
    return column ? { table: typeof e.table === 'string' ? e.table : '', column } : null;
  }
  if (
    (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') &&
    typeof e.message === 'string'
  ) {
    const found = /UNIQUE constraint failed: (\w+)\.(\w+)/.exec(e.message);
    return found ? { table: found[1]!, column: found[2]! } : null;
  }
  return null;
}

/**
 * Whether an insert or update broke a unique constraint (or a primary key), on either dialect:
 * the row exists already, typically because another process wrote it at the same moment.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Whether an insert or update named a row another table does not hold (a foreign key), on
 * either dialect: PostgreSQL's code 23503, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
