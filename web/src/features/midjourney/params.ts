import type { drawing } from '@atelier/contracts';

export type MjParams = drawing.MjParams;
export type ParamField = keyof MjParams;

/** Aspect ratios offered as buttons (any `w:h` may be typed too). */
export const aspectChoices = ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9'] as const;

const fmt = (n: number) => String(n);

/**
 * The Midjourney flags the parameters stand for, in Midjourney's usual order, as the server's
 * prompt builder appends them (references and image prompts are sent as pictures, not text).
 */
export function paramsToFlags(p: MjParams): string {
  const flags: string[] = [];
  if (p.aspect) flags.push(`--ar ${p.aspect}`);
  if (p.niji) flags.push(`--niji ${p.niji}`);
  else if (p.version) flags.push(`--v ${p.version}`);
  if (p.style) flags.push(`--style ${p.style}`);
  if (p.stylize !== undefined) flags.push(`--s ${fmt(p.stylize)}`);
  if (p.chaos !== undefined) flags.push(`--c ${fmt(p.chaos)}`);
  if (p.quality !== undefined) flags.push(`--q ${fmt(p.quality)}`);
  if (p.seed !== undefined) flags.push(`--seed ${fmt(p.seed)}`);
  if (p.no) flags.push(`--no ${p.no}`);
  if (p.tile) flags.push('--tile');
  if (p.imageUrls?.length && p.imageWeight !== undefined) flags.push(`--iw ${fmt(p.imageWeight)}`);
  if (p.crefUrls?.length) {
    flags.push('--cref …');
    if (p.cw !== undefined) flags.push(`--cw ${fmt(p.cw)}`);
  }
  if (p.srefUrls?.length) {
    flags.push('--sref …');
    if (p.sw !== undefined) flags.push(`--sw ${fmt(p.sw)}`);
  }
  if (p.mode) flags.push(`--${p.mode}`);
  return flags.join(' ');
}

/** The parameters without empty values (blank texts, empty lists, `false` tile). */
export function cleanParams(p: MjParams): MjParams {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as MjParams;
}

/** The parameters remembered as the user's defaults: the pictures are per drawing, not kept. */
export function rememberedParams(p: MjParams): MjParams {
  const { imageUrls: _i, crefUrls: _c, srefUrls: _s, ...rest } = cleanParams(p);
  return rest;
}

/** A check's finding: the field and the text key that explains it. */
export interface ParamIssue {
  field: ParamField;
  key:
    | 'midjourney:issues.nijiAndVersion'
    | 'midjourney:issues.styleNeedsNiji'
    | 'midjourney:issues.rawNeedsVersion'
    | 'midjourney:issues.qualityFour'
    | 'midjourney:issues.cwNeedsCref'
    | 'midjourney:issues.swNeedsSref'
    | 'midjourney:issues.iwNeedsImage'
    | 'midjourney:issues.aspect';
}

const nijiStyles = new Set(['cute', 'expressive', 'original', 'scenic']);

/**
 * The combinations Midjourney refuses, checked before sending (the server checks them again
 * and answers 400 naming the field): niji excludes a version, niji 5's styles need niji 5,
 * `raw` needs Midjourney 5.1+, `--q 4` needs v7, a weight needs its references.
 */
export function checkParams(p: MjParams): ParamIssue[] {
  const issues: ParamIssue[] = [];
  if (p.aspect && !/^\d{1,3}:\d{1,3}$/.test(p.aspect))
    issues.push({ field: 'aspect', key: 'midjourney:issues.aspect' });
  if (p.niji && p.version) issues.push({ field: 'niji', key: 'midjourney:issues.nijiAndVersion' });
  if (p.style && nijiStyles.has(p.style) && p.niji !== '5')
    issues.push({ field: 'style', key: 'midjourney:issues.styleNeedsNiji' });
  if (p.style === 'raw' && (p.niji || p.version === '5'))
    issues.push({ field: 'style', key: 'midjourney:issues.rawNeedsVersion' });
  if (p.quality === 4 && p.version !== '7')
    issues.push({ field: 'quality', key: 'midjourney:issues.qualityFour' });
  if (p.cw !== undefined && !p.crefUrls?.length)
    issues.push({ field: 'cw', key: 'midjourney:issues.cwNeedsCref' });
  if (p.sw !== undefined && !p.srefUrls?.length)
    issues.push({ field: 'sw', key: 'midjourney:issues.swNeedsSref' });
  if (p.imageWeight !== undefined && !p.imageUrls?.length)
    issues.push({ field: 'imageWeight', key: 'midjourney:issues.iwNeedsImage' });
  return issues;
}

/**
 * The field a server 400 names (`prompt` or `params.<name>`), from the answer's
 * `data.errors[].field` or the `field` of `data`.
 */
export function fieldOfError(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { field?: unknown; errors?: Array<{ field?: unknown }> };
  const field = typeof d.field === 'string' ? d.field : d.errors?.[0]?.field;
  if (typeof field !== 'string') return null;
  return field.startsWith('params.') ? field.slice('params.'.length) : field;
}

/** The spellings of the flag each panel parameter sets (`--niji` and `--v` exclude each other). */
const flagNames: Partial<Record<ParamField, string[]>> = {
  aspect: ['ar', 'aspect'],
  niji: ['niji', 'v', 'version'],
  version: ['niji', 'v', 'version'],
  style: ['style'],
  stylize: ['s', 'stylize'],
  chaos: ['c', 'chaos'],
  quality: ['q', 'quality'],
  seed: ['seed'],
  no: ['no'],
  tile: ['tile'],
  imageWeight: ['iw'],
  cw: ['cw'],
  sw: ['sw'],
  mode: ['fast', 'relax', 'turbo'],
};

/**
 * A suggested prompt without the flags the parameter panel already sets: the panel wins when
 * drawing, so a second `--ar` in the text would only mislead.
 */
export function withoutPanelFlags(text: string, p: MjParams): string {
  const names = new Set(
    Object.keys(cleanParams(p)).flatMap((key) => flagNames[key as ParamField] ?? []),
  );
  if (names.size === 0) return text;
  const valueless = new Set(['tile', 'fast', 'relax', 'turbo']);
  return text
    .replace(
      /(^|\s)--([a-z]+)((?:\s+(?!--)\S+)*)/gi,
      (all, lead: string, name: string, value: string) => {
        const flag = name.toLowerCase();
        if (!names.has(flag)) return all;
        // `--no` takes every word up to the next flag; the others one word (or none).
        if (flag === 'no') return lead;
        const words = value.trim().split(/\s+/).filter(Boolean);
        const kept = valueless.has(flag) ? words : words.slice(1);
        return kept.length ? `${lead}${kept.join(' ')}` : lead;
      },
    )
    .replace(/\s+/g, ' ')
    .trim();
}
