import type { Kysely } from 'kysely';
import type { UserBalance, credits as Contract } from '@atelier/contracts';
import { compiledOnce } from '../../db/compiled.js';
import type { Database } from '../../db/schema.js';

/** A balance row; compiled once (getInfo and every priced call read it). */
const balanceOf = compiledOnce((db, userId: number) =>
  db
    .selectFrom('credit_balances')
    .select(['credits', 'used_credits', 'vip_until'])
    .where('user_id', '=', userId),
);

/** A user's balance as /auth/getInfo and the balance calls show it. */
export async function readBalance(db: Kysely<Database>, userId: number): Promise<UserBalance> {
  const [row] = await balanceOf(db, userId);
  const vipUntil = row?.vip_until ?? null;
  return {
    credits: row?.credits ?? 0,
    usedCredits: row?.used_credits ?? 0,
    hh_vip_time: vipUntil,
    isVip: vipUntil !== null && Date.parse(vipUntil) > Date.now(),
  };
}

/** The balance plus what running jobs hold. */
export async function readBalanceWithHolds(
  db: Kysely<Database>,
  userId: number,
): Promise<Contract.Balance> {
  const [balance, held] = await Promise.all([
    readBalance(db, userId),
    db
      .selectFrom('credit_holds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('user_id', '=', userId)
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow(),
  ]);
  return { ...balance, heldCredits: Number(held.total) };
}
