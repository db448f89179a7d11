import type { AppContext } from '../../context.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';

/** The price of the offline demo separation model (the console's list keeps the order they always had). */
export const PRICES: SeedPrice[] = [
  {
    model: 'demo-separation',
    action: 'separate',
    category: 'separation',
    label: 'Offline demo: vocal separation',
    credits: 5,
    sort: 180,
  },
];

/** Adds the prices not there yet; returns what it did, for the start-up notes. */
export async function seedSeparationPrices(ctx: AppContext): Promise<string[]> {
  const added = await seedPrices(ctx.db.kysely, PRICES);
  return added.length > 0 ? [`Separation: ${added.length} demo prices added`] : [];
}
