import type { Generated } from 'kysely';
import type { credits, kinds } from '@atelier/contracts';

/** Why a ledger row exists: one list, in the contract. */
export type LedgerKind = credits.LedgerKind;

export interface CreditBalancesTable {
  user_id: number;
  /** Spendable now; never below zero (also a CHECK constraint). Equals the sum of the ledger. */
  credits: Generated<number>;
  used_credits: Generated<number>;
  vip_until: string | null;
  updated_at: string;
}

/**
 * Append-only: rows are never updated except `hidden_at` and `history_user_id`, which only
 * decide whose history lists show a row (the user's own view); the books are per `user_id`.
 */
export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  kind: LedgerKind;
  amount: number;
  balance_after: number;
  vip_days: Generated<number>;
  ref: Generated<string>;
  note: Generated<string>;
  idempotency_key: string | null;
  hold_id: number | null;
  actor_id: number | null;
  hidden_at: string | null;
  /** Whose lists show the row when not its owner's: the account a guest became. */
  history_user_id: number | null;
  created_at: string;
}

export type HoldStatus = 'held' | 'settled' | 'released';

export interface CreditHoldsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  actual_amount: number | null;
  status: HoldStatus;
  ref: Generated<string>;
  price_key: string | null;
  idempotency_key: string | null;
  expires_at: string;
  created_at: string;
  finished_at: string | null;
}

/** A kind of model (the contracts' `kinds.modelKinds`): one place to add a kind. */
export type PriceCategory = kinds.ModelKind;
export type PriceUnit = 'call' | '1k_tokens';

export interface CreditPricesTable {
  id: Generated<number>;
  price_key: string;
  model: string;
  action: string;
  category: PriceCategory;
  label: string;
  unit: PriceUnit;
  credits: Generated<number>;
  input_per_1k: Generated<number>;
  output_per_1k: Generated<number>;
  /** Overrides the site-wide VIP discount for this price; null: use the setting. */
  vip_discount_percent: number | null;
  vip_free_per_day: Generated<number>;
  enabled: Generated<number>;
  sort: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RedeemBatchesTable {
  id: Generated<number>;
  label: Generated<string>;
  credits: number;
  vip_days: Generated<number>;
  count: number;
  expires_at: string | null;
  created_by: number | null;
  created_at: string;
  /** Set while the batch is disabled: its unused codes are refused. */
  disabled_at: string | null;
}

export interface RedeemCodesTable {
  id: Generated<number>;
  batch_id: number;
  /** sha256 of the normalised code; the code itself is shown once, at creation. */
  code_hash: string;
  /** The last four characters, so an operator can tell codes apart. */
  code_hint: string;
  redeemed_by: number | null;
  redeemed_at: string | null;
  created_at: string;
}

export interface RedeemFailuresTable {
  id: Generated<number>;
  user_id: number;
  ip: string;
  created_at: string;
}

export interface CreditCheckinsTable {
  id: Generated<number>;
  user_id: number;
  day: string;
  credits: number;
  created_at: string;
}

export interface CreditSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/**
 * An invite's reward: written pending at the invitee's sign-up, paid to the inviter once the
 * invitee buys or spends credits for the first time (at most `inviteDailyCap` a day).
 */
export interface InviteRewardsTable {
  invitee_id: number;
  inviter_id: number;
  amount: number;
  status: 'pending' | 'paid';
  created_at: string;
  paid_at: string | null;
  /** The day (TIME_ZONE) it was paid, which the daily cap counts. */
  paid_day: string | null;
}

/** Invite rewards paid to one inviter on one day (TIME_ZONE): the daily cap's counter. */
export interface InvitePayDaysTable {
  inviter_id: number;
  day: string;
  count: number;
}

export interface CreditTables {
  credit_balances: CreditBalancesTable;
  credit_ledger: CreditLedgerTable;
  credit_holds: CreditHoldsTable;
  credit_prices: CreditPricesTable;
  redeem_batches: RedeemBatchesTable;
  redeem_codes: RedeemCodesTable;
  redeem_failures: RedeemFailuresTable;
  credit_checkins: CreditCheckinsTable;
  credit_settings: CreditSettingsTable;
  invite_rewards: InviteRewardsTable;
  invite_pay_days: InvitePayDaysTable;
}
