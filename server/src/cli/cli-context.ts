import { pino } from 'pino';
import { ensureSecretKey, openDatabase } from '../boot.js';
import { loadConfig } from '../config.js';
import { defaultHooks, GuestDataMovers, zeroBalance, type AppContext } from '../context.js';
import { installAccountHooks } from '../modules/auth/index.js';

/**
 * The context a command-line process works in: the server's configuration and database, no
 * module registered; the commands of the modules that cannot import auth read accounts through
 * its hooks (grant-credits finds the user by name).
 */
export function openCliContext(): AppContext {
  const config = ensureSecretKey(loadConfig());
  const ctx: AppContext = {
    config,
    db: openDatabase(config, 'admin'),
    log: pino({ level: 'warn' }),
    guestData: new GuestDataMovers(),
    accountEvents: { guestCreated: [], registered: [] },
    balances: { read: zeroBalance },
    hooks: defaultHooks(),
    taskRunners: new Map(),
  };
  installAccountHooks(ctx.hooks);
  return ctx;
}

/**
 * Runs `work` in a child process of the server (`lib/notes-child`): prints its notes,
 * `note: ...` each, closes the database, and exits 1 with the error on failure.
 */
export function printNotesOf(work: (ctx: AppContext) => Promise<string[]>): void {
  const run = async () => {
    const ctx = openCliContext();
    try {
      for (const note of await work(ctx)) process.stdout.write(`note: ${note}\n`);
    } finally {
      await ctx.db.destroy();
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
