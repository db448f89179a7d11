import { kinds } from '@atelier/contracts';

/** Task kinds a filter offers (others still show under "all"): the contracts' one list. */
export const KNOWN_KINDS: string[] = kinds.taskKindNames;
