import { createHmac, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError, badRequest, conflict, notSignedIn } from '../../http/errors.js';
import { readCredentials } from '../../http/identity.js';
import { guestOf, mergeGuest, register } from './accounts.js';
import { freeUsername } from './email-ways.js';
import { clearFailures, lockKeyOf } from './lockout.js';
import { siteOfRequest } from './mail.js';
import { authMessages } from './messages.js';
import { deviceOf, dropExpiredSessions, openSession } from './sessions.js';
import { checkSignup } from './signups.js';
import { sendSiteSms } from './sms-settings.js';
import { codeSendWait, HOUR_MS } from './code-limits.js';

/**
 * Texted codes (docs/identity.md, Phone), as the emailed ones (email-ways.ts):
 * - a code is 6 digits, kept only as an HMAC, valid CODE_TTL_MS, used once; CODE_TRIES wrong
 *   answers kill it; a newer code for the same number and purpose replaces the older ones;
 * - codes asked for are limited per number (PER_NUMBER_PER_HOUR, one per RESEND_MS and
 *   purpose) and per IP (PER_IP_PER_HOUR); past that `hooks.abuseSeen` is told (a captcha);
 * - the code goes only into the text message: never into a log, the database or an answer.
 * Numbers are E.164 (contracts `phoneNumber` made them so).
 */
export const CODE_TTL_MS = 5 * 60_000;
export const CODE_TRIES = 5;
export const RESEND_MS = 60_000;
export const PER_NUMBER_PER_HOUR = 5;
export const PER_IP_PER_HOUR = 10;

export type PhonePurpose = 'sign-in' | 'link';

const codeHash = (ctx: Pick<AppContext, 'config'>, phone: string, purpose: string, code: string) =>
  createHmac('sha256', ctx.config.secretKey ?? 'atelier-phone-codes')
    .update(`phone\n${purpose}\n${phone}\n${code}`)
    .digest('base64url');

const scoped = (purpose: PhonePurpose, scope: string) => (scope ? `${purpose}:${scope}` : purpose);

async function assertMaySend(
  ctx: Pick<AppContext, 'db' | 'hooks'>,
  req: FastifyRequest,
  phone: string,
  purpose: PhonePurpose,
): Promise<void> {
  const db = ctx.db.kysely;
  const now = Date.now();
  const since = new Date(now - HOUR_MS).toISOString();
  const [byNumber, byIp] = await Promise.all(
    (['phone', 'ip'] as const).map((column) =>
      db
        .selectFrom('phone_codes')
        .select(['created_at', 'purpose'])
        .where(column, '=', column === 'ip' ? req.ip : phone)
        .where('created_at', '>', since)
        .orderBy('created_at', 'asc')
        .execute(),
    ),
  );
  const { waitMs: wait, strikes } = codeSendWait(
    byNumber!,
    byIp!,
    purpose,
    {
      resendMs: RESEND_MS,
      perAddressPerHour: PER_NUMBER_PER_HOUR,
      perIpPerHour: PER_IP_PER_HOUR,
    },
    now,
  );
  if (wait <= 0) return;
  await ctx.hooks.abuseSeen({ action: 'sign-in', req, key: `phone:${phone}`, strikes });
  throw new AppError(429, authMessages.tooManyCodes, { seconds: Math.ceil(wait / 1000) });
}

async function recordSend(
  db: Executor,
  row: { phone: string; purpose: PhonePurpose; hash: string; ip: string },
): Promise<number> {
  const now = Date.now();
  await db
    .updateTable('phone_codes')
    .set({ used_at: new Date(now).toISOString() })
    .where('phone', '=', row.phone)
    .where('purpose', '=', row.purpose)
    .where('used_at', 'is', null)
    .execute();
  const inserted = await db
    .insertInto('phone_codes')
    .values({
      phone: row.phone,
      purpose: row.purpose,
      code_hash: row.hash,
      ip: row.ip,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + CODE_TTL_MS).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Texts a fresh code to `phone` for `purpose`; answers how long it lasts. */
export async function textCode(
  ctx: AppContext,
  req: FastifyRequest,
  phone: string,
  purpose: PhonePurpose,
  /** Binds the code to one account (a `link` code works only for the account that asked). */
  scope = '',
): Promise<{ expiresInSeconds: number }> {
  const site = await siteOfRequest(ctx, req);
  if (!site) throw badRequest(authMessages.smsOff);
  await assertMaySend(ctx, req, phone, purpose);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await recordSend(ctx.db.kysely, {
    phone,
    purpose,
    hash: codeHash(ctx, phone, scoped(purpose, scope), code),
    ip: req.ip,
  });
  try {
    await sendSiteSms(ctx, site.id, phone, code);
  } catch (error) {
    // A code that never left cannot be used; the row still counts toward the limits.
    await ctx.db.kysely
      .updateTable('phone_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', id)
      .execute();
    throw error;
  }
  return { expiresInSeconds: CODE_TTL_MS / 1000 };
}

const wrongCode = () => badRequest(authMessages.wrongCode, {}, 'code');

/** Uses the newest live code of a number and purpose: once, in time, within CODE_TRIES. */
export async function consumePhoneCode(
  ctx: Pick<AppContext, 'db' | 'config'>,
  phone: string,
  purpose: PhonePurpose,
  code: string,
  scope = '',
): Promise<void> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const row = await db
    .selectFrom('phone_codes')
    .select(['id', 'code_hash', 'wrong_tries'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw wrongCode();
  if (row.code_hash !== codeHash(ctx, phone, scoped(purpose, scope), code)) {
    await db
      .updateTable('phone_codes')
      .set((eb) => ({
        wrong_tries: eb('wrong_tries', '+', 1),
        ...(row.wrong_tries + 1 >= CODE_TRIES ? { used_at: now } : {}),
      }))
      .where('id', '=', row.id)
      .execute();
    throw wrongCode();
  }
  const taken = await db
    .updateTable('phone_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw wrongCode();
}

/**
 * Signs in with a texted code; with no account on the number, makes one (no password, no
 * address) as a sign-up does: gifts, invite, the guest's data.
 */
export async function signInByPhone(
  ctx: AppContext,
  req: FastifyRequest,
  input: { phone: string; code: string; invitedBy?: string | undefined },
): Promise<{ token: string; created: boolean }> {
  const db = ctx.db.kysely;
  await consumePhoneCode(ctx, input.phone, 'sign-in', input.code);
  const device = deviceOf(req);
  const guestUserId = await guestOf(db, req);
  const user = await db
    .selectFrom('users')
    .select(['id', 'disabled_at'])
    .where('phone', '=', input.phone)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!user) {
    const origin = await checkSignup(ctx, req, readCredentials(req).guestId?.toLowerCase() ?? null);
    const token = await register(
      ctx,
      {
        // The username is made from the last four digits: the number itself is not shown.
        username: await freeUsername(ctx, `phone${input.phone.slice(-4)}`),
        password: null,
        invitedBy: input.invitedBy,
        phone: input.phone,
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
      .set({ last_login_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    return openSession(trx, ctx.config, user.id, device);
  });
  return { token, created: false };
}

async function assertNumberFree(ctx: Pick<AppContext, 'db'>, userId: number, phone: string) {
  const other = await ctx.db.kysely
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (other) throw conflict(authMessages.phoneLinkedElsewhere);
}

async function assertRegistered(ctx: Pick<AppContext, 'db'>, userId: number) {
  const row = await ctx.db.kysely
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('kind', '=', 'registered')
    .executeTakeFirst();
  if (!row) throw notSignedIn();
}

/** Texts a code to a number the signed-in account wants to link; one taken elsewhere is a 409. */
export async function textLinkCode(
  ctx: AppContext,
  req: FastifyRequest,
  userId: number,
  phone: string,
): Promise<{ expiresInSeconds: number }> {
  await assertRegistered(ctx, userId);
  await assertNumberFree(ctx, userId, phone);
  return textCode(ctx, req, phone, 'link', String(userId));
}

/** Links (or replaces) the account's number with the texted code, for the account that asked. */
export async function linkPhone(
  ctx: AppContext,
  userId: number,
  phone: string,
  code: string,
): Promise<void> {
  await assertRegistered(ctx, userId);
  await assertNumberFree(ctx, userId, phone);
  await consumePhoneCode(ctx, phone, 'link', code, String(userId));
  try {
    await ctx.db.kysely
      .updateTable('users')
      .set({ phone, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
  } catch {
    // Another account took the number between the check and here (the unique index).
    throw conflict(authMessages.phoneLinkedElsewhere);
  }
}
