import { runPeriodicJob } from '../../lib/periodic.js';
import type { AppContext } from '../../context.js';
import type { BackgroundTask } from '../module.js';
import type { Executor } from '../../db/executor.js';
import { FAILURE_WINDOW_MS, KNOWN_ADDRESS_DAYS } from './lockout.js';

/** How often ended sessions, old failed sign-ins and lifted locks are deleted. */
export const ACCOUNT_SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes what no longer counts: expired sessions, failures outside the window, ended locks,
 * spent captchas, ended OpenID Connect flows and passkey challenges, WeChat QR codes an hour old
 * (their limit counts 10 minutes), where guests came from and the per-day places of sign-ups
 * and guests once their day is over (only today's count, signups.ts), and addresses an account
 * signed in from that it has not used for KNOWN_ADDRESS_DAYS.
 */
export async function sweepAccounts(db: Executor, now = new Date()): Promise<number> {
  const iso = now.toISOString();
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  // Two days: "today" is in TIME_ZONE, whatever the server's own zone.
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const guestsBefore = new Date(now.getTime() - 2 * 86_400_000).toISOString();
  const results = await Promise.all([
    db.deleteFrom('sessions').where('expires_at', '<=', iso).executeTakeFirst(),
    db.deleteFrom('login_failures').where('created_at', '<=', since).executeTakeFirst(),
    db.deleteFrom('account_locks').where('locked_until', '<=', iso).executeTakeFirst(),
    db.deleteFrom('captcha_uses').where('expires_at', '<=', iso).executeTakeFirst(),
    db.deleteFrom('captcha_marks').where('until', '<=', iso).executeTakeFirst(),
    db.deleteFrom('oidc_flows').where('expires_at', '<=', iso).executeTakeFirst(),
    db.deleteFrom('wechat_scenes').where('created_at', '<=', hourAgo).executeTakeFirst(),
    db.deleteFrom('passkey_challenges').where('expires_at', '<=', iso).executeTakeFirst(),
    db.deleteFrom('guest_origins').where('created_at', '<=', guestsBefore).executeTakeFirst(),
    // Per-day places (a device's, day '', are kept: once per device means ever).
    db
      .deleteFrom('signup_counts')
      .where('day', '<>', '')
      .where('day', '<', guestsBefore.slice(0, 10))
      .executeTakeFirst(),
    db
      .deleteFrom('known_addresses')
      .where(
        'last_at',
        '<=',
        new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000).toISOString(),
      )
      .executeTakeFirst(),
  ]);
  return results.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}

export function startAccountSweeper(
  ctx: AppContext,
  intervalMs = ACCOUNT_SWEEP_INTERVAL_MS,
): BackgroundTask {
  return runPeriodicJob(ctx, 'account sweep', intervalMs, async () => {
    const deleted = await sweepAccounts(ctx.db.kysely);
    if (deleted > 0) ctx.log.info({ deleted }, 'ended sessions and locks swept');
  });
}
