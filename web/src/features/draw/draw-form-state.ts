import type { drawing, images } from '@atelier/contracts';
import type { ComposerPrefill } from '../../lib/prefill';

/** The /draw form: every field a DALL·E task stores, so a result refills it. */
export interface DrawForm {
  modelId?: number;
  prompt: string;
  n: number;
  size?: string;
  quality?: string;
  style?: string;
  background?: string;
  outputFormat?: string;
  /** FLUX / Gemini image models: the aspect ratio, among the model's `aspects`. */
  aspectRatio?: string;
  /** FLUX: a seed (left out: a new one each time). */
  seed?: number | null;
  /** Seedream 3.0: the guidance scale, 1–10 (left out: the model's default). */
  guidance?: number | null;
  /** Reference pictures (links to the caller's files): the request becomes an edit. */
  images: string[];
  /** A PNG data URL, transparent where the first reference is repainted. */
  mask: string | null;
}

export const emptyForm = (): DrawForm => ({ prompt: '', n: 1, images: [], mask: null });

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** A prefill (draw the same, the market's "use") or a result's parameters, as the form. */
export function formOfPrefill(p: ComposerPrefill): DrawForm {
  const q = p.params;
  const modelId = p.modelId ?? (typeof q.modelId === 'number' ? q.modelId : undefined);
  return {
    ...(modelId !== undefined ? { modelId } : {}),
    prompt: p.prompt,
    n: typeof q.n === 'number' && q.n >= 1 && q.n <= 4 ? q.n : 1,
    size: str(q.size),
    quality: str(q.quality),
    style: str(q.style),
    background: str(q.background),
    outputFormat: str(q.outputFormat),
    aspectRatio: str(q.aspectRatio),
    seed: typeof q.seed === 'number' ? q.seed : null,
    guidance: typeof q.guidance === 'number' ? q.guidance : null,
    images: Array.isArray(q.images)
      ? q.images.filter((u): u is string => typeof u === 'string')
      : [],
    mask: null,
  };
}

export const prefillOfTask = (t: drawing.DrawTask): ComposerPrefill => ({
  kind: 'image',
  ...(t.modelId !== null ? { modelId: t.modelId } : {}),
  prompt: t.prompt,
  params: t.params,
});

/** The request body; choices the model does not offer are left out. */
export function bodyOf(f: DrawForm, m: images.ImageModel): images.DalleInput {
  const pick = <T extends string>(v: string | undefined, list: string[]) =>
    v && list.includes(v) ? (v as T) : undefined;
  const gpt = m.family === 'gpt-image';
  const body: images.DalleInput = {
    modelId: m.id,
    prompt: f.prompt.trim(),
    n: Math.min(f.n, m.maxN),
    images: m.edits ? f.images : [],
  };
  const size = pick<NonNullable<images.DalleInput['size']>>(f.size, m.sizes);
  const quality = pick<NonNullable<images.DalleInput['quality']>>(f.quality, m.qualities);
  const style = pick<NonNullable<images.DalleInput['style']>>(f.style, m.styles);
  if (size) body.size = size;
  if (quality) body.quality = quality;
  if (style) body.style = style;
  if (gpt && f.background)
    body.background = f.background as NonNullable<images.DalleInput['background']>;
  if (gpt && f.outputFormat)
    body.outputFormat = f.outputFormat as NonNullable<images.DalleInput['outputFormat']>;
  const aspect = pick<NonNullable<images.DalleInput['aspectRatio']>>(f.aspectRatio, m.aspects);
  if (aspect) body.aspectRatio = aspect;
  if (m.seed && typeof f.seed === 'number') body.seed = f.seed;
  if (m.guidance && typeof f.guidance === 'number') body.guidance = f.guidance;
  if (m.edits && m.mask && f.images.length && f.mask) body.maskBase64 = f.mask;
  return body;
}
