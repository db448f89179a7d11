/**
 * How a tall conversation is cut into PNG pages. A canvas has hard limits: Chromium and Firefox
 * draw at most 32,767 px a side, Safari on iPhone and iPad at most 16,777,216 pixels in all;
 * beyond them the image comes out blank. Pure maths, so it is unit-tested.
 */

/** A canvas side kept under Chromium's 32,767 px limit. */
export const MAX_CANVAS_SIDE = 32_000;
/** iOS Safari's canvas area limit (4096 × 4096) with a margin. */
export const IOS_CANVAS_AREA = 16_000_000;

/** The tallest page, in CSS pixels, a canvas of `width` CSS pixels at `pixelRatio` can hold. */
export function maxPageHeight(width: number, pixelRatio: number, maxArea = Infinity): number {
  const side = Math.min(MAX_CANVAS_SIDE, Math.floor(maxArea / (width * pixelRatio)));
  return Math.floor(side / pixelRatio);
}

/** Part of one block (header, message, footer) on one page: `height` px from `offset` down. */
export interface Slice {
  block: number;
  offset: number;
  height: number;
}

/**
 * A block taller than a page starts on a fresh page unless at least this share of the current
 * page is still free: it is cut anyway, and a nearly empty page looks like a mistake.
 */
const MIN_ROOM_TO_START_CUT = 0.25;

/**
 * Cuts blocks of the given heights into pages no taller than `max`. Blocks stay whole when
 * they fit on a page (a block that does not fit on the current page opens the next one); only
 * a block taller than a page is cut, into page-sized slices.
 */
export function planPages(heights: readonly number[], max: number): Slice[][] {
  if (!(max > 0)) throw new RangeError('page height must be positive');
  const pages: Slice[][] = [];
  let page: Slice[] = [];
  let used = 0;
  const nextPage = () => {
    if (page.length) pages.push(page);
    page = [];
    used = 0;
  };
  heights.forEach((height, block) => {
    if (used + height <= max) {
      page.push({ block, offset: 0, height });
      used += height;
      return;
    }
    if (height <= max) {
      nextPage();
      page.push({ block, offset: 0, height });
      used = height;
      return;
    }
    if (max - used < max * MIN_ROOM_TO_START_CUT) nextPage();
    let offset = 0;
    while (height - offset > max - used) {
      const room = max - used;
      page.push({ block, offset, height: room });
      offset += room;
      nextPage();
    }
    page.push({ block, offset, height: height - offset });
    used += height - offset;
  });
  nextPage();
  return pages;
}

/**
 * The downloaded files: `name.png` for one page, `name-1.png`, `name-2.png`… for more.
 * Characters file systems refuse are replaced; an empty name becomes `chat`.
 */
export function pageFileNames(fileName: string, count: number): string[] {
  const base =
    fileName
      .replace(/\.png$/i, '')
      .replace(/[\\/:*?"<>|\r\n\t]+/g, '_')
      .trim() || 'chat';
  if (count === 1) return [`${base}.png`];
  return Array.from({ length: count }, (_, index) => `${base}-${index + 1}.png`);
}
