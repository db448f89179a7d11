import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { UserBalance, UserInfo } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { compiledOnce } from '../../db/compiled.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { accountColumns, readCredentials, type AccountRow } from '../../http/identity.js';
import type { Localized } from '../../http/messages.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/executor.js';
import { assertMayTry, clearFailures, lockKeyOf, recordFailure } from './lockout.js';
import { authMessages } from './messages.js';
import { checkPassword, hashPassword } from './passwords.js';
import { closeAllSessions, dropExpiredSessions, openSession, type DeviceInfo } from './sessions.js';
import { recordGuest, recordSignup, type SignupOrigin } from './signups.js';

/** Usernames and emails are unique regardless of case and Unicode width. */
export const accountKey = (typed: string): string => typed.normalize('NFKC').trim().toLowerCase();

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 10 characters of an unambiguous 32-letter alphabet: 50 bits, easy to read out loud. */
export function newInviteCode(): string {
  return Array.from(randomBytes(10), (b) => INVITE_ALPHABET[b % 32]).join('');
}

const duplicate = (field: string, text: Localized) =>
  new AppError(409, text, {}, { errors: [{ field, message: text['en-US'] }] });

const wrongCredentials = () =>
  new AppError(
    400,
    authMessages.wrongCredentials,
    {},
    {
      errors: [{ field: 'password', message: authMessages.wrongCredentials['en-US'] }],
    },
  );

/** A broken unique constraint on the users table, as the 409 a person reads. */
function duplicateAccount(error: unknown): AppError | null {
  const found = uniqueViolation(error);
  if (!found || (found.table && found.table !== 'users')) return null;
  if (found.column === 'username_key') return duplicate('username', authMessages.usernameTaken);
  if (found.column === 'email_key') return duplicate('email', authMessages.emailTaken);
  return null;
}

export interface NewAccount {
  username: string;
  email?: string | null;
  /** Null for an account made by an emailed code (it may set a password later by a reset). */
  passwordHash: string | null;
  role: 'user' | 'admin';
  invitedBy?: number | null;
  /** The owner proved the address (signed up by a mailed code). */
  emailVerified?: boolean;
  /** A number proved by a texted code (signed up by phone), E.164. */
  phone?: string | null;
}

/** Inserts a registered user; a taken username or email is a 409 naming the field. */
export async function insertAccount(db: Executor, account: NewAccount): Promise<number> {
  const now = nowIso();
  try {
    const row = await db
      .insertInto('users')
      .values({
        kind: 'registered',
        role: account.role,
        username: account.username,
        username_key: accountKey(account.username),
        email: account.email ?? null,
        email_key: account.email ? accountKey(account.email) : null,
        password_hash: account.passwordHash,
        nickname: account.username,
        invite_code: newInviteCode(),
        invited_by: account.invitedBy ?? null,
        email_verified_at: account.emailVerified ? now : null,
        phone: account.phone ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    throw duplicateAccount(error) ?? error;
  }
}

/** Answers the 409 before spending a password hash on a name that is visibly taken. */
async function assertFree(db: Executor, username: string, email: string | undefined) {
  const taken = await db
    .selectFrom('users')
    .select(['username_key', 'email_key'])
    .where((eb) =>
      eb.or([
        eb('username_key', '=', accountKey(username)),
        ...(email ? [eb('email_key', '=', accountKey(email))] : []),
      ]),
    )
    .execute();
  if (taken.some((r) => r.username_key === accountKey(username)))
    throw duplicate('username', authMessages.usernameTaken);
  if (taken.length) throw duplicate('email', authMessages.emailTaken);
}

/**
 * The guest whose data a sign-up or sign-in takes over: the request's Guestid (header or
 * `Authorization: Guestid …`), whether or not it also carries a Bearer token.
 */
export async function guestOf(db: Executor, req: FastifyRequest): Promise<number | null> {
  const guestId = readCredentials(req).guestId?.toLowerCase();
  return guestId ? guestUserId(db, guestId) : null;
}

/** The user id of the guest registered under `guestId` (lower case), unless disabled. */
export async function guestUserId(db: Executor, guestId: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('guest_id', '=', guestId)
    .where('kind', '=', 'guest')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Moves everything a guest owns to an account (every module's mover) and marks the guest. */
export async function mergeGuest(
  trx: Transaction<Database>,
  ctx: AppContext,
  fromUserId: number,
  toUserId: number,
): Promise<void> {
  await ctx.guestData.moveAll(trx, { fromUserId, toUserId });
  await trx
    .updateTable('users')
    .set({ merged_into: toUserId, updated_at: nowIso() })
    .where('id', '=', fromUserId)
    .execute();
}

export interface Registration {
  username: string;
  email?: string | undefined;
  /** Null: no password (an account made by an emailed code). */
  password: string | null;
  invitedBy?: string | undefined;
  emailVerified?: boolean;
  /** A number proved by a texted code (phone-ways.ts). */
  phone?: string | undefined;
  /** More to write with the account, in its transaction (a passkey sign-up's passkey). */
  within?: (trx: Executor, userId: number) => Promise<void>;
}

/**
 * Creates an account and its first session in one transaction, taking over the guest's data
 * and firing `registered` (the credits module grants the gift and the invite reward there).
 */
export async function register(
  ctx: AppContext,
  input: Registration,
  guestUserId: number | null,
  device: DeviceInfo,
  origin: SignupOrigin,
): Promise<string> {
  const db = ctx.db.kysely;
  await assertFree(db, input.username, input.email);
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const inviter = input.invitedBy
    ? await db
        .selectFrom('users')
        .select('id')
        .where('invite_code', '=', input.invitedBy.toUpperCase())
        .where('kind', '=', 'registered')
        .executeTakeFirst()
    : undefined;
  const inviterId = inviter?.id ?? null;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const userId = await insertAccount(trx, {
          username: input.username,
          email: input.email ?? null,
          passwordHash,
          role: 'user',
          invitedBy: inviterId,
          emailVerified: input.emailVerified ?? false,
          phone: input.phone ?? null,
        });
        if (input.within) await input.within(trx, userId);
        if (guestUserId !== null) await mergeGuest(trx, ctx, guestUserId, userId);
        const place = await recordSignup(trx, ctx, userId, origin);
        for (const handler of ctx.accountEvents.registered)
          await handler(trx, { userId, inviterId, fromGuestUserId: guestUserId, ...place });
        return openSession(trx, ctx.config, userId, device);
      });
    } catch (error) {
      // Two accounts drew the same invite code (50 bits): draw again.
      if (uniqueViolation(error)?.column === 'invite_code' && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * Signs in with a username or an email. An unknown account costs the same password check
 * and answers the same message as a wrong password; failures slow the next tries down.
 */
export async function signIn(
  ctx: AppContext,
  input: { login: string; password: string },
  guestUserId: number | null,
  device: DeviceInfo,
  /** The request, when there is one (the abuse hook may read it, e.g. a solved captcha). */
  req?: FastifyRequest,
): Promise<string> {
  const db = ctx.db.kysely;
  const typed = accountKey(input.login);
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at'])
    .where(typed.includes('@') ? 'email_key' : 'username_key', '=', typed)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  const lockKey = lockKeyOf(user, typed);
  await assertMayTry(ctx, req ?? { ip: device.ip }, lockKey);
  const valid = await checkPassword(input.password, user?.password_hash ?? null);
  if (!user || !valid) {
    await recordFailure(db, lockKey, device.ip);
    throw wrongCredentials();
  }
  if (user.disabled_at) throw new AppError(403, authMessages.accountDisabled);
  return db.transaction().execute(async (trx) => {
    await clearFailures(trx, lockKey);
    if (guestUserId !== null) await mergeGuest(trx, ctx, guestUserId, user.id);
    await dropExpiredSessions(trx, user.id);
    await trx
      .updateTable('users')
      .set({ last_login_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    return openSession(trx, ctx.config, user.id, device);
  });
}

/**
 * Checks a signed-in user's current password (a password change); wrong answers slow the
 * next tries down as sign-ins do, so a stolen session cannot guess it either.
 */
export async function confirmPassword(
  ctx: AppContext,
  userId: number,
  password: string,
  ip: string,
): Promise<boolean> {
  const db = ctx.db.kysely;
  const lockKey = lockKeyOf({ id: userId }, '');
  await assertMayTry(ctx, { ip }, lockKey);
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  const valid = await checkPassword(password, row?.password_hash ?? null);
  if (!valid) await recordFailure(db, lockKey, ip);
  return valid;
}

export function toUserInfo(row: AccountRow, userBalance: UserBalance): UserInfo {
  const isGuest = row.kind === 'guest';
  return {
    id: row.id,
    username: isGuest ? null : row.username,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    sign: row.sign,
    personaRole: row.persona_role,
    role: row.role,
    isGuest,
    inviteCode: isGuest ? null : row.invite_code,
    createdAt: row.created_at,
    userBalance,
  };
}

/** A user's profile columns, compiled once. */
const profileOf = compiledOnce((db, userId: number) =>
  db.selectFrom('users').select(accountColumns).where('id', '=', userId),
);

/**
 * A user's profile and balance. `known` is the profile the request's identity step read with
 * the session (getInfo, every screen's first call): then only the balance is read.
 */
export async function readUserInfo(
  ctx: AppContext,
  userId: number,
  known?: AccountRow,
): Promise<UserInfo | null> {
  if (known?.id === userId) return toUserInfo(known, await ctx.balances.read(userId));
  const [[row], balance] = await Promise.all([
    profileOf(ctx.db.kysely, userId),
    ctx.balances.read(userId),
  ]);
  return row ? toUserInfo(row, balance) : null;
}

/** The profile fields a user changes themselves. */
export async function updateProfile(
  db: Executor,
  userId: number,
  changes: Partial<Record<'avatar' | 'nickname' | 'sign' | 'persona_role', string>>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** The user's new password: every session of theirs ends in the same transaction. */
export async function changePassword(db: Kysely<Database>, userId: number, hash: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    await closeAllSessions(trx, userId);
  });
}

/** What the sign-in ways list reads of an account. */
export const waysOf = (db: Executor, userId: number) =>
  db
    .selectFrom('users')
    .select(['username', 'email', 'email_verified_at', 'password_hash', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();

/**
 * A guest account for a browser's guest id, with where it came from; false when the id has
 * one already. The account events (a trial balance) run in the same transaction.
 */
export async function createGuest(
  ctx: AppContext,
  guestId: string,
  from: { keyword: string | null; bdVid: string | null; source: string | null },
  origin: { ip: string; sameIp: number } | null = null,
): Promise<boolean> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('users')
      .values({
        kind: 'guest',
        role: 'guest',
        guest_id: guestId,
        signup_keyword: from.keyword,
        signup_bd_vid: from.bdVid,
        signup_source: from.source,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('guest_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    const sameIp = origin ? await recordGuest(trx, ctx, row.id, origin.ip) : 0;
    for (const handler of ctx.accountEvents.guestCreated)
      await handler(trx, { userId: row.id, sameIp });
    return true;
  });
}
