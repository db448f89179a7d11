import type { SeedPrice } from '../credits/index.js';

/** The prices of the offline demo music model, seeded with it by the kit (the console's list keeps the order they always had). */
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
