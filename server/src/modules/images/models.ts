import type { images as I } from '@atelier/contracts';
import type { SeedPrice } from '../credits/index.js';
import type { KindModel, ModelFilter } from '../kind-kit/index.js';
import { isGptImage } from '../../providers/image/openai-images.js';
import { isDemoProtocol } from '../providers/index.js';

/** The two screens' models: `draw` (OpenAI images, /draw) and `sd3` (Stability, /sd3). */
export type ImageUse = 'draw' | 'sd3';

export const DEMOS = {
  draw: { name: 'Offline demo · DALL·E', upstream: 'demo-dalle', priceModel: 'demo-dalle' },
  sd3: { name: 'Offline demo · SD3', upstream: 'demo-sd3', priceModel: 'demo-sd3' },
} as const;

/** The demo models' prices (credits per picture), seeded once; an operator's edits stay. */
export const DEMO_PRICES: SeedPrice[] = [
  { model: 'demo-dalle', action: 'generate', label: 'Offline demo: DALL·E picture', credits: 4 },
  { model: 'demo-dalle', action: 'edit', label: 'Offline demo: DALL·E edit', credits: 5 },
  { model: 'demo-sd3', action: 'generate', label: 'Offline demo: SD3 picture', credits: 4 },
  {
    model: 'demo-sd3',
    action: 'image-to-image',
    label: 'Offline demo: SD3 image-to-image',
    credits: 5,
  },
].map((p, i) => ({ ...p, category: 'image' as const, sort: 600 + i * 10 }));

/** An image model as the screens and adapters read it: the kit's model with its family. */
export interface ImageModelRow extends KindModel {
  family: I.ImageFamily;
  /** `demo-dalle` of `demo-dalle:generate`: prices are `<this>:<action>`. */
  priceModel: string;
}

/** What each family accepts (OpenAI's and Stability's documented choices). */
export function choicesOf(family: I.ImageFamily) {
  switch (family) {
    case 'dall-e-2':
      return {
        sizes: ['256x256', '512x512', '1024x1024'],
        qualities: [],
        styles: [],
        maxN: 4,
        edits: true,
      };
    case 'dall-e-3':
      return {
        sizes: ['1024x1024', '1792x1024', '1024x1792'],
        qualities: ['standard', 'hd'],
        styles: ['vivid', 'natural'],
        maxN: 4,
        edits: false,
      };
    case 'gpt-image':
      return {
        sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'],
        qualities: ['auto', 'low', 'medium', 'high'],
        styles: [],
        maxN: 4,
        edits: true,
      };
    case 'sd3':
      return { sizes: [], qualities: [], styles: [], maxN: 1, edits: true };
  }
}

/**
 * Which image models a screen offers: its protocol's (the kind's adapter map says which), and
 * of the demo provider's image models (Midjourney's, DALL·E's, SD3's) only its own.
 */
export const offersFor =
  (use: ImageUse): ModelFilter =>
  (m) =>
    !isDemoProtocol(m.protocol) || m.upstreamModel === DEMOS[use].upstream;

export const imageModelOf = (use: ImageUse, m: KindModel): ImageModelRow => ({
  ...m,
  family: familyOf(use, m.protocol, m.upstreamModel),
  priceModel: m.priceKey.split(':')[0]!,
});

const familyOf = (use: ImageUse, protocol: string, upstream: string): I.ImageFamily => {
  if (use === 'sd3') return 'sd3';
  // The demo shows everything the newest family offers (edits, mask, background).
  if (isDemoProtocol(protocol) || isGptImage(upstream)) return 'gpt-image';
  if (/dall-e-2/i.test(upstream)) return 'dall-e-2';
  return 'dall-e-3';
};
