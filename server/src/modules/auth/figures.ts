import type { AccountCard } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { accountKey } from './accounts.js';

/*
 * What other modules read of the accounts, as functions (only this module queries its tables,
 * scripts/check-tables.mjs): names and avatars to show beside a row, the sign-ups of a period.
 */

/** The username, nickname and avatar of the accounts asked for, by id (a missing one is absent). */
export async function accountsOf(db: Executor, ids: number[]) {
  if (ids.length === 0)
    return new Map<number, { username: string | null; nickname: string; avatar: string }>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'nickname', 'avatar'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { username: r.username, nickname: r.nickname, avatar: r.avatar }]),
  );
}

/** When each registered account was made, since an ISO time (the dashboard's sign-ups). */
export const signupsSince = (db: Executor, since: string) =>
  db
    .selectFrom('users')
    .select('created_at')
    .where('kind', '=', 'registered')
    .where('created_at', '>=', since)
    .execute();

/**
 * The username, nickname, invite code, role and kind of the accounts asked for, by id (the context's
 * `accounts` hook: credits', providers' and drawing's reads).
 */
export async function accountCardsOf(
  db: Executor,
  ids: number[],
): Promise<Map<number, AccountCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'nickname', 'invite_code', 'role', 'kind'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        username: r.username,
        nickname: r.nickname,
        inviteCode: r.invite_code,
        role: r.role,
        kind: r.kind,
      },
    ]),
  );
}

/** The id of the account of that username (matched as sign-in matches it), or null. */
export async function accountIdByName(db: Executor, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', accountKey(username))
    .executeTakeFirst();
  return row?.id ?? null;
}
