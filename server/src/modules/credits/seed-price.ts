import { nowIso } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { PriceCategory, PriceUnit } from './tables.js';

/** A price a module adds on a fresh install (its demo model's, say). */
export interface PriceSeed {
  model: string;
  action: string;
  category: PriceCategory;
  label: string;
  credits: number;
  unit?: PriceUnit;
  sort?: number;
}

/**
 * Adds a price once, by its key `<model>:<action>`; never overwrites what an operator changed.
 * True when this call added it.
 */
export async function seedPrice(db: Executor, p: PriceSeed): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .insertInto('credit_prices')
    .values({
      price_key: `${p.model}:${p.action}`,
      model: p.model,
      action: p.action,
      category: p.category,
      label: p.label,
      unit: p.unit ?? 'call',
      credits: p.credits,
      input_per_1k: 0,
      output_per_1k: 0,
      vip_discount_percent: null,
      vip_free_per_day: 0,
      enabled: 1,
      sort: p.sort ?? 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('price_key').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
