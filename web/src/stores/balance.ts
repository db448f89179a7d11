import type { UserBalance } from '@atelier/contracts';
import { apiData } from '../api/client';
import { queryClient } from '../api/query-client';
import { useAuthStore } from './auth';

/**
 * The balance has one home, the auth store's `userBalance`: the header badge, the drawing
 * screen, the user centre and the pay screens all read it there. Whatever may have changed it
 * (a charge, a refund, a redemption, a check-in, a payment, a task that finished or failed)
 * calls `balanceChanged` once, which sets it and reloads every query that depends on it.
 */

/** Every query whose answer depends on the balance (logs, check-in, price quotes) starts so. */
export const creditsKey = ['credits'] as const;

/** The contracts (and zod) load with the first call, outside the initial bundle. */
const contracts = () => import('@atelier/contracts');

/** Bumped by every change, so an older answer never overwrites a newer one. */
let generation = 0;

/** What an answer may carry: a whole balance, or only the credits after a charge. */
export type BalanceAnswer = UserBalance | Pick<UserBalance, 'credits'>;

function apply(answer: BalanceAnswer): void {
  const current = useAuthStore.getState().userBalance;
  if ('usedCredits' in answer) useAuthStore.setState({ userBalance: answer });
  else if (current) useAuthStore.setState({ userBalance: { ...current, credits: answer.credits } });
}

async function reload(mine: number, token: string | null): Promise<void> {
  const { credits } = await contracts();
  const fresh = await apiData(credits.myBalance);
  // A later change (or a sign-in or sign-out meanwhile) wins over this answer.
  if (mine !== generation || useAuthStore.getState().token !== token) return;
  const { heldCredits: _held, ...balance } = fresh;
  apply(balance);
}

/**
 * The one "balance changed" action. With the server's answer (a redemption, a check-in, the
 * last line of a chat) the balance is set from it; without one it is read again from the
 * server. Either way the credit queries (`creditsKey`) are invalidated.
 */
export function balanceChanged(answer?: BalanceAnswer | null): Promise<void> {
  generation += 1;
  const mine = generation;
  void queryClient.invalidateQueries({ queryKey: creditsKey });
  if (answer) {
    apply(answer);
    return Promise.resolve();
  }
  return reload(mine, useAuthStore.getState().token).catch(() => undefined);
}
