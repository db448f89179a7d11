import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { credits as Contract } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, notFound, notice } from '../../http/errors.js';
import { grant } from './ledger.js';
import { texts } from './messages.js';
import { pageOf } from '../../db/paging.js';

/** Crockford base32: no I, L, O, U, so codes read aloud and typed by hand survive. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 symbols of 5 bits: 100 bits of entropy (the floor is 80). */
const CODE_SYMBOLS = 20;
export const WRONG_CODE_LIMIT = 5;
export const WRONG_CODE_WINDOW_MS = 10 * 60 * 1000;

/** A new code, e.g. `7Q2MC-W9XKD-J4T1H-B8RZE`. */
export function generateCode(): string {
  const bytes = randomBytes(CODE_SYMBOLS);
  let code = '';
  for (let i = 0; i < CODE_SYMBOLS; i++) {
    if (i > 0 && i % 5 === 0) code += '-';
    code += ALPHABET[bytes[i]! & 31];
  }
  return code;
}

/** Upper case, no dashes or spaces, and the look-alikes Crockford folds (O→0, I/L→1). */
export function normalizeCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export const hashCode = (code: string): string =>
  createHash('sha256').update(normalizeCode(code)).digest('hex');

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const csvLine = (cells: Array<string | number | null>) => cells.map(csvCell).join(',');

type BatchRow = {
  id: number;
  label: string;
  credits: number;
  vip_days: number;
  count: number;
  expires_at: string | null;
  created_at: string;
};

const toBatch = (b: BatchRow, redeemed: number): Contract.CodeBatch => ({
  id: b.id,
  label: b.label,
  credits: b.credits,
  vipDays: b.vip_days,
  count: b.count,
  redeemed,
  expiresAt: b.expires_at,
  createdAt: b.created_at,
});

export interface NewBatch {
  count: number;
  credits: number;
  vipDays?: number;
  expiresAt?: string | null;
  label?: string;
}

/** Creates a batch; the plain codes exist only in this answer (the database keeps hashes). */
export async function createCodeBatch(
  db: Kysely<Database>,
  input: NewBatch,
  adminId: number | null,
): Promise<{ batch: Contract.CodeBatch; codes: string[]; csv: string }> {
  const now = nowIso();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  const codes = Array.from({ length: input.count }, generateCode);
  const batch = await db.transaction().execute(async (trx) => {
    const b = await trx
      .insertInto('redeem_batches')
      .values({
        label: input.label ?? '',
        credits: input.credits,
        vip_days: input.vipDays ?? 0,
        count: input.count,
        expires_at: expiresAt,
        created_by: adminId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (let i = 0; i < codes.length; i += 500) {
      await trx
        .insertInto('redeem_codes')
        .values(
          codes.slice(i, i + 500).map((code) => ({
            batch_id: b.id,
            code_hash: hashCode(code),
            code_hint: normalizeCode(code).slice(-4),
            redeemed_by: null,
            redeemed_at: null,
            created_at: now,
          })),
        )
        .execute();
    }
    return b;
  });
  const csv = [
    csvLine(['code', 'credits', 'vip_days', 'expires_at', 'label']),
    ...codes.map((c) => csvLine([c, batch.credits, batch.vip_days, batch.expires_at, batch.label])),
  ].join('\n');
  return { batch: toBatch(batch, 0), codes, csv: `${csv}\n` };
}

export async function listCodeBatches(
  db: Kysely<Database>,
  page: { page: number; size: number },
): Promise<{ rows: Contract.CodeBatch[]; count: number }> {
  const { rows, count } = await pageOf(db.selectFrom('redeem_batches'), page, (q) =>
    q.selectAll().orderBy('id', 'desc'),
  );
  const ids = rows.map((r) => r.id);
  const used = ids.length
    ? await db
        .selectFrom('redeem_codes')
        .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
        .where('batch_id', 'in', ids)
        .where('redeemed_at', 'is not', null)
        .groupBy('batch_id')
        .execute()
    : [];
  const usedBy = new Map(used.map((u) => [u.batch_id, Number(u.n)]));
  return { rows: rows.map((r) => toBatch(r, usedBy.get(r.id) ?? 0)), count };
}

/** A batch's codes as CSV for an operator: hints and status only, never a usable code. */
export async function exportCodeBatch(
  db: Kysely<Database>,
  batchId: number,
): Promise<{ filename: string; csv: string }> {
  const batch = await db
    .selectFrom('redeem_batches')
    .selectAll()
    .where('id', '=', batchId)
    .executeTakeFirst();
  if (!batch) throw notFound(texts.batchNotFound);
  const codes = await db
    .selectFrom('redeem_codes')
    .leftJoin('users', 'users.id', 'redeem_codes.redeemed_by')
    .select([
      'redeem_codes.id',
      'redeem_codes.code_hint',
      'redeem_codes.redeemed_by',
      'redeem_codes.redeemed_at',
      'users.username',
    ])
    .where('redeem_codes.batch_id', '=', batchId)
    .orderBy('redeem_codes.id')
    .execute();
  const lines = [
    csvLine([
      'code_id',
      'ends_with',
      'status',
      'credits',
      'vip_days',
      'expires_at',
      'redeemed_by',
      'redeemed_at',
      'label',
    ]),
    ...codes.map((c) =>
      csvLine([
        c.id,
        c.code_hint,
        c.redeemed_at ? 'redeemed' : 'unused',
        batch.credits,
        batch.vip_days,
        batch.expires_at,
        c.redeemed_by === null ? null : (c.username ?? `user ${c.redeemed_by}`),
        c.redeemed_at,
        batch.label,
      ]),
    ),
  ];
  return { filename: `redeem-batch-${batchId}.csv`, csv: `${lines.join('\n')}\n` };
}

async function wrongTries(db: Kysely<Database>, userId: number, ip: string) {
  const since = new Date(Date.now() - WRONG_CODE_WINDOW_MS).toISOString();
  const count = (column: 'user_id' | 'ip', value: number | string) =>
    db
      .selectFrom('redeem_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [byUser, byIp] = await Promise.all([count('user_id', userId), count('ip', ip)]);
  return Math.max(byUser, byIp);
}

/**
 * Redeems a code for a user: single use (a conditional update decides between concurrent
 * redeems), expiry checked, credits and VIP days granted in the same transaction. Wrong codes
 * are remembered in the database per user and per IP: after 5 in 10 minutes the next is a 429.
 */
export async function redeemCode(
  db: Kysely<Database>,
  input: { userId: number; ip: string; code: string },
): Promise<{ credits: number; vipDays: number }> {
  if ((await wrongTries(db, input.userId, input.ip)) >= WRONG_CODE_LIMIT)
    throw new AppError(429, texts.tooManyWrongCodes, {
      minutes: WRONG_CODE_WINDOW_MS / 60_000,
    });
  const found = await db
    .selectFrom('redeem_codes')
    .innerJoin('redeem_batches', 'redeem_batches.id', 'redeem_codes.batch_id')
    .select([
      'redeem_codes.id',
      'redeem_codes.redeemed_at',
      'redeem_batches.credits',
      'redeem_batches.vip_days',
      'redeem_batches.expires_at',
    ])
    .where('redeem_codes.code_hash', '=', hashCode(input.code))
    .executeTakeFirst();
  if (!found) {
    await db
      .insertInto('redeem_failures')
      .values({ user_id: input.userId, ip: input.ip, created_at: nowIso() })
      .execute();
    throw notFound(texts.codeInvalid);
  }
  if (found.redeemed_at) throw conflict(texts.codeUsed);
  if (found.expires_at && Date.parse(found.expires_at) <= Date.now())
    throw notice(texts.codeExpired);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('redeem_codes')
      .set({ redeemed_by: input.userId, redeemed_at: nowIso() })
      .where('id', '=', found.id)
      .where('redeemed_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw conflict(texts.codeUsed);
    await grant(trx, {
      userId: input.userId,
      amount: found.credits,
      vipDays: found.vip_days,
      kind: 'redeem',
      ref: `redeem:${found.id}`,
      idempotencyKey: `redeem:${found.id}`,
    });
    return { credits: found.credits, vipDays: found.vip_days };
  });
}
