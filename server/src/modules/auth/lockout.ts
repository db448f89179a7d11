import { nowIso } from '../../db/database.js';
import { WrongTries } from '../../db/wrong-tries.js';
import { AppError } from '../../http/errors.js';
import type { Executor } from '../../db/executor.js';
import { authMessages } from './messages.js';

/** 10 failed sign-ins of one account within 15 minutes lock it for 15 minutes. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
const failures = new WrongTries('login_failures', FAILURE_WINDOW_MS);

/**
 * Failures are counted per account (the user id when the account exists, else the name typed),
 * in the database so the lock holds across every API instance.
 */
export const lockKeyOf = (user: { id: number } | undefined, typed: string): string =>
  user ? `user:${user.id}` : `name:${typed}`;

/** Throws 429 while the account is locked. */
export async function assertNotLocked(db: Executor, key: string): Promise<void> {
  const lock = await db
    .selectFrom('account_locks')
    .select('locked_until')
    .where('account_key', '=', key)
    .where('locked_until', '>', nowIso())
    .executeTakeFirst();
  if (!lock) return;
  const seconds = Math.max(1, Math.ceil((Date.parse(lock.locked_until) - Date.now()) / 1000));
  throw new AppError(429, authMessages.accountLocked, { minutes: Math.ceil(seconds / 60) });
}

/** Old rows are deleted by the account sweeper (sweeper.ts). */
export async function recordFailure(db: Executor, key: string, ip: string): Promise<void> {
  const now = Date.now();
  await failures.record(db, { account_key: key, ip }, now);
  const count = await failures.count(db, { account_key: key }, now);
  if (count < MAX_FAILURES) return;
  const lockedUntil = new Date(now + LOCK_MS).toISOString();
  await db
    .insertInto('account_locks')
    .values({ account_key: key, locked_until: lockedUntil })
    .onConflict((oc) => oc.column('account_key').doUpdateSet({ locked_until: lockedUntil }))
    .execute();
}

/** A successful sign-in (or an operator's password reset) starts the count again. */
export async function clearFailures(db: Executor, key: string): Promise<void> {
  await failures.clear(db, 'account_key', key);
  await db.deleteFrom('account_locks').where('account_key', '=', key).execute();
}
