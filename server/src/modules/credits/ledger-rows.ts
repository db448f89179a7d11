import { compiledWith } from '../../db/compiled.js';
import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { LedgerKind } from './tables.js';

/**
 * The ledger's building blocks, used only by ledger.ts and its siblings: a balance changes
 * through `applyDelta` and a row of `appendLedger` in the same transaction, nowhere else.
 */

export const DAY_MS = 24 * 3600 * 1000;

export async function inTransaction<T>(
  db: Executor,
  fn: (trx: Executor) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

type BalanceChange = { delta: number; used: number; now: string; userId: number };
const changeBalance = (db: Executor, v: BalanceChange) =>
  db
    .updateTable('credit_balances')
    .set((eb) => ({
      credits: eb('credits', '+', v.delta),
      used_credits: eb('used_credits', '+', v.used),
      updated_at: v.now,
    }))
    .where('user_id', '=', v.userId);
/** The balance updates of every hold, settle and grant, compiled once (db/compiled.ts). */
const addToBalance = compiledWith((db, v: BalanceChange) =>
  changeBalance(db, v).returning('credits'),
);
const takeIfCovered = compiledWith((db, v: BalanceChange & { need: number }) =>
  changeBalance(db, v).where('credits', '>=', v.need).returning('credits'),
);

/**
 * Adds `delta` to a balance. A negative delta applies only when the balance covers it; the
 * answer is then null. Returns the balance after.
 */
export async function applyDelta(
  trx: Executor,
  userId: number,
  delta: number,
  used = 0,
): Promise<number | null> {
  const update = async () => {
    const values = { delta, used, now: nowIso(), userId };
    const [row] =
      delta < 0
        ? await takeIfCovered(trx, { ...values, need: -delta })
        : await addToBalance(trx, values);
    return row;
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

export async function currentCredits(trx: Executor, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('credit_balances')
    .select('credits')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.credits ?? 0;
}

export interface LedgerRow {
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

export const ledgerValues = (row: LedgerRow) => ({
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
  history_user_id: null,
  created_at: nowIso(),
});

type LedgerValues = ReturnType<typeof ledgerValues>;

/** The ledger's inserts, compiled once (db/compiled.ts): every credit movement writes them. */
const appendRow = compiledWith((db, v: LedgerValues) =>
  db
    .insertInto('credit_ledger')
    .values(v)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id'),
);
const insertOne = compiledWith((db, v: LedgerValues) => db.insertInto('credit_ledger').values(v));
/** Two rows (a settle's release and charge), their values under `a.` and `b.` keys. */
const insertTwo = compiledWith((db, v: Record<string, unknown>) =>
  db.insertInto('credit_ledger').values(
    (['a', 'b'] as const).map((side) => {
      const row: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(v))
        if (key.startsWith(`${side}.`)) row[key.slice(2)] = value;
      return row as LedgerValues;
    }),
  ),
);
/** `row`'s values under `a.` or `b.` keys, added to `into` (a plain loop: every settle runs it). */
const sided = (into: Record<string, unknown>, side: 'a.' | 'b.', row: LedgerValues) => {
  for (const key in row) into[side + key] = row[key as keyof LedgerValues];
  return into;
};

/** Appends one ledger row; false when its idempotency key is already there. */
export async function appendLedger(trx: Executor, row: LedgerRow): Promise<boolean> {
  return (await appendRow(trx, ledgerValues(row))).length > 0;
}

/** Appends rows whose keys cannot exist yet (a hold's state change decided that). */
export async function insertLedgerRows(trx: Executor, rows: LedgerRow[]): Promise<void> {
  const [a, b] = rows;
  if (rows.length === 1) await insertOne(trx, ledgerValues(a!));
  else if (rows.length === 2)
    await insertTwo(trx, sided(sided({}, 'a.', ledgerValues(a!)), 'b.', ledgerValues(b!)));
  else await trx.insertInto('credit_ledger').values(rows.map(ledgerValues)).execute();
}

export async function keyExists(trx: Executor, key: string): Promise<boolean> {
  const row = await trx
    .selectFrom('credit_ledger')
    .select('id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

export async function extendVip(trx: Executor, userId: number, days: number): Promise<void> {
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

export const assertAmount = (amount: number, field: string, allowNegative = false) => {
  if (!Number.isSafeInteger(amount) || (!allowNegative && amount < 0))
    throw new TypeError(`${field} must be a ${allowNegative ? '' : 'non-negative '}integer`);
};
