import { pino } from 'pino';
import { ensureSecretKey, openDatabase, prepareDatabase } from '../boot.js';
import { loadConfig } from '../config.js';
import { defaultHooks, GuestDataMovers, zeroBalance, type AppContext } from '../context.js';
import { installAccountHooks } from '../modules/auth/index.js';

/**
 * A start's migrations and seeds (with the example works) in a process of their own, as the
 * admin command's first run makes them: the server runs this when a migration is pending on
 * SQLite, waits for it to end and prints its notes (`note: ...` each). Their statements, rows
 * and pictures then leave no pages behind in the server (docs/scaling.md, Idle memory).
 */
async function main(): Promise<void> {
  const config = ensureSecretKey(loadConfig());
  const db = openDatabase(config, 'admin');
  const ctx: AppContext = {
    config,
    db,
    log: pino({ level: 'warn' }),
    guestData: new GuestDataMovers(),
    accountEvents: { guestCreated: [], registered: [] },
    balances: { read: zeroBalance },
    hooks: defaultHooks(),
    taskRunners: new Map(),
  };
  installAccountHooks(ctx.hooks);
  try {
    for (const note of await prepareDatabase(ctx)) process.stdout.write(`note: ${note}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
