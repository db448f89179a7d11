import { sql, type Kysely } from 'kysely';
import type { credits as C, DataOf } from '@atelier/contracts';
import type { LedgerKind } from './tables.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { dayIn } from '../../lib/day.js';
import { grant } from './ledger.js';
import { readSettings } from './settings.js';

/**
 * Invite rewards. A sign-up with an invite code writes the inviter's reward as pending; it is
 * paid once the invitee first buys credits (a guest's purchase carried into the account
 * counts) or first pays for a use with credits nobody gave away: its charges, less refunds,
 * go past everything it was given (FREE_KINDS: the sign-up gift, the guest trial and what was
 * carried over from the guest, check-ins, its own invite rewards). Spending the sign-up gift
 * is therefore no paid use, and throwaway accounts earn their inviter nothing. One inviter is
 * paid at most `inviteDailyCap` rewards a day; the rest stay pending and are paid on a later
 * day. Due rewards are paid when the invitee's order is paid, when the inviter opens their
 * invites, and every minute by the sweeper.
 */

/** Credits an account is given rather than pays for: spending them is no paid use. */
export const FREE_KINDS = [
  'register_gift',
  'guest_trial',
  'guest_transfer',
  'checkin',
  'invite_reward',
] as const satisfies readonly LedgerKind[];

/** Writes the pending reward of a sign-up (inside the registration's transaction). */
export async function recordInvite(
  trx: Executor,
  invite: { inviteeId: number; inviterId: number; amount: number },
): Promise<void> {
  await trx
    .insertInto('invite_rewards')
    .values({
      invitee_id: invite.inviteeId,
      inviter_id: invite.inviterId,
      amount: invite.amount,
      status: 'pending',
      created_at: nowIso(),
      paid_at: null,
      paid_day: null,
    })
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .execute();
}

/**
 * Pending rewards whose invitee has bought credits or paid for a use beyond what it was given,
 * of one inviter or invitee (or all).
 */
function dueRewards(db: Kysely<Database>, of: { inviterId?: number; inviteeId?: number }) {
  let q = db
    .selectFrom('invite_rewards as r')
    .select(['r.invitee_id', 'r.inviter_id', 'r.amount'])
    .where('r.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        // Two lookups, each on its own index: its purchases, and those of the guest it was.
        ...(['user_id', 'history_user_id'] as const).map((owner) =>
          eb.exists(
            eb
              .selectFrom('credit_ledger as l')
              .select('l.id')
              .whereRef(`l.${owner}`, '=', 'r.invitee_id')
              .where('l.kind', '=', 'purchase'),
          ),
        ),
        // Charges (negative) plus refunds and free credits (positive) below 0: it spent more
        // than it was given, so some of what it spent was paid for.
        eb(
          eb
            .selectFrom('credit_ledger as s')
            .select((s) => s.fn.coalesce(s.fn.sum<number | string>('s.amount'), s.lit(0)).as('net'))
            .whereRef('s.user_id', '=', 'r.invitee_id')
            .where('s.kind', 'in', ['charge', 'refund', ...FREE_KINDS]),
          '<',
          0,
        ),
      ]),
    )
    .orderBy('r.created_at')
    .limit(500);
  if (of.inviterId !== undefined) q = q.where('r.inviter_id', '=', of.inviterId);
  if (of.inviteeId !== undefined) q = q.where('r.invitee_id', '=', of.inviteeId);
  return q.execute();
}

/** Thrown inside a payment's transaction to roll its slot back (the reward was paid already). */
class AlreadyPaid extends Error {}

/**
 * Takes one of the inviter's paid rewards of the day if the cap leaves one, in one conditional
 * upsert: racing payments queue on the counter's row, and each sees the count the one before
 * it left (PostgreSQL re-reads a conflicting row before its WHERE; SQLite writes one at a time).
 */
async function takePaySlot(trx: Executor, inviterId: number, day: string, cap: number) {
  if (cap <= 0) return false;
  const r = await trx
    .insertInto('invite_pay_days')
    .values({ inviter_id: inviterId, day, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['inviter_id', 'day'])
        .doUpdateSet({ count: sql`invite_pay_days.count + 1` })
        .where('invite_pay_days.count', '<', cap),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Pays the due rewards (within each inviter's daily cap); answers how many were paid. */
export async function payDueInvites(
  ctx: Pick<AppContext, 'config' | 'db'>,
  of: { inviterId?: number; inviteeId?: number } = {},
): Promise<number> {
  const db = ctx.db.kysely;
  const due = await dueRewards(db, of);
  if (due.length === 0) return 0;
  const { inviteDailyCap } = await readSettings(db);
  const day = dayIn(ctx.config.timeZone);
  let paid = 0;
  for (const r of due) {
    const done = await db
      .transaction()
      .execute(async (trx) => {
        // The slot first: a reward past the cap stays pending, untouched, for a later day.
        if (!(await takePaySlot(trx, r.inviter_id, day, inviteDailyCap))) return false;
        const flipped = await trx
          .updateTable('invite_rewards')
          .set({ status: 'paid', paid_at: nowIso(), paid_day: day })
          .where('invitee_id', '=', r.invitee_id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        // Another payment got there first: give the slot back with the transaction.
        if (Number(flipped.numUpdatedRows) !== 1) throw new AlreadyPaid();
        if (r.amount > 0)
          await grant(trx, {
            userId: r.inviter_id,
            amount: r.amount,
            kind: 'invite_reward',
            ref: `invitee:${r.invitee_id}`,
            idempotencyKey: `invite_reward:${r.invitee_id}`,
          });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyPaid) return false;
        throw error;
      });
    if (done) paid++;
  }
  return paid;
}

/** Drops the counters of days gone by (the sweeper's, every minute): only today's is read. */
export async function forgetPastPayDays(ctx: Pick<AppContext, 'config' | 'db'>): Promise<void> {
  await ctx.db.kysely
    .deleteFrom('invite_pay_days')
    .where('day', '<', dayIn(ctx.config.timeZone))
    .execute();
}

/** The inviter's view: their code, each invitee and whether its reward is paid or pending. */
export async function listInvites(
  ctx: AppContext,
  userId: number,
  page: { page: number; size: number },
): Promise<DataOf<typeof C.myInvites>> {
  await payDueInvites(ctx, { inviterId: userId });
  const db = ctx.db.kysely;
  const [rewards, totals, settings] = await Promise.all([
    db
      .selectFrom('invite_rewards as r')
      .select(['r.invitee_id', 'r.created_at', 'r.status', 'r.amount', 'r.paid_at'])
      .where('r.inviter_id', '=', userId)
      .orderBy('r.created_at', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('invite_rewards')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .select((eb) => eb.fn.sum<number | string>('amount').as('credits'))
      .where('inviter_id', '=', userId)
      .groupBy('status')
      .execute(),
    readSettings(db),
  ]);
  // Accounts are the auth module's (installed as a hook: auth reaches credits). An invitee
  // whose account is gone is left out, as the join with it did.
  const accounts = await ctx.hooks.accounts(db, [userId, ...rewards.map((r) => r.invitee_id)]);
  const rows = rewards.flatMap((r) => {
    const a = accounts.get(r.invitee_id);
    return a ? [{ ...r, nickname: a.nickname, username: a.username }] : [];
  });
  const of = (status: 'pending' | 'paid') => totals.find((t) => t.status === status);
  return {
    inviteCode: accounts.get(userId)?.inviteCode ?? null,
    reward: settings.inviteReward,
    dailyCap: settings.inviteDailyCap,
    pendingCredits: Number(of('pending')?.credits ?? 0),
    paidCredits: Number(of('paid')?.credits ?? 0),
    count: Number(of('pending')?.n ?? 0) + Number(of('paid')?.n ?? 0),
    rows: rows.map((r) => ({
      name: r.nickname || r.username || '',
      createdAt: r.created_at,
      status: r.status,
      amount: r.amount,
      paidAt: r.paid_at,
    })),
  };
}
