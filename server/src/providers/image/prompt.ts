import { drawing } from '@atelier/contracts';

type MjParams = drawing.MjParams;

/** A flag that is not valid, with the request field it came from. */
export class PromptError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'PromptError';
  }
}

export interface BuiltPrompt {
  /** The words without flags. */
  text: string;
  /** Flags typed into the text merged with the form's (the form wins). */
  params: MjParams;
  /** The prompt as Midjourney reads it: text, then canonical flags. */
  finalPrompt: string;
}

/** Flags a user may type, by every spelling Midjourney accepts. */
const aliases: Record<string, keyof MjParams | 'ignore'> = {
  ar: 'aspect',
  aspect: 'aspect',
  v: 'version',
  version: 'version',
  niji: 'niji',
  style: 'style',
  s: 'stylize',
  stylize: 'stylize',
  c: 'chaos',
  chaos: 'chaos',
  q: 'quality',
  quality: 'quality',
  seed: 'seed',
  no: 'no',
  tile: 'tile',
  iw: 'imageWeight',
  cref: 'crefUrls',
  cw: 'cw',
  sref: 'srefUrls',
  sw: 'sw',
  fast: 'mode',
  relax: 'mode',
  turbo: 'mode',
};

/**
 * The setting a typed flag sets, whatever its spelling (`--ar` and `--aspect` are one); `--niji`
 * and `--v` count as one, as only one of them may be given.
 */
export function flagGroup(name: string): string {
  const key = aliases[name.toLowerCase()] ?? name.toLowerCase();
  return key === 'niji' || key === 'version' ? 'model' : key;
}

const FLAG = /(?:^|\s)--([a-z]+)((?:\s+(?!--)\S+)*)/gi;

/** Splits typed flags out of the text; each flag's value is what follows it up to the next flag. */
export function splitFlags(prompt: string): { text: string; flags: Array<[string, string]> } {
  const flags: Array<[string, string]> = [];
  const text = prompt
    .replace(FLAG, (_all, name: string, value: string) => {
      flags.push([name.toLowerCase(), value.trim()]);
      return ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { text, flags };
}

function typedParams(flags: Array<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of flags) {
    const key = aliases[name];
    if (!key) throw new PromptError('prompt', `--${name} is not a flag this site accepts`);
    const num = () => {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n))
        throw new PromptError('prompt', `--${name} needs a number`);
      return n;
    };
    switch (key) {
      case 'mode':
        out.mode = name;
        break;
      case 'tile':
        out.tile = true;
        break;
      case 'niji':
        out.niji = value || '6';
        break;
      case 'aspect':
      case 'version':
      case 'style':
      case 'no':
        if (!value) throw new PromptError('prompt', `--${name} needs a value`);
        out[key] = value;
        break;
      case 'crefUrls':
      case 'srefUrls':
        if (!value) throw new PromptError('prompt', `--${name} needs a picture address`);
        out[key] = value.split(/\s+/);
        break;
      default:
        out[key] = num();
    }
  }
  return out;
}

const versionNumber = (p: MjParams) => (p.version ? Number(p.version) : 7);

/** Rules between flags that the schema alone cannot say. */
function checkTogether(p: MjParams): void {
  if (p.niji && p.version)
    throw new PromptError('params.niji', '--niji and --v cannot be used together');
  const v = versionNumber(p);
  if (p.style) {
    const nijiStyles = ['cute', 'expressive', 'original', 'scenic'];
    if (nijiStyles.includes(p.style) && p.niji !== '5')
      throw new PromptError('params.style', `--style ${p.style} needs --niji 5`);
    if (p.style === 'raw' && !p.niji && v < 5.1)
      throw new PromptError('params.style', '--style raw needs --v 5.1 or later');
  }
  if (p.quality === 4 && (p.niji || v < 7))
    throw new PromptError('params.quality', '--q 4 needs --v 7');
  if (p.quality === 0.25 && !p.niji && v >= 7)
    throw new PromptError('params.quality', '--q 0.25 is not available with --v 7');
  if (p.imageWeight !== undefined && !p.imageUrls?.length)
    throw new PromptError('params.imageWeight', '--iw needs an image prompt');
  if (p.cw !== undefined && !p.crefUrls?.length)
    throw new PromptError('params.cw', '--cw needs --cref');
  if (p.sw !== undefined && !p.srefUrls?.length)
    throw new PromptError('params.sw', '--sw needs --sref');
  if (p.crefUrls?.length && !p.niji && v < 6)
    throw new PromptError('params.crefUrls', '--cref needs --v 6 or later');
  if (p.srefUrls?.length && !p.niji && v < 6)
    throw new PromptError('params.srefUrls', '--sref needs --v 6 or later');
  if (p.aspect) {
    const [w, h] = p.aspect.split(':').map(Number) as [number, number];
    if (!(w > 0 && h > 0)) throw new PromptError('params.aspect', 'both sides must be above 0');
  }
}

/** The flags in Midjourney's order; reference pictures as the addresses given. */
export function flagsOf(p: MjParams, refs: { cref?: string[]; sref?: string[] } = {}): string {
  const out: string[] = [];
  if (p.aspect) out.push(`--ar ${p.aspect}`);
  if (p.niji) out.push(`--niji ${p.niji}`);
  if (p.version) out.push(`--v ${p.version}`);
  if (p.style) out.push(`--style ${p.style}`);
  if (p.stylize !== undefined) out.push(`--s ${p.stylize}`);
  if (p.chaos !== undefined) out.push(`--c ${p.chaos}`);
  if (p.quality !== undefined) out.push(`--q ${p.quality}`);
  if (p.seed !== undefined) out.push(`--seed ${p.seed}`);
  if (p.no) out.push(`--no ${p.no}`);
  if (p.tile) out.push('--tile');
  if (p.imageWeight !== undefined) out.push(`--iw ${p.imageWeight}`);
  const cref = refs.cref ?? p.crefUrls ?? [];
  if (cref.length) out.push(`--cref ${cref.join(' ')}`);
  if (p.cw !== undefined) out.push(`--cw ${p.cw}`);
  const sref = refs.sref ?? p.srefUrls ?? [];
  if (sref.length) out.push(`--sref ${sref.join(' ')}`);
  if (p.sw !== undefined) out.push(`--sw ${p.sw}`);
  if (p.mode) out.push(`--${p.mode}`);
  return out.join(' ');
}

/**
 * Reads the prompt and the form's flags into one checked set. Throws `PromptError` naming the
 * field (`prompt` for typed flags, `params.<name>` for the form's).
 */
export function buildPrompt(prompt: string, form: MjParams = {}): BuiltPrompt {
  const { text, flags } = splitFlags(prompt);
  if (!text) throw new PromptError('prompt', 'the prompt has no words besides its flags');
  const typed = drawing.mjParams.safeParse(typedParams(flags));
  if (!typed.success) {
    const issue = typed.error.issues[0]!;
    throw new PromptError('prompt', `--${String(issue.path[0] ?? '')}: ${issue.message}`);
  }
  const params: MjParams = { ...typed.data, ...stripUndefined(form) };
  // A form choosing niji replaces a typed --v and the other way round.
  if (form.niji) delete params.version;
  if (form.version) delete params.niji;
  checkTogether(params);
  const flagText = flagsOf(params);
  return { text, params, finalPrompt: flagText ? `${text} ${flagText}` : text };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Width and height for an aspect ratio with the long side `long` (multiples of 8). */
export function sizeFor(
  aspect: string | undefined,
  long: number,
): { width: number; height: number } {
  const [w, h] = (aspect ?? '1:1').split(':').map(Number) as [number, number];
  const r = w > 0 && h > 0 ? Math.min(Math.max(w / h, 0.25), 4) : 1;
  const round = (n: number) => Math.max(8, Math.round(n / 8) * 8);
  return r >= 1
    ? { width: round(long), height: round(long / r) }
    : { width: round(long * r), height: round(long) };
}
