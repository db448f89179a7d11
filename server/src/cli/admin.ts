import { ConfigError } from '../config.js';
import { prepareDatabase } from '../boot.js';
import { parseArgs } from './command.js';
import { commands } from './commands.js';
import { openCliContext } from './cli-context.js';

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
  const ctx = openCliContext();
  try {
    // A first run from the shell seeds like a first start: show what it created (the admin login).
    for (const note of await prepareDatabase(ctx)) process.stdout.write(`${note}\n`);
    return await command.run(ctx, parseArgs(rest));
  } finally {
    await ctx.db.destroy();
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
