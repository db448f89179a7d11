import { defaultHooks, GuestDataMovers, zeroBalance, type AppContext } from '../context.js';
import { ConfigError, loadConfig } from '../config.js';
import { ensureSecretKey, openDatabase, prepareDatabase } from '../boot.js';
import { pino } from 'pino';
import { parseArgs } from './command.js';
import { commands } from './commands.js';
import { installAccountHooks } from '../modules/auth/index.js';

function help(): string {
  const width = Math.max(...commands.map((c) => c.usage.length), 10);
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    ...commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
  ].join('\n');
}

/** The operator's shell entry: same configuration and database as the server. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  if (!command) {
    process.stdout.write(help());
    return name && name !== 'help' && name !== '--help' ? 2 : 0;
  }
  const config = ensureSecretKey(loadConfig());
  const db = openDatabase(config, 'admin');
  const log = pino({ level: 'warn' });
  const ctx: AppContext = {
    config,
    db,
    log,
    guestData: new GuestDataMovers(),
    accountEvents: { guestCreated: [], registered: [] },
    balances: { read: zeroBalance },
    hooks: defaultHooks(),
    taskRunners: new Map(),
  };
  // No module is registered here; the commands of the modules that cannot import auth read
  // accounts through its hooks (grant-credits finds the user by name).
  installAccountHooks(ctx.hooks);
  try {
    // A first run from the shell seeds like a first start: show what it created (the admin login).
    for (const note of await prepareDatabase(ctx)) process.stdout.write(`${note}\n`);
    return await command.run(ctx, parseArgs(rest));
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `admin: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
