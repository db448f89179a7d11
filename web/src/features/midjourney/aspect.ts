import type { drawing } from '@atelier/contracts';

const RATIO = /^\s*(\d{1,4})\s*:\s*(\d{1,4})\s*$/;
const AR_FLAG = /--(?:ar|aspect)\s+(\d{1,4}:\d{1,4})/i;

/**
 * The CSS aspect ratio (`w / h`) a drawing's picture takes, known before the picture loads so
 * its card keeps its height: the picture's own size, else the `--ar` the task was drawn with,
 * else square (Midjourney's default).
 */
export function taskAspect(
  task: Pick<drawing.DrawTask, 'images' | 'params' | 'finalPrompt'>,
): string {
  const image = task.images[0];
  if (image && image.width > 0 && image.height > 0) return `${image.width} / ${image.height}`;
  const flag = typeof task.params.aspect === 'string' ? task.params.aspect : '';
  const match = RATIO.exec(flag) ?? RATIO.exec(AR_FLAG.exec(task.finalPrompt)?.[1] ?? '');
  if (match && Number(match[1]) > 0 && Number(match[2]) > 0) return `${match[1]} / ${match[2]}`;
  return '1 / 1';
}
