import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError, badRequest } from '../../http/errors.js';
import { format, type Lang } from '../../http/messages.js';
import { accountKey, guestOf, mergeGuest, register } from './accounts.js';
import { clearFailures, lockKeyOf } from './lockout.js';
import { siteOfRequest, siteOrigin, sendSiteMail, type SiteRef } from './mail.js';
import { authMessages } from './messages.js';
import { hashPassword } from './passwords.js';
import { closeAllSessions, deviceOf, dropExpiredSessions, openSession } from './sessions.js';
import { checkSignup } from './signups.js';
import { readCredentials } from '../../http/identity.js';
import { codeSendWait, HOUR_MS } from './code-limits.js';

/**
 * Emailed codes and password-reset links (docs/identity.md, Email).
 * - A code is 6 digits, kept only as an HMAC, valid CODE_TTL_MS, used once; CODE_TRIES wrong
 *   answers kill it. A newer code for the same address and purpose replaces the older ones.
 * - Codes and reset links asked for are limited per address (PER_ADDRESS_PER_HOUR, and one
 *   per RESEND_MS and purpose) and per IP (PER_IP_PER_HOUR); past that `hooks.abuseSeen` is told.
 * - A reset link holds 32 random bytes (only their SHA-256 is stored), works once within
 *   RESET_TTL_MS and signs every device out.
 * Neither a code nor a link is ever logged or answered: they only go into the mail.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
export const RESEND_MS = 60_000;
export const PER_ADDRESS_PER_HOUR = 5;
export const PER_IP_PER_HOUR = 20;
export const RESET_TTL_MS = 30 * 60_000;

/** `link`: a code proving an address the signed-in account wants to link (bound to it). */
export type CodePurpose = 'sign-in' | 'verify' | 'reset' | 'link';

const codeHash = (ctx: Pick<AppContext, 'config'>, key: string, purpose: string, code: string) =>
  createHmac('sha256', ctx.config.secretKey ?? 'atelier-email-codes')
    .update(`${purpose}\n${key}\n${code}`)
    .digest('base64url');

const resetHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Throws 429 when this address or this IP asked for too many codes or links. Every code and
 * link asked for (of any purpose) is one row of `email_codes`, so the limit counts them all.
 */
async function assertMaySend(
  ctx: Pick<AppContext, 'db' | 'hooks'>,
  req: FastifyRequest,
  key: string,
  purpose: CodePurpose,
): Promise<void> {
  const db = ctx.db.kysely;
  const now = Date.now();
  const since = new Date(now - HOUR_MS).toISOString();
  const [byAddress, byIp] = await Promise.all(
    (['email_key', 'ip'] as const).map((column) =>
      db
        .selectFrom('email_codes')
        .select(['created_at', 'purpose'])
        .where(column, '=', column === 'ip' ? req.ip : key)
        .where('created_at', '>', since)
        .orderBy('created_at', 'asc')
        .execute(),
    ),
  );
  const { waitMs: wait, strikes } = codeSendWait(
    byAddress!,
    byIp!,
    purpose,
    {
      resendMs: RESEND_MS,
      perAddressPerHour: PER_ADDRESS_PER_HOUR,
      perIpPerHour: PER_IP_PER_HOUR,
    },
    now,
  );
  if (wait <= 0) return;
  await ctx.hooks.abuseSeen({ action: 'sign-in', req, key: `email:${key}`, strikes });
  throw new AppError(429, authMessages.tooManyCodes, { seconds: Math.ceil(wait / 1000) });
}

async function recordSend(
  db: Executor,
  row: { key: string; purpose: CodePurpose; hash: string; ip: string; ttlMs: number },
): Promise<void> {
  const now = Date.now();
  // Only the newest code of an address and purpose works.
  await db
    .updateTable('email_codes')
    .set({ used_at: new Date(now).toISOString() })
    .where('email_key', '=', row.key)
    .where('purpose', '=', row.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_codes')
    .values({
      email_key: row.key,
      purpose: row.purpose,
      code_hash: row.hash,
      ip: row.ip,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + row.ttlMs).toISOString(),
    })
    .execute();
}

const siteName = (site: SiteRef | null, lang: Lang) => site?.name[lang] || 'Atelier';

/** Mails a fresh code to `email` for `purpose`; answers how long it lasts. */
export async function mailCode(
  ctx: AppContext,
  req: FastifyRequest,
  lang: Lang,
  email: string,
  purpose: 'sign-in' | 'verify' | 'link',
  /** Binds the code to one account (a `link` code works only for the account that asked). */
  scope = '',
): Promise<{ expiresInSeconds: number }> {
  const site = await siteOfRequest(ctx, req);
  if (!site) throw badRequest(authMessages.mailOff);
  const key = accountKey(email);
  await assertMaySend(ctx, req, key, purpose);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const params = { code, site: siteName(site, lang), minutes: CODE_TTL_MS / 60_000 };
  await recordSend(ctx.db.kysely, {
    key,
    purpose,
    hash: codeHash(ctx, key, scope ? `${purpose}:${scope}` : purpose, code),
    ip: req.ip,
    ttlMs: CODE_TTL_MS,
  });
  const text = format(authMessages.codeMailBody, lang, params);
  await sendSiteMail(ctx, site.id, {
    to: email,
    subject: format(authMessages.codeMailSubject, lang, params),
    text,
    html: `<p>${escapeHtml(text).replace(code, `<b style="font-size:24px">${code}</b>`)}</p>`,
  });
  return { expiresInSeconds: CODE_TTL_MS / 1000 };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const wrongCode = () => badRequest(authMessages.wrongCode, {}, 'code');

/**
 * Uses the newest live code of an address and purpose: true once, for the right code within
 * its time; a wrong answer counts against the code, which dies after CODE_TRIES of them.
 */
export async function consumeCode(
  ctx: Pick<AppContext, 'db' | 'config'>,
  key: string,
  purpose: CodePurpose,
  code: string,
  scope = '',
): Promise<void> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const row = await db
    .selectFrom('email_codes')
    .select(['id', 'code_hash', 'wrong_tries'])
    .where('email_key', '=', key)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw wrongCode();
  if (row.code_hash !== codeHash(ctx, key, scope ? `${purpose}:${scope}` : purpose, code)) {
    await db
      .updateTable('email_codes')
      .set((eb) => ({
        wrong_tries: eb('wrong_tries', '+', 1),
        ...(row.wrong_tries + 1 >= CODE_TRIES ? { used_at: now } : {}),
      }))
      .where('id', '=', row.id)
      .execute();
    throw wrongCode();
  }
  // Two requests with the right code at once: only the one that marks it used goes on.
  const taken = await db
    .updateTable('email_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw wrongCode();
}

/** A username made from the address (the owner can keep it; it is shown, not secret). */
export async function freeUsername(ctx: Pick<AppContext, 'db'>, email: string): Promise<string> {
  const base =
    (accountKey(email).split('@')[0] ?? '')
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}_.-]/gu, '')
      .slice(0, 20) || 'user';
  for (let i = 0; i < 5; i++) {
    const name = `${base.length < 2 ? `${base}_u` : base}_${randomInt(1000, 10_000)}`;
    const taken = await ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', accountKey(name))
      .executeTakeFirst();
    if (!taken) return name;
  }
  return `user_${randomBytes(6).toString('hex')}`;
}

/**
 * Signs in with a mailed code; with no account on the address, makes one (its address
 * verified, no password) as a sign-up does: gifts, invite, the guest's data.
 */
export async function signInByCode(
  ctx: AppContext,
  req: FastifyRequest,
  input: { email: string; code: string; invitedBy?: string | undefined },
): Promise<{ token: string; created: boolean }> {
  const db = ctx.db.kysely;
  const key = accountKey(input.email);
  await consumeCode(ctx, key, 'sign-in', input.code);
  const device = deviceOf(req);
  const guestUserId = await guestOf(db, req);
  const user = await db
    .selectFrom('users')
    .select(['id', 'disabled_at', 'email_verified_at'])
    .where('email_key', '=', key)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!user) {
    const origin = await checkSignup(ctx, req, readCredentials(req).guestId?.toLowerCase() ?? null);
    const token = await register(
      ctx,
      {
        username: await freeUsername(ctx, input.email),
        email: input.email,
        password: null,
        invitedBy: input.invitedBy,
        emailVerified: true,
      },
      guestUserId,
      device,
      origin,
    );
    return { token, created: true };
  }
  if (user.disabled_at) throw new AppError(403, authMessages.accountDisabled);
  const token = await db.transaction().execute(async (trx) => {
    await clearFailures(trx, lockKeyOf(user, ''));
    if (guestUserId !== null) await mergeGuest(trx, ctx, guestUserId, user.id);
    await dropExpiredSessions(trx, user.id);
    await trx
      .updateTable('users')
      .set({ last_login_at: nowIso(), email_verified_at: user.email_verified_at ?? nowIso() })
      .where('id', '=', user.id)
      .execute();
    return openSession(trx, ctx.config, user.id, device);
  });
  return { token, created: false };
}

/** Verifies the signed-in user's own address with a mailed code. */
export async function verifyOwnEmail(ctx: AppContext, userId: number, code: string): Promise<void> {
  const db = ctx.db.kysely;
  const row = await db
    .selectFrom('users')
    .select('email_key')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row?.email_key) throw badRequest(authMessages.noEmail);
  await consumeCode(ctx, row.email_key, 'verify', code);
  await db
    .updateTable('users')
    .set({ email_verified_at: nowIso(), updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Mails a reset link when an account has the address; answers the same either way (after the
 * same limits), so the answer does not tell who has an account.
 */
export async function mailResetLink(
  ctx: AppContext,
  req: FastifyRequest,
  lang: Lang,
  email: string,
): Promise<{ expiresInSeconds: number }> {
  const site = await siteOfRequest(ctx, req);
  if (!site) throw badRequest(authMessages.mailOff);
  const db = ctx.db.kysely;
  const key = accountKey(email);
  await assertMaySend(ctx, req, key, 'reset');
  const user = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email_key', '=', key)
    .where('kind', '=', 'registered')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  const token = randomBytes(32).toString('base64url');
  // The row counts toward the limits whether or not a mail goes out.
  await recordSend(db, { key, purpose: 'reset', hash: resetHash(token), ip: req.ip, ttlMs: 0 });
  if (user?.email) {
    const now = Date.now();
    await db
      .updateTable('password_resets')
      .set({ used_at: new Date(now).toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await db
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        token_hash: resetHash(token),
        ip: req.ip,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + RESET_TTL_MS).toISOString(),
      })
      .execute();
    // In the fragment: a browser never sends it, so no server or proxy log holds it.
    const link = `${siteOrigin(ctx, site)}/#reset-password=${token}`;
    const params = { link, site: siteName(site, lang), minutes: RESET_TTL_MS / 60_000 };
    const text = format(authMessages.resetMailBody, lang, params);
    await sendSiteMail(ctx, site.id, {
      to: user.email,
      subject: format(authMessages.resetMailSubject, lang, params),
      text,
      html: `<p>${escapeHtml(text).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
    });
  }
  return { expiresInSeconds: RESET_TTL_MS / 1000 };
}

/** Sets a new password with a reset link: once, before it expires; every device signs out. */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<void> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('token_hash', '=', resetHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw badRequest(authMessages.resetLinkInvalid, {}, 'token');
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw badRequest(authMessages.resetLinkInvalid, {}, 'token');
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, email_verified_at: now, updated_at: now })
      .where('id', '=', row.user_id)
      .execute();
    await closeAllSessions(trx, row.user_id);
    await clearFailures(trx, lockKeyOf({ id: row.user_id }, ''));
  });
}
