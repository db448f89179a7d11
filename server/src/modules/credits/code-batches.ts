import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { credits as Contract } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { pageOf } from '../../db/paging.js';
import { notFound } from '../../http/errors.js';
import { csvDocument } from '../../lib/csv.js';
import { texts } from './messages.js';
import { hashCode, normalizeCode } from './redeem.js';

/**
 * Redeem code batches, the operator's side: a batch is made with its codes (shown once, as
 * CSV), listed with how many were redeemed, and exported without any usable code.
 */

/** Crockford base32: no I, L, O, U, so codes read aloud and typed by hand survive. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 20 symbols of 5 bits: 100 bits of entropy (the floor is 80). */
const CODE_SYMBOLS = 20;

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

type BatchRow = {
  id: number;
  label: string;
  credits: number;
  vip_days: number;
  count: number;
  expires_at: string | null;
  created_at: string;
  disabled_at: string | null;
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
  disabledAt: b.disabled_at,
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
        disabled_at: null,
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
  const csv = csvDocument(
    ['code', 'credits', 'vip_days', 'expires_at', 'label'],
    codes.map((c) => [c, batch.credits, batch.vip_days, batch.expires_at, batch.label]),
  );
  return { batch: toBatch(batch, 0), codes, csv };
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

/**
 * Disables a batch (its unused codes are refused from the commit on; redeemed codes keep their
 * history) or enables it again. The update takes the batch row's lock, which a redeem holds
 * shared while it takes a code (redeem.ts), so a redeem either committed before or is refused.
 */
export async function setBatchDisabled(
  db: Kysely<Database>,
  batchId: number,
  disabled: boolean,
): Promise<Contract.CodeBatch> {
  const row = await db
    .updateTable('redeem_batches')
    .set((eb) => ({
      disabled_at: disabled ? eb.fn.coalesce('disabled_at', eb.val(nowIso())) : null,
    }))
    .where('id', '=', batchId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(texts.batchNotFound);
  const used = await db
    .selectFrom('redeem_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batchId)
    .where('redeemed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return toBatch(row, Number(used.n));
}

/** A batch's codes as CSV for an operator: hints and status only, never a usable code. */
export async function exportCodeBatch(
  ctx: AppContext,
  batchId: number,
): Promise<{ filename: string; csv: string }> {
  const db = ctx.db.kysely;
  const batch = await db
    .selectFrom('redeem_batches')
    .selectAll()
    .where('id', '=', batchId)
    .executeTakeFirst();
  if (!batch) throw notFound(texts.batchNotFound);
  const codes = await db
    .selectFrom('redeem_codes')
    .select(['id', 'code_hint', 'redeemed_by', 'redeemed_at'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
  // The redeemers' names are the auth module's (installed as a hook: auth reaches credits).
  const names = await ctx.hooks.accounts(
    db,
    codes.flatMap((c) => (c.redeemed_by === null ? [] : [c.redeemed_by])),
  );
  const csv = csvDocument(
    [
      'code_id',
      'ends_with',
      'status',
      'credits',
      'vip_days',
      'expires_at',
      'redeemed_by',
      'redeemed_at',
      'label',
    ],
    codes.map((c) => [
      c.id,
      c.code_hint,
      c.redeemed_at ? 'redeemed' : batch.disabled_at ? 'disabled' : 'unused',
      batch.credits,
      batch.vip_days,
      batch.expires_at,
      c.redeemed_by === null
        ? null
        : (names.get(c.redeemed_by)?.username ?? `user ${c.redeemed_by}`),
      c.redeemed_at,
      batch.label,
    ]),
  );
  return { filename: `redeem-batch-${batchId}.csv`, csv };
}
