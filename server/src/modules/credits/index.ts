import { runPeriodicJob } from '../../lib/periodic.js';
import type { AppContext } from '../../context.js';
import type { AtelierModule, BackgroundTask } from '../module.js';
import { registerAdminRoutes } from './admin-routes.js';
import { readBalance } from './balances.js';
import { moveGuestBalance } from './guest-balance.js';
import { moveGuestHistory } from './history.js';
import { grant, sweepExpiredHolds } from './ledger.js';
import { forgetPastPayDays, payDueInvites, recordInvite } from './invites.js';
import { registerUserRoutes } from './routes.js';
import { cachedSettings, envFallbacks, readSettings } from './settings.js';

export { readBalanceWithHolds } from './balances.js';
export { enabledPriceRows, enabledPrices, seedPrices, type SeedPrice } from './prices.js';
export { chargesSince, ledgerKeysApplied, spentByKindSince } from './figures.js';
export { payDueInvites } from './invites.js';
export { readSettings as readCreditSettings } from './settings.js';
export { holdReleased, settleSteps } from './settle-steps.js';
export {
  grant,
  hold,
  ledgerCheck,
  pricing,
  quote,
  release,
  settle,
  type Pricing,
} from './ledger.js';

/** How often the sweeper looks for holds a crashed job left open. */
export const SWEEP_INTERVAL_MS = 60_000;

/** Installs the balance reader, the guest-data mover and the gifts on account events. */
function wire(ctx: AppContext): void {
  ctx.balances.read = (userId) => readBalance(ctx.db.kysely, userId);
  ctx.hooks.creditGifts = async () => {
    const { registerGift, dailyCheckin } = await cachedSettings(ctx.db.kysely);
    return { registerGift, dailyCheckin };
  };
  ctx.hooks.signupGiftsPerIp = async (db) =>
    (await readSettings(db, envFallbacks(ctx))).signupGiftsPerIp;
  ctx.guestData.register('credits', async (trx, move) => {
    // History first: the transfer rows written next stay on each side's own lists.
    await moveGuestHistory(trx, move);
    await moveGuestBalance(trx, move, { includeTrial: false });
  });
  ctx.accountEvents.guestCreated.push(async (trx, { userId, sameIp }) => {
    // The trial goes to the first guests of an IP a day (a guest costs nothing to make).
    const perIp = ctx.config.signup.guestTrialsPerIp;
    const { guestTrial } = await readSettings(trx);
    if (guestTrial > 0 && (perIp === 0 || sameIp < perIp))
      await grant(trx, {
        userId,
        amount: guestTrial,
        kind: 'guest_trial',
        ref: `user:${userId}`,
        idempotencyKey: `guest_trial:${userId}`,
      });
  });
  ctx.accountEvents.registered.push(async (trx, e) => {
    // The sign-up gift (and the guest trial carried over) goes to the first sign-ups of an IP
    // a day (the operator's signupGiftsPerIp) and once per device: past that, new accounts
    // start with what they earn.
    const {
      registerGift,
      inviteReward,
      signupGiftsPerIp: perIp,
    } = await readSettings(trx, envFallbacks(ctx));
    const gifted = perIp === 0 || (e.sameIp < perIp && e.sameDevice === 0);
    // Registering (unlike signing in) also carries over what is left of the guest trial.
    if (e.fromGuestUserId !== null)
      await moveGuestBalance(
        trx,
        { fromUserId: e.fromGuestUserId, toUserId: e.userId },
        { includeTrial: gifted },
      );
    if (registerGift > 0 && gifted)
      await grant(trx, {
        userId: e.userId,
        amount: registerGift,
        kind: 'register_gift',
        ref: `user:${e.userId}`,
        idempotencyKey: `register_gift:${e.userId}`,
      });
    // Pending until the invitee first buys or spends credits (invites.ts).
    if (e.inviterId !== null && e.inviterId !== e.userId && inviteReward > 0)
      await recordInvite(trx, {
        inviteeId: e.userId,
        inviterId: e.inviterId,
        amount: inviteReward,
      });
  });
}

/** Releases expired holds every minute; a failed sweep is logged and retried next time. */
export function startHoldSweeper(ctx: AppContext, intervalMs = SWEEP_INTERVAL_MS): BackgroundTask {
  return runPeriodicJob(ctx, 'credit hold sweep', intervalMs, async () => {
    const released = await sweepExpiredHolds(ctx.db.kysely);
    if (released > 0) ctx.log.info({ released }, 'expired credit holds released');
    const paid = await payDueInvites(ctx);
    if (paid > 0) ctx.log.info({ paid }, 'invite rewards paid');
    await forgetPastPayDays(ctx);
  });
}

export const creditsModule: AtelierModule = {
  name: 'credits',
  async routes(app) {
    wire(app.ctx);
    registerUserRoutes(app);
    registerAdminRoutes(app);
  },
  background: (ctx) => startHoldSweeper(ctx),
};
