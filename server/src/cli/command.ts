import type { AppContext } from '../context.js';

/** One `npm run admin -- <name> …` command. */
export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  /** Returns the process exit code; prints for a person reading a terminal. */
  run(ctx: AppContext, args: ParsedArgs): Promise<number>;
}

export interface ParsedArgs {
  positional: string[];
  options: Record<string, string | true>;
}

/** `a b --key value --flag --key2=value2` → positional [a, b] and options. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) options[key] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      options[key] = next;
      i++;
    } else options[key] = true;
  }
  return { positional, options };
}
