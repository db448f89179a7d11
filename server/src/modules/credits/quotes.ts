import type { Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import { ShortCache } from '../../lib/short-cache.js';
import { notFound } from '../../http/errors.js';
import type { Executor } from '../../db/executor.js';
import { DAY_MS } from './ledger-rows.js';
import { texts } from './messages.js';
import { readSettings } from './settings.js';
import type { CreditPricesTable } from './tables.js';

/**
 * Enabled prices by key, kept a few seconds for the reads that pass `cached` (every chat
 * answer quotes one); every write of prices.ts forgets them (forgetPrices).
 */
const priceRows = new ShortCache<string, Selectable<CreditPricesTable> | undefined>(5000);
export const forgetPrices = (): void => priceRows.forget();

/** A user's balance and VIP end, compiled once (db/compiled.ts): every quote reads it. */
const standingOf = compiledOnce((db, userId: number) =>
  db.selectFrom('credit_balances').select(['vip_until', 'credits']).where('user_id', '=', userId),
);

/** Prices read for a user: what a unit of work costs them now, VIP discount included. */

export interface QuoteInput {
  priceKey: string;
  /** Calls (default 1), or tokens for a price per 1,000 tokens. */
  units?: number | { inputTokens: number; outputTokens: number };
  /** When given, the user's VIP discount and free quota apply. */
  userId?: number;
}

/** What an action costs, in credits (rounded up; a priced action never quotes below 1). */
export async function quote(db: Executor, input: QuoteInput): Promise<number> {
  return (await pricing(db, input)).cost(input.units);
}

/** A price and the user's standing, read once, for work that quotes more than once. */
export interface Pricing {
  /** What `units` cost, as `quote` answers, without reading again. */
  cost(units?: QuoteInput['units']): number;
  /** The user's balance when it was read (0 without a user). */
  available: number;
  /** What the price counts: calls, or tokens per 1,000. */
  unit: CreditPricesTable['unit'];
}

/**
 * Reads a price (404 when missing or disabled) and, for a user, their balance and VIP standing:
 * a chat quotes its largest answer up front and its real usage at the end from one read.
 */
export async function pricing(
  db: Executor,
  input: Pick<QuoteInput, 'priceKey' | 'userId'>,
  /** Read the price through the few-seconds cache (a chat's quote on every answer). */
  options: { cached?: boolean } = {},
): Promise<Pricing> {
  const read = () =>
    db
      .selectFrom('credit_prices')
      .selectAll()
      .where('price_key', '=', input.priceKey)
      .where('enabled', '=', 1)
      .executeTakeFirst();
  const price = options.cached ? await priceRows.get(db, input.priceKey, read) : await read();
  if (!price) throw notFound(texts.priceNotFound, { priceKey: input.priceKey });
  const balance = input.userId === undefined ? undefined : (await standingOf(db, input.userId))[0];
  // For a VIP: free (within the day's free quota), or the discount in percent.
  let vip: 'free' | number | null = null;
  if (balance?.vip_until && Date.parse(balance.vip_until) > Date.now()) {
    if (price.vip_free_per_day > 0) {
      const since = new Date(Date.now() - DAY_MS).toISOString();
      const used = await db
        .selectFrom('credit_holds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', input.userId!)
        .where('price_key', '=', price.price_key)
        .where('status', '!=', 'released')
        .where('amount', '=', 0)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      if (Number(used.n) < price.vip_free_per_day) vip = 'free';
    }
    vip ??= price.vip_discount_percent ?? (await readSettings(db)).vipDiscountPercent;
  }
  const cost = (units: QuoteInput['units'] = 1) => {
    let base: number;
    if (price.unit === '1k_tokens') {
      const tokens = typeof units === 'number' ? { inputTokens: 0, outputTokens: 0 } : units;
      base =
        (tokens.inputTokens * price.input_per_1k + tokens.outputTokens * price.output_per_1k) /
        1000;
      if (price.credits > 0) base = Math.max(base, price.credits);
    } else {
      base = price.credits * (typeof units === 'number' ? units : 1);
    }
    let credits = Math.ceil(base);
    if (base > 0) credits = Math.max(1, credits);
    if (credits === 0 || vip === null) return credits;
    if (vip === 'free') return 0;
    return Math.max(vip >= 100 ? 0 : 1, Math.ceil((credits * (100 - vip)) / 100));
  };
  return { cost, available: balance?.credits ?? 0, unit: price.unit };
}
