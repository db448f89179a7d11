/** docs/product.md §9: the image viewer zooms by 0.1 per step, between 0.01 and 100 times. */
export const ZOOM_STEP = 0.1;
export const ZOOM_MIN = 0.01;
export const ZOOM_MAX = 100;

/** A scale kept inside the viewer's bounds, rounded to 1/100 so repeated steps do not drift. */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  const rounded = Math.round(scale * 100) / 100;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, rounded));
}

/** One step in (`+1`) or out (`-1`) from `scale`. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  return clampZoom(scale + direction * ZOOM_STEP);
}

/** A wheel turn: scrolling up (negative deltaY) zooms in. */
export function wheelZoom(scale: number, deltaY: number): number {
  if (deltaY === 0) return clampZoom(scale);
  return stepZoom(scale, deltaY < 0 ? 1 : -1);
}
