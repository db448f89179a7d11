import type { TFunction } from 'i18next';

/**
 * The names people read for a task's stored parameters, one literal key each (the locale test
 * finds them). A parameter not listed is internal (a model id, the demo flag, the bot type, a
 * mask, a recipe) and is not shown: no contract name reaches the page.
 */
const paramKeys: Record<string, string> = {
  aspect: 'common:params.aspect',
  aspectRatio: 'common:params.aspect',
  version: 'common:params.version',
  niji: 'common:params.niji',
  style: 'common:params.style',
  stylePreset: 'common:params.style',
  stylize: 'common:params.stylize',
  chaos: 'common:params.chaos',
  quality: 'common:params.quality',
  seed: 'common:params.seed',
  no: 'common:params.no',
  negativePrompt: 'common:params.no',
  tile: 'common:params.tile',
  imageUrls: 'common:params.images',
  images: 'common:params.images',
  image: 'common:params.images',
  imageWeight: 'common:params.imageWeight',
  crefUrls: 'common:params.cref',
  cw: 'common:params.cw',
  srefUrls: 'common:params.sref',
  sw: 'common:params.sw',
  mode: 'common:params.mode',
  steps: 'common:params.steps',
  cfgScale: 'common:params.cfgScale',
  sampler: 'common:params.sampler',
  width: 'common:params.width',
  height: 'common:params.height',
  n: 'common:params.n',
  size: 'common:params.size',
  background: 'common:params.background',
  outputFormat: 'common:params.outputFormat',
  strength: 'common:params.strength',
  duration: 'common:params.duration',
  camera: 'common:params.camera',
  loop: 'common:params.loop',
  firstFrame: 'common:params.firstFrame',
  lastFrame: 'common:params.lastFrame',
  tags: 'common:params.tags',
  title: 'common:params.title',
  instrumental: 'common:params.instrumental',
  op: 'common:params.op',
  scale: 'common:params.scale',
  dimensions: 'common:params.aspect',
};

/**
 * Shown names of the values of enumerated parameters, per parameter (a song's `inspiration`
 * mode, a toolbox `rembg`); any other value is what the person typed or picked and stays as is.
 */
const modeValues: Record<string, string> = {
  inspiration: 'common:paramValues.inspiration',
  custom: 'common:paramValues.custom',
  'text-to-image': 'common:paramValues.textToImage',
  'image-to-image': 'common:paramValues.imageToImage',
  std: 'common:paramValues.std',
  pro: 'common:paramValues.pro',
};
const opValues: Record<string, string> = {
  upscale: 'common:paramValues.upscale',
  restore: 'common:paramValues.restore',
  rembg: 'common:paramValues.rembg',
  faceswap: 'common:paramValues.faceswap',
  remix: 'common:paramValues.remix',
  redraw: 'common:paramValues.redraw',
};
const valueKeys: Record<string, Record<string, string>> = { mode: modeValues, op: opValues };

/** The shown name of a stored parameter, or null when it is internal and not shown. */
export function paramName(key: string, t: TFunction): string | null {
  const k = paramKeys[key];
  return k ? t(k) : null;
}

/** A parameter's value as text: lists of pictures as their count, yes/no for flags. */
export function paramValue(v: unknown, t: TFunction, key?: string): string {
  const named = key && typeof v === 'string' ? valueKeys[key]?.[v] : undefined;
  if (named) return t(named);
  if (typeof v === 'boolean') return v ? t('common:params.yes') : t('common:params.no_');
  if (Array.isArray(v))
    return v.every((x) => typeof x === 'string' && /^(\/|https?:|data:)/.test(x))
      ? String(v.length)
      : v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ');
  if (typeof v === 'string' && /^(\/api\/files\/|https?:|data:)/.test(v)) return '1';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
