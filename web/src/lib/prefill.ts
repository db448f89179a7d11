/**
 * "Draw the same" and the market's "use": another screen opens a creation screen with every
 * parameter filled. The opener navigates with `navigate(path, { state: { prefill } })`; each
 * creation screen (chat, Midjourney, DALL·E, SD3, model square, toolbox, video, music) reads
 * `readPrefill(location.state)` once on mount and fills its form, ignoring fields it lacks.
 */
export interface ComposerPrefill {
  /** The task kind (`mj`, `image`, `sd`, `video`, `music`, …) or `chat`. */
  kind: string;
  /** The model's id where the screen picks models by id. */
  modelId?: number;
  prompt: string;
  negativePrompt?: string;
  /** Every other parameter, as the task stored it (size, seed, steps, references, …). */
  params: Record<string, unknown>;
}

export function readPrefill(state: unknown): ComposerPrefill | null {
  if (!state || typeof state !== 'object' || !('prefill' in state)) return null;
  const p = (state as { prefill: unknown }).prefill;
  if (!p || typeof p !== 'object') return null;
  const { kind, prompt, params } = p as Record<string, unknown>;
  if (typeof kind !== 'string' || typeof prompt !== 'string') return null;
  return {
    ...(p as ComposerPrefill),
    params: params && typeof params === 'object' ? (params as Record<string, unknown>) : {},
  };
}
