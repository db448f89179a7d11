import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, notEnoughCredits, notFound } from '../../http/errors.js';
import { texts } from './messages.js';
import { readSettings } from './settings.js';
import type { LedgerKind } from './tables.js';

/**
 * The credits ledger: the only code that changes a balance. Every function takes a Kysely
 * executor: a `Kysely<Database>` (a transaction is opened) or a `Transaction<Database>` (the
 * caller's transaction is joined, so e.g. "order paid" and "credits granted" commit together).
 *
 * Invariants, on SQLite and PostgreSQL, also under concurrent calls:
 * - a balance equals the sum of its ledger rows (every change appends one row in the same
 *   transaction as the balance update);
 * - a balance never goes below zero (conditional `credits >= ?` update, checked by row count,
 *   plus a CHECK constraint);
 * - an idempotency key applies at most once (unique column).
 */
export type Executor = Kysely<Database>;

const DAY_MS = 24 * 3600 * 1000;

async function inTransaction<T>(db: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * Adds `delta` to a balance. A negative delta applies only when the balance covers it; the
 * answer is then null. Returns the balance after.
 */
async function applyDelta(
  trx: Executor,
  userId: number,
  delta: number,
  used = 0,
): Promise<number | null> {
  const update = () => {
    let q = trx
      .updateTable('credit_balances')
      .set((eb) => ({
        credits: eb('credits', '+', delta),
        used_credits: eb('used_credits', '+', used),
        updated_at: nowIso(),
      }))
      .where('user_id', '=', userId);
    if (delta < 0) q = q.where('credits', '>=', -delta);
    return q.returning('credits').executeTakeFirst();
  };
  const row = await update();
  if (row) return row.credits;
  // Nothing matched: a short balance, or no balance row at the time of the update. A row
  // another transaction creates meanwhile is found by the second update (checking for it
  // with a select instead answered null to a grant racing the first grant of a user).
  if (delta < 0) return null;
  await trx
    .insertInto('credit_balances')
    .values({ user_id: userId, credits: 0, used_credits: 0, updated_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await update())?.credits ?? null;
}

async function currentCredits(trx: Executor, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('credit_balances')
    .select('credits')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.credits ?? 0;
}

interface LedgerRow {
  userId: number;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  ref: string;
  idempotencyKey: string | null;
  vipDays?: number;
  note?: string;
  holdId?: number | null;
  actorId?: number | null;
}

const ledgerValues = (row: LedgerRow) => ({
  user_id: row.userId,
  kind: row.kind,
  amount: row.amount,
  balance_after: row.balanceAfter,
  vip_days: row.vipDays ?? 0,
  ref: row.ref,
  note: row.note ?? '',
  idempotency_key: row.idempotencyKey,
  hold_id: row.holdId ?? null,
  actor_id: row.actorId ?? null,
  hidden_at: null,
  created_at: nowIso(),
});

/** Appends one ledger row; false when its idempotency key is already there. */
async function appendLedger(trx: Executor, row: LedgerRow): Promise<boolean> {
  const inserted = await trx
    .insertInto('credit_ledger')
    .values(ledgerValues(row))
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Appends rows whose keys cannot exist yet (a hold's state change decided that). */
async function insertLedgerRows(trx: Executor, rows: LedgerRow[]): Promise<void> {
  await trx.insertInto('credit_ledger').values(rows.map(ledgerValues)).execute();
}

async function keyExists(trx: Executor, key: string): Promise<boolean> {
  const row = await trx
    .selectFrom('credit_ledger')
    .select('id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

async function extendVip(trx: Executor, userId: number, days: number): Promise<void> {
  if (days <= 0) return;
  const row = await trx
    .selectFrom('credit_balances')
    .select('vip_until')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const from = row.vip_until ? Math.max(Date.parse(row.vip_until), now) : now;
  await trx
    .updateTable('credit_balances')
    .set({ vip_until: new Date(from + days * DAY_MS).toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

const assertAmount = (amount: number, field: string, allowNegative = false) => {
  if (!Number.isSafeInteger(amount) || (!allowNegative && amount < 0))
    throw new TypeError(`${field} must be a ${allowNegative ? '' : 'non-negative '}integer`);
};

export interface GrantInput {
  userId: number;
  amount: number;
  vipDays?: number;
  kind: LedgerKind;
  ref: string;
  idempotencyKey: string;
  note?: string;
  actorId?: number | null;
}

export interface GrantResult {
  applied: boolean;
  balanceAfter: number;
}

/** Adds credits (and VIP days). A repeated idempotency key applies nothing. */
export async function grant(db: Executor, input: GrantInput): Promise<GrantResult> {
  assertAmount(input.amount, 'amount');
  assertAmount(input.vipDays ?? 0, 'vipDays');
  return inTransaction(db, async (trx) => {
    if (await keyExists(trx, input.idempotencyKey))
      return { applied: false, balanceAfter: await currentCredits(trx, input.userId) };
    const balanceAfter = (await applyDelta(trx, input.userId, input.amount))!;
    const appended = await appendLedger(trx, {
      userId: input.userId,
      kind: input.kind,
      amount: input.amount,
      balanceAfter,
      ref: input.ref,
      idempotencyKey: input.idempotencyKey,
      vipDays: input.vipDays ?? 0,
      note: input.note ?? '',
      actorId: input.actorId ?? null,
    });
    if (!appended) {
      // A concurrent call with the same key committed first: undo our balance change.
      const undone = (await applyDelta(trx, input.userId, -input.amount))!;
      return { applied: false, balanceAfter: undone };
    }
    await extendVip(trx, input.userId, input.vipDays ?? 0);
    return { applied: true, balanceAfter };
  });
}

export interface HoldInput {
  userId: number;
  amount: number;
  ref: string;
  idempotencyKey?: string;
  ttlSeconds?: number;
  /** The price this hold pays for (counts toward a VIP free quota). */
  priceKey?: string;
}

async function findHoldByKey(trx: Executor, key: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('credit_holds')
    .select('id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Reserves credits for work about to run. Throws 430 when the balance does not cover it.
 * The same idempotency key answers the same hold.
 */

export async function hold(db: Executor, input: HoldInput): Promise<{ holdId: number }> {
  assertAmount(input.amount, 'amount');
  return inTransaction(db, async (trx) => {
    const key = input.idempotencyKey ?? null;
    if (key) {
      const existing = await findHoldByKey(trx, key);
      if (existing !== undefined) return { holdId: existing };
    }
    const balanceAfter = await applyDelta(trx, input.userId, -input.amount);
    if (balanceAfter === null)
      throw notEnoughCredits(input.amount, await currentCredits(trx, input.userId));
    const ttl = input.ttlSeconds ?? (await readSettings(trx)).holdTtlSeconds;
    const now = Date.now();
    const created = await trx
      .insertInto('credit_holds')
      .values({
        user_id: input.userId,
        amount: input.amount,
        actual_amount: null,
        status: 'held',
        ref: input.ref,
        price_key: input.priceKey ?? null,
        idempotency_key: key,
        expires_at: new Date(now + ttl * 1000).toISOString(),
        created_at: new Date(now).toISOString(),
        finished_at: null,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) {
      await applyDelta(trx, input.userId, input.amount);
      return { holdId: (await findHoldByKey(trx, key!))! };
    }
    if (input.amount > 0)
      await appendLedger(trx, {
        userId: input.userId,
        kind: 'hold',
        amount: -input.amount,
        balanceAfter,
        ref: input.ref,
        idempotencyKey: `hold:${created.id}`,
        holdId: created.id,
      });
    return { holdId: created.id };
  });
}

async function loadHold(trx: Executor, holdId: number) {
  const row = await trx
    .selectFrom('credit_holds')
    .selectAll()
    .where('id', '=', holdId)
    .executeTakeFirst();
  if (!row) throw notFound(texts.holdNotFound);
  return row;
}

export interface SettleResult {
  /** False when the hold had already been settled (nothing changed this time). */
  applied: boolean;
  charged: number;
  refunded: number;
  balanceAfter: number;
}

/**
 * Charges `actualAmount` (≤ the held amount) and returns the rest to the balance. Settling a
 * settled hold changes nothing; settling a released hold is a 409.
 */
export async function settle(
  db: Executor,
  input: { holdId: number; actualAmount: number },
): Promise<SettleResult> {
  assertAmount(input.actualAmount, 'actualAmount');
  const actual = input.actualAmount;
  return inTransaction(db, async (trx) => {
    const h = await trx
      .updateTable('credit_holds')
      .set({ status: 'settled', actual_amount: actual, finished_at: nowIso() })
      .where('id', '=', input.holdId)
      .where('status', '=', 'held')
      .where('amount', '>=', actual)
      .returning(['id', 'user_id', 'amount', 'ref'])
      .executeTakeFirst();
    if (!h) {
      const now = await loadHold(trx, input.holdId);
      if (now.status === 'released') throw conflict(texts.holdAlreadyReleased);
      if (now.status === 'held')
        throw badRequest(texts.settleAboveHold, { actual, held: now.amount }, 'actualAmount');
      const charged = now.actual_amount ?? 0;
      return {
        applied: false,
        charged,
        refunded: now.amount - charged,
        balanceAfter: await currentCredits(trx, now.user_id),
      };
    }
    // One balance update; two rows: the hold returns whole, then the real price is charged
    // (the usage log reads `charge` rows).
    const balanceAfter = (await applyDelta(trx, h.user_id, h.amount - actual, actual))!;
    const rows: LedgerRow[] = [];
    if (h.amount > 0)
      rows.push({
        userId: h.user_id,
        kind: 'release',
        amount: h.amount,
        balanceAfter: balanceAfter + actual,
        ref: h.ref,
        idempotencyKey: `hold:${h.id}:release`,
        holdId: h.id,
      });
    rows.push({
      userId: h.user_id,
      kind: 'charge',
      amount: -actual,
      balanceAfter,
      ref: h.ref,
      idempotencyKey: `hold:${h.id}:charge`,
      holdId: h.id,
    });
    await insertLedgerRows(trx, rows);
    return { applied: true, charged: actual, refunded: h.amount - actual, balanceAfter };
  });
}

/** Returns a hold whole (the work failed or never ran). Idempotent; a settled hold is a 409. */
export async function release(
  db: Executor,
  input: { holdId: number },
): Promise<{ applied: boolean; balanceAfter: number }> {
  return inTransaction(db, async (trx) => {
    const h = await trx
      .updateTable('credit_holds')
      .set({ status: 'released', finished_at: nowIso() })
      .where('id', '=', input.holdId)
      .where('status', '=', 'held')
      .returning(['id', 'user_id', 'amount', 'ref'])
      .executeTakeFirst();
    if (!h) {
      const now = await loadHold(trx, input.holdId);
      if (now.status === 'settled') throw conflict(texts.holdAlreadySettled);
      return { applied: false, balanceAfter: await currentCredits(trx, now.user_id) };
    }
    if (h.amount === 0)
      return { applied: true, balanceAfter: await currentCredits(trx, h.user_id) };
    const balanceAfter = (await applyDelta(trx, h.user_id, h.amount))!;
    await insertLedgerRows(trx, [
      {
        userId: h.user_id,
        kind: 'release',
        amount: h.amount,
        balanceAfter,
        ref: h.ref,
        idempotencyKey: `hold:${h.id}:release`,
        holdId: h.id,
      },
    ]);
    return { applied: true, balanceAfter };
  });
}

/**
 * Releases holds past their expiry: a crash between hold and settle never costs the user.
 * Returns how many were released.
 */
export async function sweepExpiredHolds(db: Executor, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await db
      .selectFrom('credit_holds')
      .select('id')
      .where('status', '=', 'held')
      .where('expires_at', '<', now.toISOString())
      .orderBy('id')
      .limit(200)
      .execute();
    for (const { id } of due) {
      try {
        if ((await release(db, { holdId: id })).applied) released++;
      } catch (error) {
        // Settled meanwhile by its job: nothing to release.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
    if (due.length < 200) return released;
  }
}

export interface AdjustInput {
  userId: number;
  /** Positive adds, negative removes (never below zero). */
  amount: number;
  reason: string;
  adminId: number | null;
  idempotencyKey?: string;
}

/** An operator's correction, recorded as an `admin_adjust` ledger row with its reason. */
export async function adjust(db: Executor, input: AdjustInput): Promise<GrantResult> {
  assertAmount(input.amount, 'amount', true);
  return inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', input.userId)
      .executeTakeFirst();
    if (!user) throw notFound(texts.userNotFound);
    const key = input.idempotencyKey ?? `adjust:${randomUUID()}`;
    if (await keyExists(trx, key))
      return { applied: false, balanceAfter: await currentCredits(trx, input.userId) };
    const balanceAfter = await applyDelta(trx, input.userId, input.amount);
    if (balanceAfter === null)
      throw badRequest(
        texts.adjustBelowZero,
        { available: await currentCredits(trx, input.userId) },
        'amount',
      );
    const appended = await appendLedger(trx, {
      userId: input.userId,
      kind: 'admin_adjust',
      amount: input.amount,
      balanceAfter,
      ref: input.adminId ? `admin:${input.adminId}` : 'admin',
      idempotencyKey: key,
      note: input.reason,
      actorId: input.adminId,
    });
    if (!appended) {
      const undone = (await applyDelta(trx, input.userId, -input.amount))!;
      return { applied: false, balanceAfter: undone };
    }
    return { applied: true, balanceAfter };
  });
}

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
}

/**
 * Reads a price (404 when missing or disabled) and, for a user, their balance and VIP standing:
 * a chat quotes its largest answer up front and its real usage at the end from one read.
 */
export async function pricing(
  db: Executor,
  input: Pick<QuoteInput, 'priceKey' | 'userId'>,
): Promise<Pricing> {
  const price = await db
    .selectFrom('credit_prices')
    .selectAll()
    .where('price_key', '=', input.priceKey)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!price) throw notFound(texts.priceNotFound, { priceKey: input.priceKey });
  const balance =
    input.userId === undefined
      ? undefined
      : await db
          .selectFrom('credit_balances')
          .select(['vip_until', 'credits'])
          .where('user_id', '=', input.userId)
          .executeTakeFirst();
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
  return { cost, available: balance?.credits ?? 0 };
}

export interface LedgerDifference {
  userId: number;
  balance: number;
  ledgerSum: number;
  /** balance_after of the user's last ledger row (should equal the balance). */
  lastBalanceAfter: number | null;
}

/** Every user whose balance differs from the sum of their ledger (empty when the books agree). */
export async function ledgerCheck(db: Executor): Promise<LedgerDifference[]> {
  const balances = await db.selectFrom('credit_balances').select(['user_id', 'credits']).execute();
  const sums = await db
    .selectFrom('credit_ledger')
    .select((eb) => [
      'user_id',
      eb.fn.sum<number>('amount').as('total'),
      eb.fn.max('id').as('last'),
    ])
    .groupBy('user_id')
    .execute();
  const lastIds = sums.map((s) => Number(s.last));
  const lastRows = new Map<number, number>();
  for (let i = 0; i < lastIds.length; i += 500) {
    const rows = await db
      .selectFrom('credit_ledger')
      .select(['user_id', 'balance_after'])
      .where('id', 'in', lastIds.slice(i, i + 500))
      .execute();
    for (const r of rows) lastRows.set(r.user_id, r.balance_after);
  }
  const byUser = new Map<number, LedgerDifference>();
  for (const b of balances)
    byUser.set(b.user_id, {
      userId: b.user_id,
      balance: b.credits,
      ledgerSum: 0,
      lastBalanceAfter: null,
    });
  for (const s of sums) {
    const entry = byUser.get(s.user_id) ?? {
      userId: s.user_id,
      balance: 0,
      ledgerSum: 0,
      lastBalanceAfter: null,
    };
    entry.ledgerSum = Number(s.total);
    entry.lastBalanceAfter = lastRows.get(s.user_id) ?? null;
    byUser.set(s.user_id, entry);
  }
  return [...byUser.values()].filter(
    (e) =>
      e.balance !== e.ledgerSum ||
      e.balance < 0 ||
      (e.lastBalanceAfter !== null && e.lastBalanceAfter !== e.balance),
  );
}
