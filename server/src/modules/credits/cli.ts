import type { AdminCommand } from '../../cli/command.js';
import { AppError } from '../../http/errors.js';
import { format } from '../../http/messages.js';
import { ledgerCheck, adjust } from './ledger.js';
import { createCodeBatch } from './code-batches.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

export const ledgerCheckCommand: AdminCommand = {
  name: 'ledger-check',
  usage: 'ledger-check',
  summary: 'Verify every balance equals the sum of its ledger (exit 1 on any difference)',
  async run(ctx) {
    const differences = await ledgerCheck(ctx.db.kysely);
    if (differences.length === 0) {
      out('Ledger check: every balance equals the sum of its ledger.');
      return 0;
    }
    out(`Ledger check: ${differences.length} user(s) differ:`);
    out('user_id,balance,ledger_sum,difference,last_balance_after');
    for (const d of differences)
      out(
        [d.userId, d.balance, d.ledgerSum, d.balance - d.ledgerSum, d.lastBalanceAfter ?? ''].join(
          ',',
        ),
      );
    return 1;
  },
};

export const grantCreditsCommand: AdminCommand = {
  name: 'grant-credits',
  usage: 'grant-credits <username> <amount> --reason R',
  summary: 'Add (or, with a negative amount, remove) credits of a user, as a ledger row',
  async run(ctx, { positional, options }) {
    const [username, rawAmount] = positional;
    const amount = Number(rawAmount);
    const reason = typeof options.reason === 'string' ? options.reason.trim() : '';
    if (!username || !Number.isSafeInteger(amount) || amount === 0 || !reason) {
      err('Usage: grant-credits <username> <amount> --reason "why" (amount a non-zero integer)');
      return 2;
    }
    const userId = await ctx.hooks.accountIdByName(ctx.db.kysely, username);
    if (userId === null) {
      err(`No user named ${username}.`);
      return 1;
    }
    try {
      const { balanceAfter } = await adjust(ctx.db.kysely, {
        userId,
        amount,
        reason: `cli: ${reason}`,
        adminId: null,
      });
      out(
        `${amount > 0 ? 'Granted' : 'Removed'} ${Math.abs(amount)} credits: ${username} now has ${balanceAfter}.`,
      );
      return 0;
    } catch (error) {
      // A refusal reads with its figures filled in ("balance 12"), as the console shows it.
      const why =
        error instanceof AppError
          ? format(error.text, 'en-US', error.params)
          : error instanceof Error
            ? error.message
            : String(error);
      err(`Not changed: ${why}`);
      return 1;
    }
  },
};

export const createCodesCommand: AdminCommand = {
  name: 'create-codes',
  usage: 'create-codes --count N --credits C [--vip-days D] [--expires ISO] [--label L] [--csv]',
  summary: 'Create a batch of redemption codes and print them (shown this once only)',
  async run(ctx, { options }) {
    const count = Number(options.count);
    const credits = Number(options.credits);
    const vipDays = options['vip-days'] === undefined ? 0 : Number(options['vip-days']);
    const expires = typeof options.expires === 'string' ? options.expires : null;
    const label = typeof options.label === 'string' ? options.label : '';
    const problems: string[] = [];
    if (!Number.isSafeInteger(count) || count < 1 || count > 10_000)
      problems.push('--count must be 1 to 10000');
    if (!Number.isSafeInteger(credits) || credits < 0) problems.push('--credits must be ≥ 0');
    if (!Number.isSafeInteger(vipDays) || vipDays < 0) problems.push('--vip-days must be ≥ 0');
    if (expires !== null && Number.isNaN(Date.parse(expires)))
      problems.push('--expires must be an ISO date, e.g. 2027-01-01T00:00:00Z');
    if (problems.length) {
      for (const p of problems) err(p);
      return 2;
    }
    const { batch, codes, csv } = await createCodeBatch(
      ctx.db.kysely,
      { count, credits, vipDays, expiresAt: expires, label },
      null,
    );
    if (options.csv) process.stdout.write(csv);
    else {
      err(
        `Batch ${batch.id}: ${count} code(s) of ${credits} credits${vipDays ? ` and ${vipDays} VIP days` : ''}. Stored hashed: keep them now.`,
      );
      for (const code of codes) out(code);
    }
    return 0;
  },
};
