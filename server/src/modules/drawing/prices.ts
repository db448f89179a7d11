import type { AppContext } from '../../context.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';

/** The prices of the offline demo Midjourney model's actions, and of prompt words (the console's list keeps the order they always had). */
export const PRICES: SeedPrice[] = [
  {
    model: 'demo-image',
    action: 'imagine',
    category: 'image',
    label: 'Offline demo: imagine',
    credits: 4,
    sort: 10,
  },
  {
    model: 'demo-image',
    action: 'upscale',
    category: 'image',
    label: 'Offline demo: upscale',
    credits: 2,
    sort: 20,
  },
  {
    model: 'demo-image',
    action: 'variation',
    category: 'image',
    label: 'Offline demo: variation',
    credits: 4,
    sort: 30,
  },
  {
    model: 'demo-image',
    action: 'zoom',
    category: 'image',
    label: 'Offline demo: zoom out',
    credits: 4,
    sort: 40,
  },
  {
    model: 'demo-image',
    action: 'pan',
    category: 'image',
    label: 'Offline demo: pan',
    credits: 4,
    sort: 50,
  },
  {
    model: 'demo-image',
    action: 'reroll',
    category: 'image',
    label: 'Offline demo: reroll',
    credits: 4,
    sort: 60,
  },
  {
    model: 'demo-image',
    action: 'blend',
    category: 'image',
    label: 'Offline demo: blend',
    credits: 4,
    sort: 70,
  },
  {
    model: 'demo-image',
    action: 'describe',
    category: 'image',
    label: 'Offline demo: describe',
    credits: 1,
    sort: 80,
  },
  {
    model: 'demo-image',
    action: 'faceswap',
    category: 'image',
    label: 'Offline demo: face swap',
    credits: 3,
    sort: 90,
  },
  {
    model: 'demo-image',
    action: 'inpaint',
    category: 'image',
    label: 'Offline demo: vary region',
    credits: 4,
    sort: 100,
  },
  {
    model: 'demo-image',
    action: 'upscale_hd',
    category: 'image',
    label: 'Offline demo: upscale 2× (subtle / creative)',
    credits: 3,
    sort: 110,
  },
  {
    model: 'demo-image',
    action: 'chat-draw',
    category: 'image',
    label: 'Offline demo: picture from the chat',
    credits: 4,
    sort: 120,
  },
  {
    model: 'demo-image',
    action: 'video',
    category: 'image',
    label: 'Offline demo: animate a picture (Midjourney video)',
    credits: 6,
    sort: 130,
  },
  {
    model: 'demo-image',
    action: 'video_extend',
    category: 'image',
    label: 'Offline demo: extend a Midjourney video',
    credits: 5,
    sort: 140,
  },
  // Not a demo model's: translations and prompt suggestions past the free ones of the day
  // (words-quota.ts), whichever chat model answers them.
  {
    model: 'prompt-words',
    action: 'call',
    category: 'chat',
    label: 'Translation and prompt ideas (past the free ones of the day)',
    credits: 1,
    sort: 190,
  },
];

/** Adds the prices not there yet; returns what it did, for the start-up notes. */
export async function seedDrawingPrices(ctx: AppContext): Promise<string[]> {
  const added = await seedPrices(ctx.db.kysely, PRICES);
  return added.length > 0 ? [`Drawing: ${added.length} demo prices added`] : [];
}
