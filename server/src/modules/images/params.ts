import { z } from 'zod';
import { images as I } from '@atelier/contracts';

/** What an `image` task stores: every field of the /draw form, so it can refill itself. */
export const imageTaskParams = z.object({
  modelId: z.number().int(),
  /** The demo paints from the prompt and this (DALL·E has no seed upstream). */
  seed: z.number().int(),
  /** The screen's fields as sent (size, quality, style, background, outputFormat, images). */
  form: I.dalleInput
    .omit({ prompt: true, maskBase64: true, n: true, modelId: true })
    .extend({ modelId: z.number().int() }),
  /** The stored mask (edits), a link to the caller's file. */
  maskUrl: z.string().nullable(),
});
export type ImageTaskParams = z.infer<typeof imageTaskParams>;

/** What an `sd3` task stores. */
export const sd3TaskParams = z.object({
  modelId: z.number().int(),
  /** The seed sent upstream (the seed lock), or the demo's own; the answer's is in data. */
  seed: z.number().int().nullable(),
  form: I.sd3Input.omit({ prompt: true, modelId: true }).extend({ modelId: z.number().int() }),
});
export type Sd3TaskParams = z.infer<typeof sd3TaskParams>;

/** What an `image` or `sd3` task's runner adds: the prompt drawn, the upstream's seed (SD3). */
export const imageTaskData = z.looseObject({
  finalPrompt: z.string().optional(),
  params: z.object({ seed: z.number().int().optional() }).optional(),
});
export type ImageTaskData = z.infer<typeof imageTaskData>;
