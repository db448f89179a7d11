import { vi } from 'vitest';
import type { AppContext } from '../context.js';
import { parseArgs, type AdminCommand } from '../cli/command.js';
import { commands } from '../cli/commands.js';

/**
 * Runs an admin command as `npm run admin -- <name> …` would, against a test app's context,
 * and returns its exit code with everything it printed (stdout and stderr).
 */
export async function runAdmin(
  ctx: AppContext,
  command: string | AdminCommand,
  argv: string[],
): Promise<{ code: number; text: string }> {
  const found = typeof command === 'string' ? commands.find((c) => c.name === command) : command;
  if (!found) throw new Error(`no admin command ${String(command)}`);
  const printed: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    const code = await found.run(ctx, parseArgs(argv));
    return { code, text: printed.join('') };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
