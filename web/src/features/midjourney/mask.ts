/** One brush stroke in the picture's own pixels (so any display size maps back exactly). */
export interface Stroke {
  size: number;
  points: Array<{ x: number; y: number }>;
}

export const BRUSH_MIN = 5;
export const BRUSH_MAX = 200;

/** A point of the displayed picture (CSS pixels) in the picture's own pixels. */
export function toImagePoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
  natural: { width: number; height: number },
): { x: number; y: number } {
  const x = ((clientX - box.left) / box.width) * natural.width;
  const y = ((clientY - box.top) / box.height) * natural.height;
  return {
    x: Math.min(natural.width, Math.max(0, x)),
    y: Math.min(natural.height, Math.max(0, y)),
  };
}

/** Paints strokes onto a canvas context (round caps: a single click paints a dot). */
export function paintStrokes(ctx: CanvasRenderingContext2D, strokes: Stroke[], colour: string) {
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    ctx.lineWidth = stroke.size;
    if (rest.length === 0) {
      ctx.beginPath();
      ctx.arc(first.x, first.y, stroke.size / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
}

/**
 * The mask the contract asks for: a PNG of the picture's size, white where it is redrawn and
 * black elsewhere, as a data: url.
 */
export function maskDataUrl(strokes: Stroke[], width: number, height: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  paintStrokes(ctx, strokes, '#fff');
  return canvas.toDataURL('image/png');
}
