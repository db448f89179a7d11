import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { compiledWith } from '../../db/compiled.js';
import { nowIso } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { dialectOf, type Executor } from '../../db/executor.js';
import { AppError, badRequest, conflict, notEnoughCredits, notFound } from '../../http/errors.js';
import { texts } from './messages.js';
import { settleSteps } from './settle-steps.js';
import { readSettings } from './settings.js';
import type { CreditHoldsTable, LedgerKind } from './tables.js';
import {
  type LedgerRow,
  inTransaction,
  applyDelta,
  currentCredits,
  appendLedger,
  insertLedgerRows,
  keyExists,
  extendVip,
  assertAmount,
} from './ledger-rows.js';

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

/** A hold's row, compiled once (db/compiled.ts): every priced call writes one. */
const insertHold = compiledWith((db, v: Insertable<CreditHoldsTable>) =>
  db
    .insertInto('credit_holds')
    .values(v)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id'),
);

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
    const [created] = await insertHold(trx, {
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
    });
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

/** SQLite's settle of a held hold, compiled once (db/compiled.ts). */
const settleHold = compiledWith((db, v: { holdId: number; actual: number; now: string }) =>
  db
    .updateTable('credit_holds')
    .set({ status: 'settled', actual_amount: v.actual, finished_at: v.now })
    .where('id', '=', v.holdId)
    .where('status', '=', 'held')
    .where('amount', '>=', v.actual)
    .returning(['id', 'user_id', 'amount', 'ref']),
);

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
    if (dialectOf(trx) === 'postgres') {
      const applied = await settleInOneStatement(trx, input.holdId, actual);
      if (applied) return applied;
      return settledBefore(trx, input.holdId, actual);
    }
    const [h] = await settleHold(trx, { holdId: input.holdId, actual, now: nowIso() });
    if (!h) return settledBefore(trx, input.holdId, actual);
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

/** A settle that changed nothing: the hold was settled before (its result), released or short. */
async function settledBefore(trx: Executor, holdId: number, actual: number): Promise<SettleResult> {
  const now = await loadHold(trx, holdId);
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

/**
 * PostgreSQL: the settle above (hold settled, one balance update, the release and charge rows)
 * as one statement, one round trip instead of three. The same rows and values as the SQLite
 * path, which runs in-process and gains nothing from it. Undefined when the hold is not held
 * (or holds less than `actual`).
 */
async function settleInOneStatement(
  trx: Executor,
  holdId: number,
  actual: number,
): Promise<SettleResult | undefined> {
  const row = (
    await sql<{ amount: number; balance: number | null }>`
      with ${settleSteps(sql`${holdId}`, actual)} select amount, balance from settled`.execute(trx)
  ).rows[0];
  if (!row) return undefined;
  // The hold took these credits from this balance: its row exists (else nothing adds up).
  if (row.balance === null) throw new Error(`hold ${holdId}: no balance row to settle into`);
  return {
    applied: true,
    charged: actual,
    refunded: row.amount - actual,
    balanceAfter: row.balance,
  };
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

/**
 * An operator's correction, recorded as an `admin_adjust` ledger row with its reason. The
 * callers (the admin route, the CLI) answer an unknown user first, through auth's accounts
 * hooks; one deleted meanwhile is refused by the foreign keys to `users`, answered the same 404.
 */
export async function adjust(db: Executor, input: AdjustInput): Promise<GrantResult> {
  assertAmount(input.amount, 'amount', true);
  try {
    return await adjustIn(db, input);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(texts.userNotFound);
    throw error;
  }
}

function adjustIn(db: Executor, input: AdjustInput): Promise<GrantResult> {
  return inTransaction(db, async (trx) => {
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

export { pricing, quote, type Pricing, type QuoteInput } from './quotes.js';
export { ledgerCheck, type LedgerDifference } from './ledger-check.js';
