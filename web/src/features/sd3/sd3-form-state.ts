import { images } from '@atelier/contracts';
import type { drawing } from '@atelier/contracts';
import type { ComposerPrefill } from '../../lib/prefill';

export type Sd3Aspect = (typeof images.sd3Aspects)[number];
export type Sd3Style = (typeof images.sd3StylePresets)[number];

/** The /sd3 form: every field an SD3 task stores, so a result (or a prefill) refills it. */
export interface Sd3Form {
  modelId?: number;
  prompt: string;
  mode: 'text-to-image' | 'image-to-image';
  aspectRatio: Sd3Aspect;
  seed: number | null;
  seedLocked: boolean;
  negativePrompt: string;
  cfgScale: number | null;
  stylePreset: Sd3Style | null;
  image: string | null;
  strength: number;
}

export const emptySd3 = (): Sd3Form => ({
  prompt: '',
  mode: 'text-to-image',
  aspectRatio: '1:1',
  seed: null,
  seedLocked: false,
  negativePrompt: '',
  cfgScale: null,
  stylePreset: null,
  image: null,
  strength: 0.6,
});

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : undefined;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A prefill or a stored task's parameters as the form; a stored seed comes back locked. */
export function sd3FormOf(p: ComposerPrefill): Sd3Form {
  const q = p.params;
  const seed = num(q.seed);
  const image = typeof q.image === 'string' ? q.image : null;
  const modelId = p.modelId ?? num(q.modelId) ?? undefined;
  return {
    ...(modelId !== undefined ? { modelId } : {}),
    prompt: p.prompt,
    mode: q.mode === 'image-to-image' && image ? 'image-to-image' : 'text-to-image',
    aspectRatio: oneOf(images.sd3Aspects, q.aspectRatio ?? q.aspect) ?? '1:1',
    seed,
    seedLocked: seed !== null,
    negativePrompt:
      p.negativePrompt ?? (typeof q.negativePrompt === 'string' ? q.negativePrompt : ''),
    cfgScale: num(q.cfgScale),
    stylePreset: oneOf(images.sd3StylePresets, q.stylePreset) ?? null,
    image,
    strength: num(q.strength) ?? 0.6,
  };
}

export const prefillOfSd3 = (t: drawing.DrawTask): ComposerPrefill => ({
  kind: 'sd3',
  ...(t.modelId !== null ? { modelId: t.modelId } : {}),
  prompt: t.prompt,
  params: t.params,
});

export function sd3BodyOf(f: Sd3Form, modelId: number): images.Sd3Input {
  const i2i = f.mode === 'image-to-image' && f.image !== null;
  return {
    modelId,
    prompt: f.prompt.trim(),
    mode: i2i ? 'image-to-image' : 'text-to-image',
    aspectRatio: f.aspectRatio,
    outputFormat: 'png',
    ...(f.seedLocked && f.seed !== null ? { seed: f.seed } : {}),
    ...(f.negativePrompt.trim() ? { negativePrompt: f.negativePrompt.trim() } : {}),
    ...(f.cfgScale !== null ? { cfgScale: f.cfgScale } : {}),
    ...(f.stylePreset ? { stylePreset: f.stylePreset } : {}),
    ...(i2i ? { image: f.image!, strength: f.strength } : {}),
  };
}
