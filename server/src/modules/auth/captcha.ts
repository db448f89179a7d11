import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { uniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/errors.js';
import { ipKey } from '../../lib/ip-key.js';
import { assertHostedHuman, hostedCaptchaOf } from './captcha-hosted.js';
import { authMessages } from './messages.js';

/**
 * A self-hosted proof-of-work captcha, asked only of an IP where abuse was seen
 * (docs/identity.md, Captcha). When a sign-in, sign-up or code limit is met, `hooks.abuseSeen`
 * marks the IP for MARK_MS; while marked, each guarded call needs the `X-Captcha` header: a
 * challenge the server signed (salt, expiry, difficulty; HMAC under SECRET_KEY, so nothing is
 * stored until it is used) and a number `n` such that SHA-256(`salt.n`) starts with BITS zero
 * bits. A solution works once. Without it the call answers 403 with a fresh challenge in
 * `data.captcha`; the browser solves it (about 2^BITS hashes) and sends the call again.
 * A site may ask Cloudflare Turnstile or hCaptcha instead (captcha-hosted.ts).
 */
export const BITS = 16;
export const MARK_MS = 60 * 60_000;
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const HEADER = 'x-captcha';

const sign = (ctx: Pick<AppContext, 'config'>, body: string) =>
  createHmac('sha256', ctx.config.secretKey ?? 'atelier-captcha')
    .update(`captcha\n${body}`)
    .digest('base64url');

export function newChallenge(ctx: Pick<AppContext, 'config'>, now = Date.now()) {
  const salt = randomBytes(16).toString('hex');
  const body = `${salt}.${now + CHALLENGE_TTL_MS}.${BITS}`;
  return { challenge: `${body}.${sign(ctx, body)}`, bits: BITS };
}

/** Leading zero bits of a hash. */
export function zeroBits(hash: Buffer): number {
  let n = 0;
  for (const byte of hash) {
    if (byte === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(byte) - 24;
  }
  return n;
}

/** Solves a challenge (the tests' and the docs' reference; the browser does the same). */
export function solve(challenge: string): string {
  const salt = challenge.split('.')[0] ?? '';
  const bits = Number(challenge.split('.')[2]);
  for (let n = 0; ; n++)
    if (zeroBits(createHash('sha256').update(`${salt}.${n}`).digest()) >= bits)
      return `${challenge}.${n}`;
}

/** True once for a solved, signed, unexpired challenge. */
async function spend(ctx: Pick<AppContext, 'config' | 'db'>, header: string): Promise<boolean> {
  const [salt, expires, bits, sig, n] = header.split('.');
  if (!salt || !expires || !bits || !sig || n === undefined || !/^\d{1,12}$/.test(n)) return false;
  const expected = Buffer.from(sign(ctx, `${salt}.${expires}.${bits}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  if (Number(expires) < Date.now() || Number(bits) < BITS) return false;
  if (zeroBits(createHash('sha256').update(`${salt}.${n}`).digest()) < Number(bits)) return false;
  try {
    await ctx.db.kysely
      .insertInto('captcha_uses')
      .values({ salt, expires_at: new Date(Number(expires)).toISOString() })
      .execute();
    return true;
  } catch (error) {
    // Used already; anything else (the database away: a 503) is not the solver's fault.
    if (!uniqueViolation(error)) throw error;
    return false;
  }
}

/** `hooks.abuseSeen`: the IP (an IPv6 one by its /64) must solve a captcha for the next hour. */
export async function markIp(ctx: Pick<AppContext, 'db'>, ip: string): Promise<void> {
  const db = ctx.db.kysely;
  const until = new Date(Date.now() + MARK_MS).toISOString();
  const key = ipKey(ip);
  const done = await db
    .updateTable('captcha_marks')
    .set({ until })
    .where('ip', '=', key)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0)
    await db
      .insertInto('captcha_marks')
      .values({ ip: key, until })
      .execute()
      .catch(() => undefined); // marked at the same moment by another request
}

/** Throws 403 with a challenge when the caller's IP is marked and brings no fresh solution. */
export async function assertHuman(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
  req: FastifyRequest,
): Promise<void> {
  const mark = await ctx.db.kysely
    .selectFrom('captcha_marks')
    .select('until')
    .where('ip', '=', ipKey(req.ip))
    .where('until', '>', new Date().toISOString())
    .executeTakeFirst();
  if (!mark) return;
  const header = req.headers[HEADER];
  // A site whose operator chose Turnstile or hCaptcha asks its widget instead.
  const hosted = await hostedCaptchaOf(ctx, req);
  if (hosted) return assertHostedHuman(ctx, req, hosted, typeof header === 'string' ? header : '');
  if (typeof header === 'string' && header.length < 300 && (await spend(ctx, header))) return;
  throw new AppError(403, authMessages.captchaRequired, {}, { captcha: newChallenge(ctx) });
}
