import type { Kysely } from 'kysely';
import { credits as contract, type credits as Contract } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ShortCache } from '../../lib/short-cache.js';

export type CreditSettings = Contract.CreditSettings;

/** Amounts an operator may change (schema in the contract); a missing row means the default. */
export const settingDefaults: CreditSettings = {
  guestTrial: 20,
  registerGift: 100,
  inviteReward: 50,
  dailyCheckin: 10,
  vipDiscountPercent: 0,
  holdTtlSeconds: 1800,
  inviteDailyCap: 10,
  wordFreePerDay: 20,
  guestWordFreePerDay: 5,
  signupGiftsPerIp: 3,
};
const shape = contract.creditSettings.shape;
type CreditSettingKey = keyof CreditSettings;

/**
 * The settings (the operator's, else `fallback`, else the defaults above). Pass the
 * environment's fallbacks (`envFallbacks`) wherever `signupGiftsPerIp` is read or shown.
 */
export async function readSettings(
  db: Kysely<Database>,
  fallback: Partial<CreditSettings> = {},
): Promise<CreditSettings> {
  const rows = await db.selectFrom('credit_settings').select(['key', 'value']).execute();
  const raw: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      raw[row.key] = JSON.parse(row.value);
    } catch {
      // A hand-edited value that is not JSON falls back to the default below.
    }
  }
  const settings = { ...settingDefaults, ...fallback };
  for (const key of Object.keys(shape) as CreditSettingKey[]) {
    // A hand-edited value that does not fit keeps the default.
    const parsed = shape[key].safeParse(raw[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings;
}

/**
 * The settings as the public client config reads them on every visit (`/config/queryFronet`,
 * the start config): kept 5 s per database, forgotten by writeSettings in this process.
 * Transactions read them fresh (readSettings).
 */
const kept = new ShortCache<0, CreditSettings>(5000, 1);
export const cachedSettings = (db: Kysely<Database>): Promise<CreditSettings> =>
  kept.get(db, 0, () => readSettings(db));

/** What the environment sets until the operator does: SIGNUP_GIFTS_PER_IP. */
export const envFallbacks = (ctx: Pick<AppContext, 'config'>): Partial<CreditSettings> => ({
  signupGiftsPerIp: ctx.config.signup.giftsPerIp,
});

export async function writeSettings(
  db: Kysely<Database>,
  changes: Partial<CreditSettings>,
  fallback: Partial<CreditSettings> = {},
): Promise<CreditSettings> {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    await db
      .insertInto('credit_settings')
      .values({ key, value: JSON.stringify(value), updated_at: nowIso() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: nowIso() }),
      )
      .execute();
  }
  kept.forget();
  return readSettings(db, fallback);
}
