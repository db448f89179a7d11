import type { Selectable } from 'kysely';
import { sites, type payments } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { PackagesTable } from './tables.js';
import { pageOf } from '../../db/paging.js';

type Ctx = Pick<AppContext, 'db'>;

/**
 * A name or description as stored: the JSON of its three languages, or (a row written before
 * packages were localised) one plain text, then shown in every language.
 */
export function readLocalized(stored: string): sites.LocalizedText {
  try {
    const parsed = sites.localizedText.safeParse(JSON.parse(stored));
    if (parsed.success) return parsed.data;
  } catch {
    // plain text
  }
  return { 'en-US': stored, 'zh-CN': stored, 'zh-TW': stored };
}

export const storeLocalized = (text: sites.LocalizedText): string => JSON.stringify(text);

export function packageView(row: Selectable<PackagesTable>): payments.PricePackage {
  return {
    id: row.id,
    name: readLocalized(row.name),
    description: readLocalized(row.description),
    cover: row.cover,
    priceCents: row.price_cents,
    currency: row.currency,
    credits: row.credits,
    vipDays: row.vip_days,
    sort: row.sort,
    onSale: row.on_sale === 1,
  };
}

/** Packages by `sort`, then price; only those on sale unless `all`. */
export async function listPackages(
  ctx: Ctx,
  page: { page: number; size: number },
  all = false,
): Promise<{ rows: payments.PricePackage[]; count: number }> {
  let base = ctx.db.kysely.selectFrom('packages');
  if (!all) base = base.where('on_sale', '=', 1);
  const { rows, count } = await pageOf(base, page, (q) =>
    q.selectAll().orderBy('sort').orderBy('price_cents').orderBy('id'),
  );
  return { rows: rows.map(packageView), count };
}

type PackageInput = Partial<{
  name: sites.LocalizedText;
  description: sites.LocalizedText;
  cover: string;
  priceCents: number;
  currency: string;
  credits: number;
  vipDays: number;
  sort: number;
  onSale: boolean;
}>;

/** Column values of the given fields only (an update leaves the others as they are). */
export function packageColumns(input: PackageInput) {
  const columns: Partial<Omit<Selectable<PackagesTable>, 'id' | 'created_at'>> = {};
  if (input.name !== undefined) columns.name = storeLocalized(input.name);
  if (input.description !== undefined) columns.description = storeLocalized(input.description);
  if (input.cover !== undefined) columns.cover = input.cover;
  if (input.priceCents !== undefined) columns.price_cents = input.priceCents;
  if (input.currency !== undefined) columns.currency = input.currency;
  if (input.credits !== undefined) columns.credits = input.credits;
  if (input.vipDays !== undefined) columns.vip_days = input.vipDays;
  if (input.sort !== undefined) columns.sort = input.sort;
  if (input.onSale !== undefined) columns.on_sale = input.onSale ? 1 : 0;
  return { ...columns, updated_at: nowIso() };
}

const text = (en: string, cn: string, tw: string): sites.LocalizedText => ({
  'en-US': en,
  'zh-CN': cn,
  'zh-TW': tw,
});

/** What a fresh install sells until the operator changes it (prices in CNY fen). */
const starterPackages = [
  {
    name: text('Starter', '入门包', '入門包'),
    description: text(
      '100 credits to try every tool',
      '100 积分，体验每一个工具',
      '100 積分，體驗每一個工具',
    ),
    priceCents: 990,
    credits: 100,
    vipDays: 0,
    sort: 1,
  },
  {
    name: text('Standard', '标准包', '標準包'),
    description: text(
      '600 credits, the most chosen',
      '600 积分，最多人选择',
      '600 積分，最多人選擇',
    ),
    priceCents: 4900,
    credits: 600,
    vipDays: 0,
    sort: 2,
  },
  {
    name: text('Pro', '专业包', '專業包'),
    description: text(
      '1,500 credits and 30 days of VIP',
      '1500 积分，外加 30 天会员',
      '1500 積分，外加 30 天會員',
    ),
    priceCents: 9900,
    credits: 1500,
    vipDays: 30,
    sort: 3,
  },
  {
    name: text('Studio', '工作室包', '工作室包'),
    description: text(
      '5,000 credits and 90 days of VIP',
      '5000 积分，外加 90 天会员',
      '5000 積分，外加 90 天會員',
    ),
    priceCents: 29900,
    credits: 5000,
    vipDays: 90,
    sort: 4,
  },
];

/**
 * Starter packages seeded before they were localised hold their English name and description
 * as plain text; those still exactly as seeded get their three languages.
 */
async function localiseStarterPackages(ctx: Ctx): Promise<void> {
  for (const p of starterPackages)
    await ctx.db.kysely
      .updateTable('packages')
      .set({ name: storeLocalized(p.name), description: storeLocalized(p.description) })
      .where('name', '=', p.name['en-US'])
      .where('description', '=', p.description['en-US'])
      .execute();
}

/** Seeds the starter packages once, on an empty packages table. */
export async function seedPackages(ctx: Ctx): Promise<string[]> {
  const existing = await ctx.db.kysely
    .selectFrom('packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    await localiseStarterPackages(ctx);
    return [];
  }
  const now = nowIso();
  await ctx.db.kysely
    .insertInto('packages')
    .values(
      starterPackages.map((p) => ({
        ...packageColumns({ ...p, currency: 'CNY', cover: '', onSale: true }),
        name: storeLocalized(p.name),
        description: storeLocalized(p.description),
        price_cents: p.priceCents,
        currency: 'CNY',
        credits: p.credits,
        created_at: now,
      })),
    )
    .execute();
  return [`Payments: ${starterPackages.length} starter packages added (edit them in the admin).`];
}
