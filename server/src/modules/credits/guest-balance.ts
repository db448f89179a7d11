import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { applyDelta, appendLedger, DAY_MS, extendVip } from './ledger-rows.js';

/**
 * Moves a guest's spendable credits (and VIP time) to the account it became, as a ledger row
 * on each side. Open holds stay with the guest and settle or expire there. Without
 * `includeTrial`, the unspent part of the guest trial stays behind (trial credits count as
 * spent first): signing in from fresh guests then cannot farm trial credits; registration
 * moves everything.
 */
export async function moveGuestBalance(
  trx: Executor,
  move: { fromUserId: number; toUserId: number },
  options: { includeTrial: boolean },
): Promise<number> {
  const from = await trx
    .selectFrom('credit_balances')
    .select(['credits', 'used_credits', 'vip_until'])
    .where('user_id', '=', move.fromUserId)
    .executeTakeFirst();
  if (!from) return 0;
  let amount = from.credits;
  if (!options.includeTrial) {
    const trial = await trx
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('user_id', '=', move.fromUserId)
      .where('kind', '=', 'guest_trial')
      .executeTakeFirstOrThrow();
    const trialLeft = Math.max(0, Number(trial.total) - from.used_credits);
    amount = Math.max(0, from.credits - trialLeft);
  }
  const ref = `guest:${move.fromUserId}`;
  if (amount > 0) {
    const guestAfter = await applyDelta(trx, move.fromUserId, -amount);
    if (guestAfter === null) return 0;
    await appendLedger(trx, {
      userId: move.fromUserId,
      kind: 'guest_transfer',
      amount: -amount,
      balanceAfter: guestAfter,
      ref: `user:${move.toUserId}`,
      idempotencyKey: `guest_transfer:out:${randomUUID()}`,
    });
    const accountAfter = (await applyDelta(trx, move.toUserId, amount))!;
    await appendLedger(trx, {
      userId: move.toUserId,
      kind: 'guest_transfer',
      amount,
      balanceAfter: accountAfter,
      ref,
      idempotencyKey: `guest_transfer:in:${randomUUID()}`,
    });
  }
  if (from.vip_until && Date.parse(from.vip_until) > Date.now()) {
    const days = Math.ceil((Date.parse(from.vip_until) - Date.now()) / DAY_MS);
    await applyDelta(trx, move.toUserId, 0);
    await extendVip(trx, move.toUserId, days);
  }
  return amount;
}
