import { z } from 'zod';
import type { KindJob } from '../kind-kit/index.js';

/** What a separation task stores in `params` (everything the screen needs to show it again). */
export const separationParams = z.object({
  modelId: z.number().int(),
  format: z.enum(['wav', 'flac', 'mp3']),
  source: z.object({
    type: z.enum(['upload', 'song']),
    /** Storage key of the audio to separate. */
    key: z.string(),
    name: z.string(),
    mime: z.string(),
    songTaskId: z.number().int().optional(),
    /** Which clip of the song task (music tasks make two). */
    songClip: z.number().int().optional(),
    /** A demo song's own stems (storage keys), which the demo returns as they are. */
    stemKeys: z.object({ vocals: z.string(), instrumental: z.string() }).optional(),
  }),
});
export type SeparationParams = z.infer<typeof separationParams>;

/** What the runner adds to `data`: how the stems were made and where they are in `files`. */
export const separationData = z.object({
  method: z.enum(['model', 'demo-stems', 'mid-side']).optional(),
  stems: z.object({ vocals: z.number().int(), instrumental: z.number().int() }).optional(),
  durationSeconds: z.number().optional(),
  demoStep: z.number().int().optional(),
});
export type SeparationData = z.infer<typeof separationData>;

export type SeparationJob = KindJob<SeparationParams, SeparationData>;
