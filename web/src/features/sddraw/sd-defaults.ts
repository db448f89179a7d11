import type { sd } from '@atelier/contracts';

/** A model form's values by field (the square's screen keeps them; the form draws them). */
export type SdValues = Record<sd.SdFieldName, string | number>;

/** A model's fields at their defaults. */
export const defaultsOf = (fields: sd.SdField[]): Partial<SdValues> =>
  Object.fromEntries(fields.map((f) => [f.name, f.default]));
