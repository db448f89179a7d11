import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../http/errors.js';
import { dayIn } from '../../lib/day.js';
import { ipKey } from '../../lib/ip-key.js';
import { authMessages } from './messages.js';

/**
 * Where sign-ups come from. Each is recorded with its IP and device (the guest id it carried);
 * the credits module gives the sign-up gift only to the first few of an IP a day and once per
 * device (the console's `signupGiftsPerIp`, else SIGNUP_GIFTS_PER_IP). Past that, abuse is seen: `hooks.abuseSeen` is told (where a
 * captcha plugs in), and each further sign-up from that IP waits a delay that doubles, from
 * 15 s to an hour, counted from the previous one.
 */
const FIRST_DELAY_S = 15;
const MAX_DELAY_S = 3600;

/** The wait after `strikes` sign-ups past the free ones: 15 s, 30 s, 1 min… at most 1 h. */
export const signupDelaySeconds = (strikes: number): number =>
  strikes <= 0 ? 0 : Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** (strikes - 1));

export interface SignupOrigin {
  ip: string;
  deviceId: string | null;
  /** Earlier sign-ups today from this IP, and ever from this device. */
  sameIp: number;
  sameDevice: number;
}

/** Counts the earlier sign-ups of this IP (today) and device; 429 while the IP must wait. */
export async function checkSignup(
  ctx: AppContext,
  req: FastifyRequest,
  deviceId: string | null,
): Promise<SignupOrigin> {
  const db = ctx.db.kysely;
  const ip = ipKey(req.ip);
  const day = dayIn(ctx.config.timeZone);
  const free = (await ctx.hooks.signupGiftsPerIp(db)) ?? ctx.config.signup.giftsPerIp;
  const [fromIp, fromDevice] = await Promise.all([
    db
      .selectFrom('signup_records')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.max('created_at').as('last'),
      ])
      .where('ip', '=', ip)
      .where('day', '=', day)
      .executeTakeFirstOrThrow(),
    deviceId
      ? db
          .selectFrom('signup_records')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('device_id', '=', deviceId)
          .executeTakeFirstOrThrow()
      : { n: 0 },
  ]);
  const sameIp = Number(fromIp.n);
  const strikes = free > 0 ? sameIp - free + 1 : 0;
  if (strikes > 0) {
    await ctx.hooks.abuseSeen({ action: 'sign-up', req, key: `ip:${ip}`, strikes });
    const last = fromIp.last ? Date.parse(String(fromIp.last)) : 0;
    const wait = Math.ceil((last + signupDelaySeconds(strikes) * 1000 - Date.now()) / 1000);
    if (wait > 0) throw new AppError(429, authMessages.signupTooSoon, { seconds: wait });
  }
  return { ip, deviceId, sameIp, sameDevice: Number(fromDevice.n) };
}

/**
 * Takes the next place of `key` (one upsert, so racing transactions queue on the row and each
 * gets its own) and answers how many came before it.
 */
async function takePlace(
  db: Executor,
  kind: 'signup-ip' | 'signup-device' | 'guest-ip',
  key: string,
  day: string,
): Promise<number> {
  const row = await db
    .insertInto('signup_counts')
    .values({ kind, key, day, count: 1 })
    .onConflict((oc) =>
      oc.columns(['kind', 'key', 'day']).doUpdateSet({ count: sql`signup_counts.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count) - 1;
}

/**
 * Records a sign-up (inside its transaction) and answers its place: the sign-ups of its IP
 * today and of its device ever that came before it, counted in that transaction. The counts
 * `checkSignup` read before it only decide the delay: sign-ups racing from one IP all read the
 * same count there, while each takes a different place here, which the gift goes by.
 */
export async function recordSignup(
  db: Executor,
  ctx: AppContext,
  userId: number,
  origin: SignupOrigin,
): Promise<{ sameIp: number; sameDevice: number }> {
  const day = dayIn(ctx.config.timeZone);
  const sameIp = await takePlace(db, 'signup-ip', origin.ip, day);
  const sameDevice = origin.deviceId
    ? await takePlace(db, 'signup-device', origin.deviceId, '')
    : 0;
  await db
    .insertInto('signup_records')
    .values({
      user_id: userId,
      ip: origin.ip,
      device_id: origin.deviceId,
      day,
      created_at: nowIso(),
    })
    .execute();
  return { sameIp, sameDevice };
}

/**
 * Guests cost nothing to make (RATE_LIMIT_AUTH a minute per IP), so the guest trial goes to
 * the first GUEST_TRIALS_PER_IP guests of an IP a day. Answers the IP's key (an IPv6 address
 * by its /64) and its earlier guests of today.
 */
export async function checkGuest(
  ctx: AppContext,
  req: FastifyRequest,
): Promise<{ ip: string; sameIp: number }> {
  const ip = ipKey(req.ip);
  const row = await ctx.db.kysely
    .selectFrom('guest_origins')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ip', '=', ip)
    .where('day', '=', dayIn(ctx.config.timeZone))
    .executeTakeFirstOrThrow();
  return { ip, sameIp: Number(row.n) };
}

/**
 * After a new guest past the IP's trials (it started at 0): abuse is seen, so with the captcha
 * on the IP's next guest, sign-up or sign-in needs a solved one. A known guest id registered
 * again (the web does after signing out) is not a new guest.
 */
export async function guestMade(
  ctx: AppContext,
  req: FastifyRequest,
  origin: { ip: string; sameIp: number },
): Promise<void> {
  const free = ctx.config.signup.guestTrialsPerIp;
  if (free > 0 && origin.sameIp >= free)
    await ctx.hooks.abuseSeen({
      action: 'sign-up',
      req,
      key: `guest-ip:${origin.ip}`,
      strikes: origin.sameIp - free + 1,
    });
}

/**
 * Records where a guest was made (inside its transaction) and answers the guests of its IP
 * today before it, counted in that transaction (racing guests each get their own place).
 */
export async function recordGuest(
  db: Executor,
  ctx: AppContext,
  userId: number,
  ip: string,
): Promise<number> {
  const day = dayIn(ctx.config.timeZone);
  const sameIp = await takePlace(db, 'guest-ip', ip, day);
  await db
    .insertInto('guest_origins')
    .values({ user_id: userId, ip, day, created_at: nowIso() })
    .execute();
  return sameIp;
}
