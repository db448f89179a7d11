import type { AppContext } from '../../context.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';

/** The price of the offline demo chat model (the console's list keeps the order they always had). */
export const PRICES: SeedPrice[] = [
  {
    model: 'demo-chat',
    action: 'chat',
    category: 'chat',
    label: 'Offline demo chat',
    unit: '1k_tokens',
    credits: 1,
    inputPer1k: 1,
    outputPer1k: 2,
    sort: 0,
  },
];

/** Adds the prices not there yet; returns what it did, for the start-up notes. */
export async function seedChatPrices(ctx: AppContext): Promise<string[]> {
  const added = await seedPrices(ctx.db.kysely, PRICES);
  return added.length > 0 ? [`Chat: ${added.length} demo prices added`] : [];
}
