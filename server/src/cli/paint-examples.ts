import { pino } from 'pino';
import { ensureSecretKey, openDatabase } from '../boot.js';
import { loadConfig } from '../config.js';
import { defaultHooks, GuestDataMovers, zeroBalance, type AppContext } from '../context.js';
import { installAccountHooks } from '../modules/auth/index.js';
import { marketModule } from '../modules/market/index.js';
import { worksModule } from '../modules/works/index.js';

/**
 * The example works of a first start and the market's example prompts made from them, in a
 * process of their own (modules/works, `paintExamplesApart`): the server's configuration and
 * database, the server waiting for this process to end. Prints the seeds' notes, `note: ...`
 * each.
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
    const notes = [...(await worksModule.seed!(ctx)), ...(await marketModule.seed!(ctx))];
    for (const note of notes) process.stdout.write(`note: ${note}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
