import type { AppContext } from '../../context.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';

/** The prices of the offline demo video model (the console's list keeps the order they always had). */
export const PRICES: SeedPrice[] = [
  {
    model: 'demo-video',
    action: 'generate',
    category: 'video',
    label: 'Offline demo: video',
    credits: 20,
    sort: 160,
  },
  {
    model: 'demo-video',
    action: 'image-to-video',
    category: 'video',
    label: 'Offline demo: image to video',
    credits: 20,
    sort: 170,
  },
  {
    model: 'demo-video',
    action: 'extend',
    category: 'video',
    label: 'Offline demo: extend video',
    credits: 20,
    sort: 900,
  },
  {
    model: 'demo-video',
    action: 'anime',
    category: 'video',
    label: 'Offline demo: anime-style video',
    credits: 25,
    sort: 901,
  },
];

/** Adds the prices not there yet; returns what it did, for the start-up notes. */
export async function seedVideoPrices(ctx: AppContext): Promise<string[]> {
  const added = await seedPrices(ctx.db.kysely, PRICES);
  return added.length > 0 ? [`Video: ${added.length} demo prices added`] : [];
}
