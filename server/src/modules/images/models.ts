import { images as I } from '@atelier/contracts';
import type { SeedPrice } from '../credits/index.js';
import type { KindModel, ModelFilter } from '../kind-kit/index.js';
import { isGptImage } from '../../providers/image/openai-images.js';
import { jimengTakesImages } from '../../providers/image/jimeng-image.js';
import {
  SEEDREAM_ASPECTS,
  seedreamTakesGuidance,
  seedreamTakesImages,
} from '../../providers/image/seedream.js';
import { isDemoProtocol } from '../providers/index.js';

/** The two screens' models: `draw` (OpenAI images, /draw) and `sd3` (Stability, /sd3). */
export type ImageUse = 'draw' | 'sd3';

export const DEMOS = {
  draw: { name: 'Offline demo · DALL·E', upstream: 'demo-dalle', priceModel: 'demo-dalle' },
  sd3: { name: 'Offline demo · SD3', upstream: 'demo-sd3', priceModel: 'demo-sd3' },
} as const;

/** The /draw screen's other demo models: the FLUX and Gemini image engines' choices, offline. */
export const MORE_DRAW_DEMOS = [
  {
    name: 'Offline demo · FLUX',
    upstreamModel: 'demo-flux',
    priceKey: 'demo-flux:generate',
    sort: 1012,
  },
  {
    name: 'Offline demo · Gemini image',
    upstreamModel: 'demo-gemini-image',
    priceKey: 'demo-gemini-image:generate',
    sort: 1013,
  },
] as const;

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
  { model: 'demo-flux', action: 'generate', label: 'Offline demo: FLUX picture', credits: 4 },
  { model: 'demo-flux', action: 'edit', label: 'Offline demo: FLUX with references', credits: 5 },
  {
    model: 'demo-gemini-image',
    action: 'generate',
    label: 'Offline demo: Gemini image picture',
    credits: 4,
  },
  {
    model: 'demo-gemini-image',
    action: 'edit',
    label: 'Offline demo: Gemini image edit',
    credits: 5,
  },
].map((p, i) => ({ ...p, category: 'image' as const, sort: 600 + i * 10 }));

/** An image model as the screens and adapters read it: the kit's model with its family. */
export interface ImageModelRow extends KindModel {
  family: I.ImageFamily;
  /** `demo-dalle` of `demo-dalle:generate`: prices are `<this>:<action>`. */
  priceModel: string;
}

const none = { aspects: [] as string[], seed: false, mask: false, guidance: false };

/**
 * What each family accepts (OpenAI's, Stability's, BFL's, Gemini's, Ark's and Jimeng's
 * documented choices); Seedream's and Jimeng's references and guidance depend on the model.
 */
export function choicesOf(family: I.ImageFamily, upstream = '') {
  return { ...none, ...familyChoices(family, upstream) };
}

function familyChoices(family: I.ImageFamily, upstream: string) {
  switch (family) {
    case 'seedream':
      // `size` from the aspect ratio (Ark's recommended sizes), `seed`, `guidance_scale` on 3.0,
      // `image` references on 4.0 and SeedEdit; the watermark is always off.
      return {
        sizes: [],
        qualities: [],
        styles: [],
        maxN: 4,
        edits: seedreamTakesImages(upstream),
        aspects: SEEDREAM_ASPECTS,
        seed: true,
        guidance: seedreamTakesGuidance(upstream),
      };
    case 'jimeng':
      return {
        sizes: [],
        qualities: [],
        styles: [],
        maxN: 4,
        edits: jimengTakesImages(upstream),
        aspects: [...I.imageAspects],
        seed: true,
      };
    case 'dall-e-2':
      return {
        sizes: ['256x256', '512x512', '1024x1024'],
        qualities: [],
        styles: [],
        maxN: 4,
        edits: true,
        mask: true,
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
        mask: true,
      };
    case 'flux':
      // References go as `image_prompt` / `input_image…`; no mask (FLUX Fill is another call).
      return {
        sizes: [],
        qualities: [],
        styles: [],
        maxN: 4,
        edits: true,
        aspects: [...I.imageAspects],
        seed: true,
      };
    case 'gemini-image':
      return {
        sizes: [],
        qualities: [],
        styles: [],
        maxN: 4,
        edits: true,
        aspects: [...I.imageAspects],
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
    !isDemoProtocol(m.protocol) ||
    m.upstreamModel === DEMOS[use].upstream ||
    (use === 'draw' &&
      (MORE_DRAW_DEMOS.some((d) => d.upstreamModel === m.upstreamModel) ||
        // A demo model named after an engine offers that engine's choices, painted offline.
        isSeedream(m.upstreamModel) ||
        isJimengImage(m.upstreamModel)));

export const imageModelOf = (use: ImageUse, m: KindModel): ImageModelRow => ({
  ...m,
  family: familyOf(use, m.protocol, m.upstreamModel),
  priceModel: m.priceKey.split(':')[0]!,
});

/** Gemini's image models by name, also behind a relay ("nano-banana", `gemini-…-image…`). */
export const isGeminiImage = (upstream: string) => /gemini.*image|nano-banana/i.test(upstream);
/** Seedream / SeedEdit by name (Ark's, or a relay's), also a demo model named after one. */
export const isSeedream = (upstream: string) => /seedream|seededit/i.test(upstream);
/** Jimeng image `req_key`s (`jimeng_t2i_v30`, `jimeng_high_aes_general_v21_L`…). */
export const isJimengImage = (upstream: string) => /^jimeng_(t2i|high_aes|i2i)/i.test(upstream);

const familyOf = (use: ImageUse, protocol: string, upstream: string): I.ImageFamily => {
  if (use === 'sd3') return 'sd3';
  if (
    protocol === 'bfl' ||
    protocol === 'replicate' ||
    (isDemoProtocol(protocol) && upstream === 'demo-flux')
  )
    return 'flux';
  if (
    protocol === 'seedream' ||
    ((protocol === 'newapi' || isDemoProtocol(protocol)) && isSeedream(upstream))
  )
    return 'seedream';
  if (protocol === 'jimeng' || (isDemoProtocol(protocol) && isJimengImage(upstream)))
    return 'jimeng';
  if (
    protocol === 'gemini' ||
    ((protocol === 'newapi' || isDemoProtocol(protocol)) && isGeminiImage(upstream))
  )
    return 'gemini-image';
  // The demo shows everything the newest family offers (edits, mask, background).
  if (isDemoProtocol(protocol) || isGptImage(upstream)) return 'gpt-image';
  if (/dall-e-2/i.test(upstream)) return 'dall-e-2';
  return 'dall-e-3';
};
