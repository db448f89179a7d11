import type { Kysely } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Amounts an operator may change; a missing row means the default. */
export const creditSettingsSchema = z.object({
  guestTrial: z.number().int().min(0).max(1_000_000).default(20),
  registerGift: z.number().int().min(0).max(1_000_000).default(100),
  inviteReward: z.number().int().min(0).max(1_000_000).default(50),
  dailyCheckin: z.number().int().min(0).max(1_000_000).default(10),
  /** Percent off every price for VIP users, unless a price sets its own. */
  vipDiscountPercent: z.number().int().min(0).max(100).default(0),
  /** How long a hold lives before the sweeper returns it, unless the caller says. */
  holdTtlSeconds: z
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .default(1800),
});
export type CreditSettings = z.infer<typeof creditSettingsSchema>;
export type CreditSettingKey = keyof CreditSettings;

export async function readSettings(db: Kysely<Database>): Promise<CreditSettings> {
  const rows = await db.selectFrom('credit_settings').select(['key', 'value']).execute();
  const raw: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      raw[row.key] = JSON.parse(row.value);
    } catch {
      // A hand-edited value that is not JSON falls back to the default below.
    }
  }
  const parsed = creditSettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep every valid value and default the broken ones.
  const good = Object.fromEntries(
    Object.entries(raw).filter(
      ([key, value]) =>
        key in creditSettingsSchema.shape &&
        creditSettingsSchema.shape[key as CreditSettingKey].safeParse(value).success,
    ),
  );
  return creditSettingsSchema.parse(good);
}

export async function writeSettings(
  db: Kysely<Database>,
  changes: Partial<CreditSettings>,
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
  return readSettings(db);
}
