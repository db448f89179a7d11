import type { SeedPrice } from '../credits/index.js';

/** The prices of the offline demo video model, seeded with it by the kit (the console's list keeps the order they always had). */
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
