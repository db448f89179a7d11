import type { Selectable } from 'kysely';
import type { payments } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';
import type { PackagesTable } from './tables.js';
import { pageOf } from '../../db/paging.js';

type Ctx = Pick<AppContext, 'db'>;

export function packageView(row: Selectable<PackagesTable>): payments.PricePackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
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
  name: string;
  description: string;
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
  if (input.name !== undefined) columns.name = input.name;
  if (input.description !== undefined) columns.description = input.description;
  if (input.cover !== undefined) columns.cover = input.cover;
  if (input.priceCents !== undefined) columns.price_cents = input.priceCents;
  if (input.currency !== undefined) columns.currency = input.currency;
  if (input.credits !== undefined) columns.credits = input.credits;
  if (input.vipDays !== undefined) columns.vip_days = input.vipDays;
  if (input.sort !== undefined) columns.sort = input.sort;
  if (input.onSale !== undefined) columns.on_sale = input.onSale ? 1 : 0;
  return { ...columns, updated_at: nowIso() };
}

/** What a fresh install sells until the operator changes it (prices in CNY fen). */
const starterPackages = [
  {
    name: 'Starter',
    description: '100 credits to try every tool',
    priceCents: 990,
    credits: 100,
    vipDays: 0,
    sort: 1,
  },
  {
    name: 'Standard',
    description: '600 credits, the most chosen',
    priceCents: 4900,
    credits: 600,
    vipDays: 0,
    sort: 2,
  },
  {
    name: 'Pro',
    description: '1,500 credits and 30 days of VIP',
    priceCents: 9900,
    credits: 1500,
    vipDays: 30,
    sort: 3,
  },
  {
    name: 'Studio',
    description: '5,000 credits and 90 days of VIP',
    priceCents: 29900,
    credits: 5000,
    vipDays: 90,
    sort: 4,
  },
];

/** Seeds the starter packages once, on an empty packages table. */
export async function seedPackages(ctx: Ctx): Promise<string[]> {
  const existing = await ctx.db.kysely
    .selectFrom('packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return [];
  const now = nowIso();
  await ctx.db.kysely
    .insertInto('packages')
    .values(
      starterPackages.map((p) => ({
        ...packageColumns({ ...p, currency: 'CNY', cover: '', onSale: true }),
        name: p.name,
        price_cents: p.priceCents,
        currency: 'CNY',
        credits: p.credits,
        created_at: now,
      })),
    )
    .execute();
  return [`Payments: ${starterPackages.length} starter packages added (edit them in the admin).`];
}
