import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type { AdminCommand } from './command.js';

const say = (text: string) => void process.stdout.write(`${text}\n`);
const fail = (text: string) => {
  process.stderr.write(`${text}\n`);
  return 1;
};

const PG_DUMP = 'pg_dump --format=custom --no-owner --file=atelier.dump "$DATABASE_URL"';
const PG_RESTORE =
  'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" atelier.dump';

/** A readable SQLite file of ours: the integrity check passes and it has the users table. */
function checkBackup(file: string): string | null {
  if (!fs.existsSync(file)) return `${file} does not exist`;
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const ok = db.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') return `${file} is damaged (${String(ok)})`;
    const users = db
      .prepare("select name from sqlite_master where type = 'table' and name = 'users'")
      .get();
    return users ? null : `${file} is not an Atelier database`;
  } catch (error) {
    return `${file} is not a SQLite database (${(error as Error).message})`;
  } finally {
    db?.close();
  }
}

/**
 * Whether any other process has the database open: an exclusive lock is refused (SQLITE_BUSY)
 * while a server holds a connection to it.
 */
function inUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const probe = new SQLite(file, { timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive');
    probe.exec('commit');
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
}

export const backupCommand: AdminCommand = {
  name: 'backup',
  usage: 'backup <file>',
  summary: 'Online backup of the SQLite database while the server runs (PostgreSQL: pg_dump)',
  async run(ctx, args) {
    const target = args.positional[0];
    if (!target) return fail('Usage: npm run admin -- backup <file>');
    if (ctx.db.dialect === 'postgres' || !ctx.db.backup) {
      say('The database is PostgreSQL: back it up with pg_dump, for example');
      say(`  ${PG_DUMP}`);
      return 2;
    }
    if (fs.existsSync(target) && !args.options.force)
      return fail(`${target} exists; pass --force to replace it`);
    await ctx.db.backup(target);
    const problem = checkBackup(target);
    if (problem) return fail(`The backup failed its check: ${problem}`);
    say(
      `Backed up ${ctx.db.file ?? 'the database'} to ${target} (${fs.statSync(target).size} bytes)`,
    );
    return 0;
  },
};

export const restoreCommand: AdminCommand = {
  name: 'restore',
  usage: 'restore <file>',
  summary: 'Replace the SQLite database with a backup (the server must be stopped)',
  async run(ctx, args) {
    const source = args.positional[0];
    if (!source) return fail('Usage: npm run admin -- restore <file>');
    const live = ctx.db.file;
    if (ctx.db.dialect === 'postgres' || !live) {
      say('The database is PostgreSQL: restore a pg_dump archive with pg_restore, for example');
      say(`  ${PG_RESTORE}`);
      return 2;
    }
    const problem = checkBackup(source);
    if (problem) return fail(`Not restored: ${problem}`);
    // This command's own connection goes first, so only another process can hold the file.
    await ctx.db.destroy();
    if (inUse(live))
      return fail(
        `Not restored: ${live} is in use (a server or worker runs on it). Stop them, then restore.`,
      );
    const from = new SQLite(source, { readonly: true });
    try {
      await from.backup(live);
    } finally {
      from.close();
    }
    say(`Restored ${live} from ${source}. Start the server again.`);
    return 0;
  },
};
