import type { FastifyRequest } from 'fastify';
import type { identity } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { readCredentials } from '../../http/identity.js';
import { accountKey, guestOf, mergeGuest, register } from './accounts.js';
import { freeUsername } from './email-ways.js';
import { checkSignup } from './signups.js';
import { usableWays, type WayKey } from './link-ways.js';
import { clearFailures, lockKeyOf } from './lockout.js';
import { authMessages } from './messages.js';
import { passkeyMessages } from './passkey-messages.js';
import { signupOptions, verifySignup } from './passkey-signup.js';
import { relyingParty, verifyPasskeyLogin } from './passkey-ways.js';
import { deviceOf, dropExpiredSessions, openSession } from './sessions.js';

/** The account's passkeys, the session a passkey opens, renaming and removing them. */

/** Signs in with a passkey's answer: a guest's data moves to the account. */
export async function signInWithPasskey(
  ctx: AppContext,
  req: FastifyRequest,
  response: identity.AuthenticationResponse,
): Promise<string> {
  const { userId } = await verifyPasskeyLogin(ctx, req, response);
  const db = ctx.db.kysely;
  const user = await db
    .selectFrom('users')
    .select(['id', 'disabled_at'])
    .where('id', '=', userId)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!user) throw badRequest(passkeyMessages.unknown, {}, 'response');
  if (user.disabled_at) throw new AppError(403, authMessages.accountDisabled);
  const guestUserId = await guestOf(db, req);
  const device = deviceOf(req);
  return db.transaction().execute(async (trx) => {
    await clearFailures(trx, lockKeyOf(user, ''));
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

const deviceIdOf = (req: FastifyRequest) => readCredentials(req).guestId?.toLowerCase() ?? null;

/**
 * Begins a passkey sign-up: the IP's sign-up limits first (SIGNUP_GIFTS_PER_IP; past them a
 * 429 with the wait, and abuse is seen), then a new username (`passkey_<4 digits>`) and options.
 */
export async function passkeySignupOptions(ctx: AppContext, req: FastifyRequest, lang: Lang) {
  await checkSignup(ctx, req, deviceIdOf(req));
  return signupOptions(ctx, req, lang, await freeUsername(ctx, 'passkey'));
}

/**
 * Makes an account with a passkey alone (no password, no address) as every sign-up does:
 * the gift, the invite, a guest's data moved to it; the passkey is kept in the same transaction.
 */
export async function signUpWithPasskey(
  ctx: AppContext,
  req: FastifyRequest,
  input: { name: string; response: identity.RegistrationResponse; invitedBy?: string | undefined },
): Promise<string> {
  const origin = await checkSignup(ctx, req, deviceIdOf(req));
  const made = await verifySignup(ctx, req, input.response);
  const db = ctx.db.kysely;
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', accountKey(made.username))
    .executeTakeFirst();
  const username = taken ? await freeUsername(ctx, 'passkey') : made.username;
  return register(
    ctx,
    {
      username,
      password: null,
      invitedBy: input.invitedBy,
      within: async (trx, userId) => {
        await made.keep(trx, userId, input.name);
      },
    },
    await guestOf(db, req),
    deviceOf(req),
    origin,
  );
}

/** Every passkey of the account (those of other sites too, marked `here: false`). */
export async function listPasskeys(
  ctx: AppContext,
  req: FastifyRequest,
  userId: number,
): Promise<{ rows: identity.PasskeyRow[]; offered: boolean }> {
  const rp = await relyingParty(ctx, req);
  const usable = await usableWays(ctx, req, userId);
  const rows = await ctx.db.kysely
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'backed_up', 'rp_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return {
    offered: rp !== null,
    rows: rows.map((r) => {
      const key: WayKey = `passkey:${r.id}`;
      return {
        id: r.id,
        name: r.name,
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at,
        backedUp: r.backed_up === 1,
        here: r.rp_id === rp?.rpID,
        unlinkable: !usable.has(key) || usable.size > 1,
      };
    }),
  };
}

export async function renamePasskey(
  ctx: AppContext,
  userId: number,
  id: number,
  name: string,
): Promise<void> {
  const done = await ctx.db.kysely
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw notFound(passkeyMessages.notFound);
}

/** Columns of the account's row that keep a way alive (link-ways.ts counts the same). */
const rowWays = { password: 'password_hash', email: 'email_verified_at', phone: 'phone' } as const;

/**
 * Removes a passkey unless it is the last way the account signs in with on this site. When
 * only a way held in the account's row stays, the delete checks that row in the same
 * statement, so a removal of that way at the same moment cannot leave none.
 */
export async function deletePasskey(
  ctx: AppContext,
  req: FastifyRequest,
  userId: number,
  id: number,
): Promise<void> {
  const ways = await usableWays(ctx, req, userId);
  ways.delete(`passkey:${id}`);
  if (ways.size === 0) throw badRequest(authMessages.lastWay);
  const left = [...ways];
  const stays = left.every((w) => w in rowWays) ? (left[0] as keyof typeof rowWays) : null;
  const gone = await ctx.db.kysely
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(stays !== null, (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('users')
            .select('id')
            .where('id', '=', userId)
            .where(rowWays[stays ?? 'password'], 'is not', null),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 1) return;
  const still = await ctx.db.kysely
    .selectFrom('passkeys')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  throw still ? badRequest(authMessages.lastWay) : notFound(passkeyMessages.notFound);
}
