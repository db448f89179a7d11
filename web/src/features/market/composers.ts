import { kinds } from '@atelier/contracts';

/**
 * Which creation screen a market prompt opens, by the kind of the task it came from: the
 * contracts' kind list says it for every kind it knows. Other names are matched by name
 * (`sd3…` before `sd…`, `dalle`/`image`/`chat-draw` to /draw); anything else, or a kind
 * without a screen of its own, opens Midjourney.
 */
export type ComposerScreen = kinds.CreationScreen;

function byName(k: string): ComposerScreen {
  if (k === 'chat') return 'chat';
  if (k === 'mj' || k.startsWith('midjourney')) return 'mj';
  if (k.startsWith('sd3')) return 'sd3';
  if (k.startsWith('sd') || k.includes('comfy') || k.includes('a1111')) return 'sddraw';
  if (k.startsWith('video') || k.includes('kling') || k.includes('luma') || k.includes('runway'))
    return 'video';
  if (k.startsWith('music') || k.includes('suno')) return 'music';
  if (k === 'chat-draw' || k.startsWith('image') || k.includes('dall') || k.includes('openai'))
    return 'draw';
  return 'mj';
}

export function composerOf(kind: string): ComposerScreen {
  const k = kind.toLowerCase();
  const known = kinds.taskKindOf(k);
  if (known) return known.screen ?? 'mj';
  return byName(k);
}

export const composerPath = (kind: string): string => kinds.creationScreens[composerOf(kind)];
