import type { TFunction } from 'i18next';
import { kinds } from '@atelier/contracts';

/** Task kinds a filter offers (others still show under "all"): the contracts' one list. */
export const KNOWN_KINDS: string[] = kinds.taskKindNames;

/** What each kind of work is called, one literal key each. */
const kindKeys: Record<string, string> = {
  mj: 'works:kindNames.mj',
  'chat-draw': 'works:kindNames.chat-draw',
  image: 'works:kindNames.image',
  sd3: 'works:kindNames.sd3',
  sd: 'works:kindNames.sd',
  'sd-tool': 'works:kindNames.sd-tool',
  video: 'works:kindNames.video',
  music: 'works:kindNames.music',
  separation: 'works:kindNames.separation',
};

/** A kind's shown name (a kind this build does not know: its name as stored). */
export const kindName = (kind: string, t: TFunction): string =>
  kindKeys[kind] ? t(kindKeys[kind]) : kind;
