import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { WrongTries } from '../../db/wrong-tries.js';
import { AppError } from '../../http/errors.js';
import { ipKey } from '../../lib/ip-key.js';
import type { Executor } from '../../db/executor.js';
import { authMessages } from './messages.js';

/**
 * Wrong passwords slow the next try down instead of locking the account: a lock anyone could
 * renew by typing a known name kept its owner out for good. Failures are counted per account
 * over 15 minutes, in the database so the count holds across every API instance:
 * - from an address the account signed in from in the last KNOWN_ADDRESS_DAYS (remembered in
 *   `known_addresses` by openSession, kept after signing out; an IPv6 address by its /64),
 *   only that address's own failures count, so nobody else's guessing slows the owner down;
 * - from any other address, every failure on the account counts, so guessing from many
 *   addresses is slowed as one.
 * The first FREE_TRIES are free; each further one must wait 1 s, 2 s, 4 s… (at most 15 min)
 * after the last failure, and `hooks.abuseSeen` is told (where a captcha plugs in).
 */
export const FREE_TRIES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_DELAY_MS = 15 * 60_000;
const failures = new WrongTries('login_failures', FAILURE_WINDOW_MS);
/** How long an address an account signed in from stays known (the account sweeper forgets). */
export const KNOWN_ADDRESS_DAYS = 180;

/** The wait after `strikes` failures past the free ones: 1 s, 2 s, 4 s… at most 15 minutes. */
export const tryDelayMs = (strikes: number): number =>
  strikes <= 0 ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (strikes - 1));

/**
 * Failures are counted per account (the user id when the account exists, else the name typed).
 */
export const lockKeyOf = (user: { id: number } | undefined, typed: string): string =>
  user ? `user:${user.id}` : `name:${typed}`;

async function knownAddress(db: Executor, key: string, ip: string): Promise<boolean> {
  const userId = /^user:(\d+)$/.exec(key)?.[1];
  if (!userId) return false;
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000).toISOString();
  const seen = await db
    .selectFrom('known_addresses')
    .select('ip')
    .where('user_id', '=', Number(userId))
    .where('ip', '=', ip)
    .where('last_at', '>', since)
    .executeTakeFirst();
  return seen !== undefined;
}

/** Throws 429 (saying how many seconds) while this address must wait before trying again. */
export async function assertMayTry(
  ctx: Pick<AppContext, 'db' | 'hooks'>,
  req: Pick<FastifyRequest, 'ip'> & Partial<FastifyRequest>,
  key: string,
): Promise<void> {
  const db = ctx.db.kysely;
  const since = new Date(Date.now() - FAILURE_WINDOW_MS).toISOString();
  const ip = ipKey(req.ip);
  const known = await knownAddress(db, key, ip);
  let q = db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('created_at').as('last')])
    .where('account_key', '=', key)
    .where('created_at', '>', since);
  if (known) q = q.where('ip', '=', ip);
  const seen = await q.executeTakeFirstOrThrow();
  const strikes = Number(seen.n) - FREE_TRIES + 1;
  if (strikes <= 0 || !seen.last) return;
  await ctx.hooks.abuseSeen({ action: 'sign-in', req: req as FastifyRequest, key, strikes });
  const wait = Date.parse(String(seen.last)) + tryDelayMs(strikes) - Date.now();
  if (wait > 0)
    throw new AppError(429, authMessages.tooManyTries, { seconds: Math.ceil(wait / 1000) });
}

/** Old rows are deleted by the account sweeper (sweeper.ts). */
export async function recordFailure(db: Executor, key: string, ip: string): Promise<void> {
  await failures.record(db, { account_key: key, ip: ipKey(ip) });
}

/** A successful sign-in (or an operator's password reset) starts the count again. */
export async function clearFailures(db: Executor, key: string): Promise<void> {
  await failures.clear(db, 'account_key', key);
  // Locks written before tries were slowed instead: lifted with the count.
  await db.deleteFrom('account_locks').where('account_key', '=', key).execute();
}
