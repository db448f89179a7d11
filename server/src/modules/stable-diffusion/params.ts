import { z } from 'zod';
import { sd as S } from '@atelier/contracts';

/** What an `sd` task stores: every parameter the square's form refills itself from. */
export const sdTaskParams = z.object({
  modelId: z.number().int(),
  checkpoint: z.string(),
  negativePrompt: z.string(),
  /** Chosen when queued (never -1), so "use these parameters" draws the same picture. */
  seed: z.number().int(),
  steps: z.number().int(),
  cfgScale: z.number(),
  sampler: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  demo: z.boolean(),
});
export type SdTaskParams = z.infer<typeof sdTaskParams>;

/** What an `sd-tool` task stores (its action is the operation). */
export const toolTaskParams = z.object({
  op: S.toolOp,
  /** null: the offline demo. */
  providerId: z.number().int().nullable(),
  image: z.string(),
  mask: z.string().nullable(),
  face: z.string().nullable(),
  scale: z.number(),
  strength: z.number(),
  seed: z.number().int(),
  options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  demo: z.boolean(),
});
export type ToolTaskParams = z.infer<typeof toolTaskParams>;
