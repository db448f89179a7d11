import type { AppContext } from '../../context.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';

/** The prices of the offline demo music model (the console's list keeps the order they always had). */
export const PRICES: SeedPrice[] = [
  {
    model: 'demo-music',
    action: 'song',
    category: 'music',
    label: 'Offline demo: song',
    credits: 10,
    sort: 130,
  },
  {
    model: 'demo-music',
    action: 'lyrics',
    category: 'music',
    label: 'Offline demo: lyrics',
    credits: 1,
    sort: 140,
  },
  {
    model: 'demo-music',
    action: 'extend',
    category: 'music',
    label: 'Offline demo: extend song',
    credits: 6,
    sort: 150,
  },
];

/** Adds the prices not there yet; returns what it did, for the start-up notes. */
export async function seedMusicPrices(ctx: AppContext): Promise<string[]> {
  const added = await seedPrices(ctx.db.kysely, PRICES);
  return added.length > 0 ? [`Music: ${added.length} demo prices added`] : [];
}
