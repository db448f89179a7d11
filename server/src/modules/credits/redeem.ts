import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { DialectName } from '../../db/database.js';
import { WrongTries } from '../../db/wrong-tries.js';
import { AppError, conflict, notFound, notice } from '../../http/errors.js';
import { grant } from './ledger.js';
import { texts } from './messages.js';

export const WRONG_CODE_LIMIT = 5;
export const WRONG_CODE_WINDOW_MS = 10 * 60 * 1000;
const wrongCodes = new WrongTries('redeem_failures', WRONG_CODE_WINDOW_MS);

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

/**
 * Redeems a code for a user: single use (a conditional update decides between concurrent
 * redeems), expiry checked, credits and VIP days granted in the same transaction. Wrong codes
 * are remembered in the database per user and per IP: after 5 in 10 minutes the next is a 429.
 */
export async function redeemCode(
  { kysely: db, dialect }: { kysely: Kysely<Database>; dialect: DialectName },
  input: { userId: number; ip: string; code: string },
): Promise<{ credits: number; vipDays: number }> {
  if ((await wrongCodes.count(db, { user_id: input.userId, ip: input.ip })) >= WRONG_CODE_LIMIT)
    throw new AppError(429, texts.tooManyWrongCodes, {
      minutes: WRONG_CODE_WINDOW_MS / 60_000,
    });
  const found = await db
    .selectFrom('redeem_codes')
    .innerJoin('redeem_batches', 'redeem_batches.id', 'redeem_codes.batch_id')
    .select([
      'redeem_codes.id',
      'redeem_codes.redeemed_at',
      'redeem_codes.batch_id',
      'redeem_batches.disabled_at',
      'redeem_batches.credits',
      'redeem_batches.vip_days',
      'redeem_batches.expires_at',
    ])
    .where('redeem_codes.code_hash', '=', hashCode(input.code))
    .executeTakeFirst();
  if (!found) {
    await wrongCodes.record(db, { user_id: input.userId, ip: input.ip });
    throw notFound(texts.codeInvalid);
  }
  if (found.redeemed_at) throw conflict(texts.codeUsed);
  if (found.disabled_at) throw conflict(texts.codeDisabled);
  if (found.expires_at && Date.parse(found.expires_at) <= Date.now())
    throw notice(texts.codeExpired);
  return db.transaction().execute(async (trx) => {
    // The batch must still be enabled when the code is taken. On PostgreSQL the row is read
    // FOR SHARE: concurrent redeems proceed, a disable (which updates the row) waits for them,
    // and a redeem after a disable waits for its commit and then sees it. SQLite runs one
    // write transaction at a time, so the plain read is already ordered against the disable.
    let batch = trx
      .selectFrom('redeem_batches')
      .select('id')
      .where('id', '=', found.batch_id)
      .where('disabled_at', 'is', null);
    if (dialect === 'postgres') batch = batch.forShare();
    if (!(await batch.executeTakeFirst())) throw conflict(texts.codeDisabled);
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
