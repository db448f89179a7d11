import type { Kysely, Selectable } from 'kysely';
import type { credits as Contract } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { texts } from './messages.js';
import { forgetPrices } from './quotes.js';
import { readSettings } from './settings.js';
import type { CreditPricesTable, PriceCategory, PriceUnit } from './tables.js';

type PriceRow = Selectable<CreditPricesTable>;

/**
 * A price a module seeds for its own models (the demo ones): each module declares its list and
 * calls `seedPrices` from its seed, so this module knows no other module's prices.
 */
export interface SeedPrice {
  model: string;
  action: string;
  category: PriceCategory;
  label: string;
  unit?: PriceUnit;
  credits?: number;
  inputPer1k?: number;
  outputPer1k?: number;
  /** The position in the console's price list. */
  sort: number;
}

export const priceKeyOf = (model: string, action: string) => `${model}:${action}`;

/**
 * The enabled prices among these keys, by key (what a models list shows of each model's price;
 * a key with no enabled price is not in the map).
 */
export async function enabledPriceRows(db: Kysely<Database>, keys: string[]) {
  if (keys.length === 0) return new Map<string, never>();
  const rows = await db
    .selectFrom('credit_prices')
    .select(['price_key', 'unit', 'credits', 'input_per_1k', 'output_per_1k'])
    .where('enabled', '=', 1)
    .where('price_key', 'in', [...new Set(keys)])
    .execute();
  return new Map(rows.map((r) => [r.price_key, r]));
}

/** The credits of the enabled prices among these keys, by key (a kind's actions' prices). */
export async function enabledPrices(
  db: Kysely<Database>,
  keys: string[],
): Promise<Map<string, number>> {
  const rows = await enabledPriceRows(db, keys);
  return new Map([...rows].map(([key, r]) => [key, r.credits]));
}

/**
 * Adds the prices whose key is not there yet; never overwrites what an operator changed.
 * Returns the keys added.
 */
export async function seedPrices(db: Kysely<Database>, prices: SeedPrice[]): Promise<string[]> {
  const now = nowIso();
  const added: string[] = [];
  for (const p of prices) {
    const key = priceKeyOf(p.model, p.action);
    const result = await db
      .insertInto('credit_prices')
      .values({
        price_key: key,
        model: p.model,
        action: p.action,
        category: p.category,
        label: p.label,
        unit: p.unit ?? 'call',
        credits: p.credits ?? 0,
        input_per_1k: p.inputPer1k ?? 0,
        output_per_1k: p.outputPer1k ?? 0,
        vip_discount_percent: null,
        vip_free_per_day: 0,
        enabled: 1,
        sort: p.sort,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('price_key').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0)) added.push(key);
  }
  forgetPrices();
  return added;
}

export function toPrice(row: PriceRow, vipDiscountPercent: number): Contract.Price {
  return {
    priceKey: row.price_key,
    model: row.model,
    action: row.action,
    category: row.category,
    label: row.label,
    unit: row.unit,
    credits: row.credits,
    inputPer1k: row.input_per_1k,
    outputPer1k: row.output_per_1k,
    vipDiscountPercent: row.vip_discount_percent ?? vipDiscountPercent,
    vipFreePerDay: row.vip_free_per_day,
  };
}

export function toAdminPrice(row: PriceRow, vipDiscountPercent: number): Contract.AdminPrice {
  return {
    ...toPrice(row, vipDiscountPercent),
    id: row.id,
    ownVipDiscountPercent: row.vip_discount_percent,
    enabled: row.enabled === 1,
    sort: row.sort,
    updatedAt: row.updated_at,
  };
}

export async function listPrices(
  db: Kysely<Database>,
  options: { includeDisabled?: boolean } = {},
): Promise<{ rows: PriceRow[]; vipDiscountPercent: number }> {
  let q = db.selectFrom('credit_prices').selectAll().orderBy('sort').orderBy('id');
  if (!options.includeDisabled) q = q.where('enabled', '=', 1);
  const [rows, settings] = await Promise.all([q.execute(), readSettings(db)]);
  return { rows, vipDiscountPercent: settings.vipDiscountPercent };
}

/** Models as the prices know them: each model's label, category, actions and prices. */
export async function modelInfos(db: Kysely<Database>): Promise<Contract.ModelInfo[]> {
  const { rows, vipDiscountPercent } = await listPrices(db);
  const byModel = new Map<string, Contract.ModelInfo>();
  for (const row of rows) {
    const info = byModel.get(row.model) ?? {
      model: row.model,
      label: row.label.split(':')[0]!.trim(),
      category: row.category,
      capabilities: [],
      prices: [],
    };
    info.capabilities.push(row.action);
    info.prices.push(toPrice(row, vipDiscountPercent));
    byModel.set(row.model, info);
  }
  return [...byModel.values()];
}

type PriceInput = Partial<Contract.PriceFields>;

function columnsOf(input: PriceInput) {
  return {
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.unit !== undefined ? { unit: input.unit } : {}),
    ...(input.credits !== undefined ? { credits: input.credits } : {}),
    ...(input.inputPer1k !== undefined ? { input_per_1k: input.inputPer1k } : {}),
    ...(input.outputPer1k !== undefined ? { output_per_1k: input.outputPer1k } : {}),
    ...(input.vipDiscountPercent !== undefined
      ? { vip_discount_percent: input.vipDiscountPercent }
      : {}),
    ...(input.vipFreePerDay !== undefined ? { vip_free_per_day: input.vipFreePerDay } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
  };
}

async function priceById(db: Kysely<Database>, id: number): Promise<Contract.AdminPrice> {
  const row = await db
    .selectFrom('credit_prices')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toAdminPrice(row, (await readSettings(db)).vipDiscountPercent);
}

export async function createPrice(
  db: Kysely<Database>,
  input: PriceInput & { model: string; action: string; category: PriceCategory; label: string },
): Promise<Contract.AdminPrice> {
  const priceKey = priceKeyOf(input.model, input.action);
  const now = nowIso();
  const created = await db
    .insertInto('credit_prices')
    .values({
      price_key: priceKey,
      model: input.model,
      action: input.action,
      category: input.category,
      label: input.label,
      unit: input.unit ?? 'call',
      vip_discount_percent: null,
      created_at: now,
      updated_at: now,
      ...columnsOf(input),
    })
    .onConflict((oc) => oc.column('price_key').doNothing())
    .returning('id')
    .executeTakeFirst()
    .finally(forgetPrices);
  if (!created) throw conflict(texts.priceKeyTaken, { priceKey });
  return priceById(db, created.id);
}

export async function updatePrice(
  db: Kysely<Database>,
  id: number,
  input: PriceInput,
): Promise<Contract.AdminPrice> {
  const result = await db
    .updateTable('credit_prices')
    .set({ ...columnsOf(input), updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst()
    .finally(forgetPrices);
  if (Number(result.numUpdatedRows) === 0) throw notFound();
  return priceById(db, id);
}

export async function deletePrice(db: Kysely<Database>, id: number): Promise<void> {
  const result = await db
    .deleteFrom('credit_prices')
    .where('id', '=', id)
    .executeTakeFirst()
    .finally(forgetPrices);
  if (Number(result.numDeletedRows) === 0) throw notFound();
}
