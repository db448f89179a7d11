import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import { uniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound, notSignedIn } from '../../http/errors.js';
import type { Lang } from '../../http/messages.js';
import { accountKey } from './accounts.js';
import { consumeCode, mailCode } from './email-ways.js';
import { mailOffered, siteOfRequest } from './mail.js';
import { authMessages } from './messages.js';
import { linksOf } from './oidc-ways.js';
import { passkeyWays } from './passkey-ways.js';
import { hashPassword } from './passwords.js';
import { smsOffered } from './sms-settings.js';
import { deleteWechatLink, wechatLinksOf } from './wechat/links.js';

/**
 * Linking and unlinking sign-in ways in the user centre (docs/identity.md, "One account, many
 * ways"). An account keeps at least one way it can sign in with on the site it is using:
 * - the password (with its username, or its address, as the name);
 * - the email code: a verified address on a site whose mail is on;
 * - the phone code: a linked number on a site whose SMS is on;
 * - each OpenID Connect link to an enabled provider of this site;
 * - each WeChat link to the official account this site's WeChat scan uses;
 * - each passkey made for this site's domain (passkey-ways.ts).
 * Removing the last of them is refused (`lastWay`).
 */

/** `password`, `email`, `phone`, `oidc:<link id>`, `wechat:<link id>` or `passkey:<id>`. */
export type WayKey =
  'password' | 'email' | 'phone' | `oidc:${number}` | `wechat:${number}` | `passkey:${number}`;

async function account(ctx: Pick<AppContext, 'db'>, userId: number) {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'email', 'email_key', 'email_verified_at', 'password_hash', 'phone'])
    .where('id', '=', userId)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!row) throw notSignedIn();
  return row;
}

/** The ways the account could sign in with on this request's site right now. */
export async function usableWays(
  ctx: AppContext,
  req: FastifyRequest,
  userId: number,
): Promise<Set<WayKey>> {
  const row = await account(ctx, userId);
  const ways = new Set<WayKey>();
  for (const link of await linksOf(ctx, req, userId)) if (link.usable) ways.add(`oidc:${link.id}`);
  for (const link of await wechatLinksOf(ctx, req, userId))
    if (link.usable) ways.add(`wechat:${link.id}`);
  if (row.password_hash && row.username) ways.add('password');
  if (
    row.email &&
    row.email_verified_at &&
    (await mailOffered(ctx, (await siteOfRequest(ctx, req))?.id))
  )
    ways.add('email');
  if (row.phone && (await smsOffered(ctx, (await siteOfRequest(ctx, req))?.id))) ways.add('phone');
  for (const id of await passkeyWays(ctx, req, userId)) ways.add(`passkey:${id}`);
  return ways;
}

async function assertAddressFree(ctx: Pick<AppContext, 'db'>, userId: number, key: string) {
  const other = await ctx.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email_key', '=', key)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (other) throw conflict(authMessages.emailLinkedElsewhere);
}

/** Mails a code to an address the signed-in account wants to link; one taken elsewhere is a 409. */
export async function mailLinkCode(
  ctx: AppContext,
  req: FastifyRequest,
  lang: Lang,
  userId: number,
  email: string,
): Promise<{ expiresInSeconds: number }> {
  await account(ctx, userId);
  await assertAddressFree(ctx, userId, accountKey(email));
  return mailCode(ctx, req, lang, email, 'link', String(userId));
}

/**
 * Links (or replaces) the account's address with the mailed code: the code works only for the
 * account that asked for it; the address is verified by it.
 */
export async function linkEmail(
  ctx: AppContext,
  userId: number,
  email: string,
  code: string,
): Promise<void> {
  await account(ctx, userId);
  const key = accountKey(email);
  await assertAddressFree(ctx, userId, key);
  await consumeCode(ctx, key, 'link', code, String(userId));
  const now = nowIso();
  try {
    await ctx.db.kysely
      .updateTable('users')
      .set({ email, email_key: key, email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute();
  } catch (error) {
    // Another account took the address between the check and here (the unique email_key);
    // anything else (the database away: a 503) is not that.
    if (!uniqueViolation(error)) throw error;
    throw conflict(authMessages.emailLinkedElsewhere);
  }
}

/** Sets the first password of an account that has none (made by an email code). */
export async function setFirstPassword(
  ctx: AppContext,
  userId: number,
  password: string,
): Promise<void> {
  const hash = await hashPassword(password);
  const done = await ctx.db.kysely
    .updateTable('users')
    .set({ password_hash: hash, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('kind', '=', 'registered')
    .where('password_hash', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw badRequest(authMessages.passwordAlreadySet);
}

/** Removes a way, unless it is the last one the account could sign in with on this site. */
export async function unlinkWay(
  ctx: AppContext,
  req: FastifyRequest,
  userId: number,
  way: WayKey,
): Promise<void> {
  const row = await account(ctx, userId);
  const ways = await usableWays(ctx, req, userId);
  ways.delete(way);
  if (ways.size === 0) throw badRequest(authMessages.lastWay);
  const db = ctx.db.kysely;
  const now = nowIso();
  if (way.startsWith('oidc:')) {
    const gone = await db
      .deleteFrom('oidc_links')
      .where('id', '=', Number(way.slice(5)))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw notFound(authMessages.oidcProviderNotFound);
    return;
  }
  if (way.startsWith('wechat:')) return deleteWechatLink(ctx, userId, Number(way.slice(7)));
  // The update checks the row did not change since (two removals at once cannot both pass)
  // and that a way that stays is still there; a provider link that stays is a way whatever
  // the row holds.
  const hasLink = [...ways].some(
    (w) => w.startsWith('oidc:') || w.startsWith('wechat:') || w.startsWith('passkey:'),
  );
  const stays = hasLink ? null : ([...ways][0] as 'password' | 'email' | 'phone' | undefined);
  const cleared =
    way === 'password'
      ? { password_hash: null }
      : way === 'phone'
        ? { phone: null }
        : { email: null, email_key: null, email_verified_at: null };
  const done = await db
    .updateTable('users')
    .set({ ...cleared, updated_at: now })
    .where('id', '=', userId)
    .$if(stays === 'password', (q) => q.where('password_hash', 'is not', null))
    .$if(stays === 'email', (q) => q.where('email_verified_at', 'is not', null))
    .$if(stays === 'phone', (q) => q.where('phone', 'is not', null))
    .$if(way === 'password', (q) => q.where('password_hash', '=', row.password_hash ?? ''))
    .$if(way === 'email', (q) => q.where('email_key', '=', row.email_key ?? ''))
    .$if(way === 'phone', (q) => q.where('phone', '=', row.phone ?? ''))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw badRequest(authMessages.lastWay);
}
