/**
 * Which creation screen a market prompt opens, by the kind of the task it came from. Kinds
 * of later issues are matched by name (`sd3…` before `sd…`, `dalle`/`image`/`chat-draw` to
 * /draw); anything unknown that has no example is a chat prompt, else Midjourney.
 */
export type ComposerScreen = 'chat' | 'mj' | 'draw' | 'sd3' | 'sddraw' | 'video' | 'music';

const paths: Record<ComposerScreen, string> = {
  chat: '/Chat',
  mj: '/Midjourney',
  draw: '/draw',
  sd3: '/sd3',
  sddraw: '/sddraw',
  video: '/video',
  music: '/music',
};

export function composerOf(kind: string): ComposerScreen {
  const k = kind.toLowerCase();
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

export const composerPath = (kind: string): string => paths[composerOf(kind)];
