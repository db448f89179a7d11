import { randomBytes } from 'node:crypto';
import type { drawing } from '@atelier/contracts';
import { buttonsFor, type ParsedCustomId } from './custom-ids.js';
import {
  hashString,
  meanColour,
  pasteFace,
  renderRecipe,
  type DemoRecipe,
  type DemoStep,
  type RenderedImage,
} from './demo-render.js';

/**
 * The "Offline demo" Midjourney: behaves like a midjourney-proxy task (NOT_START → SUBMITTED →
 * IN_PROGRESS 15/40/70 % → SUCCESS, the real buttons, code 24 for a banned word) without any
 * network. Its state is only the submit time in the upstream id and the recipe kept in the
 * task, so any process (the API or a worker) can answer a poll.
 */

/** The demo refuses prompts containing this word, as Midjourney answers code 24. */
export const DEMO_BANNED_WORD = 'nsfw';

export function demoBannedWord(prompt: string): string | null {
  return new RegExp(`\\b${DEMO_BANNED_WORD}\\b`, 'i').test(prompt) ? DEMO_BANNED_WORD : null;
}

export const newDemoUpstreamId = (now = Date.now()) =>
  `demo-${now}-${randomBytes(4).toString('hex')}`;

const submittedAt = (upstreamId: string): number => Number(upstreamId.split('-')[1]) || 0;

/** The protocol's states in order; one lasts `stepMs`. */
const STATES: Array<{ status: string; progress: number }> = [
  { status: 'NOT_START', progress: 0 },
  { status: 'SUBMITTED', progress: 0 },
  { status: 'IN_PROGRESS', progress: 15 },
  { status: 'IN_PROGRESS', progress: 40 },
  { status: 'IN_PROGRESS', progress: 70 },
  { status: 'SUCCESS', progress: 100 },
];

export function demoStateAt(
  upstreamId: string,
  stepMs: number,
  now = Date.now(),
): { status: string; progress: number; nextInMs: number } {
  const elapsed = Math.max(0, now - submittedAt(upstreamId));
  const i = Math.min(Math.floor(elapsed / Math.max(stepMs, 1)), STATES.length - 1);
  const nextInMs = i === STATES.length - 1 ? 0 : (i + 1) * stepMs - elapsed;
  return { ...STATES[i]!, nextInMs: Math.max(5, nextInMs) };
}

/** A hash for the demo's buttons, in the shape Midjourney's message hashes have. */
export const demoHash = (upstreamId: string) =>
  `demo${hashString(upstreamId).toString(16)}${hashString(`${upstreamId}!`).toString(16)}`;

export interface DemoOutcome {
  image: RenderedImage | null;
  buttons: drawing.DrawButton[];
  description: string | null;
}

const colourName = ([r, g, b]: [number, number, number]): string => {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max < 50) return 'black';
  if (min > 205) return 'white';
  if (max - min < 25) return 'grey';
  if (r >= g && r >= b) return g > b * 1.4 ? (g > r * 0.75 ? 'golden' : 'orange') : 'crimson';
  if (g >= r && g >= b) return b > r ? 'teal' : 'green';
  return r > g ? 'violet' : 'blue';
};

/** The four prompts a describe answers, from the picture's colours and size. */
async function describe(bytes: Buffer, width: number, height: number): Promise<string> {
  const colour = colourName(await meanColour(bytes));
  const ar = width > height * 1.2 ? '16:9' : height > width * 1.2 ? '9:16' : '1:1';
  return [
    `1️⃣ a ${colour} landscape under a wide sky, soft morning light, painterly --ar ${ar}`,
    `2️⃣ ${colour} tones, calm composition with rolling hills, matte illustration --ar ${ar}`,
    `3️⃣ minimalist poster in ${colour} hues, layered silhouettes, gentle gradient --ar ${ar}`,
    `4️⃣ dreamy ${colour} scenery, floating orbs of light, cinematic depth --ar ${ar}`,
  ].join('\n\n');
}

/** Draws the finished task. */
export async function demoFinish(input: {
  action: drawing.DrawAction;
  upstreamId: string;
  recipe: DemoRecipe | null;
  /** describe: the picture; faceswap: [source, target]; blend: the pictures. */
  images?: Buffer[];
  imageSize?: { width: number; height: number };
  long?: number;
}): Promise<DemoOutcome> {
  const hash = demoHash(input.upstreamId);
  if (input.action === 'describe') {
    const bytes = input.images?.[0];
    if (!bytes) throw new Error('describe needs a picture');
    const size = input.imageSize ?? { width: 1, height: 1 };
    return {
      image: null,
      buttons: [],
      description: await describe(bytes, size.width, size.height),
    };
  }
  if (input.action === 'faceswap') {
    const [source, target] = input.images ?? [];
    if (!source || !target) throw new Error('face swap needs two pictures');
    return { image: await pasteFace(source, target), buttons: [], description: null };
  }
  if (!input.recipe) throw new Error('the demo needs a recipe');
  const image = await renderRecipe(input.recipe, input.long);
  return { image, buttons: buttonsFor(input.action, hash), description: null };
}

/** A blend's recipe: the pictures' mean colours drive the palette. */
export async function blendRecipe(
  images: Buffer[],
  dimensions: 'PORTRAIT' | 'SQUARE' | 'LANDSCAPE',
): Promise<DemoRecipe> {
  const mix = await Promise.all(images.map((b) => meanColour(b)));
  const aspect = dimensions === 'PORTRAIT' ? '2:3' : dimensions === 'LANDSCAPE' ? '3:2' : '1:1';
  return {
    prompt: `blend ${mix.map((c) => c.join(',')).join(' ')}`,
    mix,
    aspect,
    steps: [],
  };
}

/** The recipe step a button adds (the demo redraws the chain, it keeps no picture). */
export function demoStepOf(
  parsed: ParsedCustomId,
  extra: { zoom?: number; salt: number },
): DemoStep {
  switch (parsed.action) {
    case 'upscale':
      return { kind: 'upscale', cell: parsed.index };
    case 'variation':
      return { kind: 'variation', cell: parsed.index, strength: 'normal' };
    case 'high_variation':
      return { kind: 'variation', cell: 1, strength: 'strong' };
    case 'low_variation':
      return { kind: 'variation', cell: 1, strength: 'subtle' };
    case 'zoom':
      return { kind: 'zoom', factor: parsed.zoom ?? 2 };
    case 'custom_zoom':
      return { kind: 'zoom', factor: extra.zoom ?? 1.5 };
    case 'pan':
      return { kind: 'pan', dir: parsed.pan ?? 'left' };
    case 'upscale_subtle':
    case 'upscale_creative':
      return { kind: 'upscale_hd', creative: parsed.action === 'upscale_creative' };
    case 'inpaint':
      return { kind: 'inpaint', salt: extra.salt };
    default:
      return { kind: 'reroll', salt: extra.salt };
  }
}
