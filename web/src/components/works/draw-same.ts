import type { works as W } from '@atelier/contracts';
import type { ComposerPrefill } from '../../lib/prefill';

/** The creation screen of each task kind (a kind not listed here opens the Midjourney screen). */
const screenOfKind: Record<string, string> = {
  mj: '/Midjourney',
  'chat-draw': '/Chat',
  chat: '/Chat',
  image: '/draw',
  dalle: '/draw',
  sd3: '/sd3',
  sd: '/sddraw',
  comfy: '/sddraw',
  'sd-tool': '/tools',
  tool: '/tools',
  tools: '/tools',
  video: '/video',
  music: '/music',
  separation: '/separation',
};

export const screenFor = (kind: string): string => screenOfKind[kind] ?? '/Midjourney';

/**
 * Draw the same: the screen to open and every parameter the task was made with. A Midjourney
 * task keeps its form's flags (aspect, seed, chaos, references…) under `params.flags`; other
 * kinds keep their form's fields in `params` itself.
 */
export function drawSameOf(work: Pick<W.Work, 'kind' | 'prompt' | 'params'>): {
  path: string;
  prefill: ComposerPrefill;
} {
  const p = work.params;
  const modelId = typeof p.modelId === 'number' ? p.modelId : undefined;
  const negative = typeof p.negativePrompt === 'string' ? p.negativePrompt : undefined;
  const params =
    work.kind === 'mj' && p.flags && typeof p.flags === 'object'
      ? (p.flags as Record<string, unknown>)
      : Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'modelId' && k !== 'prompt'));
  return {
    path: screenFor(work.kind),
    prefill: {
      kind: work.kind,
      prompt: work.prompt,
      params,
      ...(modelId !== undefined ? { modelId } : {}),
      ...(negative !== undefined ? { negativePrompt: negative } : {}),
    },
  };
}
