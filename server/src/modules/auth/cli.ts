import { auth } from '@atelier/contracts';
import type { AdminCommand, ParsedArgs } from '../../cli/command.js';
import { createAdmin, resetPassword } from './admins.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string) => {
  process.stderr.write(`${line}\n`);
  return 2;
};

/** `<username> [--password P]`, checked as the sign-up form checks them. */
function readAccountArgs(
  args: ParsedArgs,
  usage: string,
): { username: string; password: string | undefined } | string {
  const [name] = args.positional;
  if (!name) return `Usage: ${usage}`;
  const username = auth.username.safeParse(name);
  if (!username.success)
    return `username: ${username.error.issues[0]?.message ?? 'not valid'} (2–32 letters, digits, _ . -)`;
  const given = args.options.password;
  if (given === true) return '--password needs a value';
  if (given !== undefined && !auth.password.safeParse(given).success)
    return 'password: must be 8 to 128 characters';
  return { username: username.data, password: given };
}

const createUsage = 'create-admin <username> [--password P]';
const resetUsage = 'reset-password <username> [--password P]';

export const createAdminCommand: AdminCommand = {
  name: 'create-admin',
  usage: createUsage,
  summary: 'Create an admin account (or make an existing account an admin)',
  async run(ctx, args) {
    const parsed = readAccountArgs(args, createUsage);
    if (typeof parsed === 'string') return fail(parsed);
    const result = await createAdmin(ctx.db.kysely, parsed.username, parsed.password);
    if (result.outcome === 'promoted') {
      out(
        `${parsed.username} is now an admin${parsed.password ? '; its password was changed' : ''}.`,
      );
    } else if (parsed.password) out(`Admin ${parsed.username} created.`);
    else out(`Admin login: ${parsed.username} / ${result.password}`);
    return 0;
  },
};

export const resetPasswordCommand: AdminCommand = {
  name: 'reset-password',
  usage: resetUsage,
  summary: "Set a user's password (generated when not given); signs out every device",
  async run(ctx, args) {
    const parsed = readAccountArgs(args, resetUsage);
    if (typeof parsed === 'string') return fail(parsed);
    const result = await resetPassword(ctx.db.kysely, parsed.username, parsed.password);
    if (!result) {
      process.stderr.write(`No account named ${parsed.username}.\n`);
      return 1;
    }
    out(
      parsed.password
        ? `Password of ${parsed.username} changed; every device was signed out.`
        : `New password of ${parsed.username}: ${result.password} (every device was signed out)`,
    );
    return 0;
  },
};
