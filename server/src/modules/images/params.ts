import type { images as I } from '@atelier/contracts';

/** What an `image` task stores: every field of the /draw form, so it can refill itself. */
export interface ImageTaskParams {
  modelId: number;
  /** The demo paints from the prompt and this (DALL·E has no seed upstream). */
  seed: number;
  /** The screen's fields as sent (size, quality, style, background, outputFormat, images). */
  form: Omit<I.DalleInput, 'prompt' | 'maskBase64' | 'n' | 'modelId'> & { modelId: number };
  /** The stored mask (edits), a link to the caller's file. */
  maskUrl: string | null;
}

/** What an `sd3` task stores. */
export interface Sd3TaskParams {
  modelId: number;
  /** The seed sent upstream (the seed lock), or the demo's own; the answer's is in data. */
  seed: number | null;
  form: Omit<I.Sd3Input, 'prompt' | 'modelId'> & { modelId: number };
}
