import { describe, expect, it } from 'vitest';
import { IOS_CANVAS_AREA, maxPageHeight, pageFileNames, planPages, type Slice } from './page-plan';

const whole = (block: number, height: number): Slice => ({ block, offset: 0, height });

describe('maxPageHeight', () => {
  it('keeps the canvas side under 32,000 px at the pixel ratio', () => {
    expect(maxPageHeight(800, 2)).toBe(16_000);
    expect(maxPageHeight(800, 3)).toBe(10_666);
  });

  it('keeps the canvas area under the iOS limit when asked', () => {
    const height = maxPageHeight(800, 2, IOS_CANVAS_AREA);
    expect(height).toBe(5_000);
    expect(800 * 2 * height * 2).toBeLessThanOrEqual(IOS_CANVAS_AREA);
  });
});

describe('planPages', () => {
  it('puts everything on one page when it fits', () => {
    expect(planPages([100, 300, 50], 1000)).toEqual([[whole(0, 100), whole(1, 300), whole(2, 50)]]);
  });

  it('fills a page exactly to the limit and moves a block that does not fit to the next', () => {
    expect(planPages([400, 600, 700, 300], 1000)).toEqual([
      [whole(0, 400), whole(1, 600)],
      [whole(2, 700), whole(3, 300)],
    ]);
  });

  it('cuts a block taller than a page, continuing on the current page when it has room', () => {
    expect(planPages([200, 2500, 100], 1000)).toEqual([
      [whole(0, 200), { block: 1, offset: 0, height: 800 }],
      [{ block: 1, offset: 800, height: 1000 }],
      [
        { block: 1, offset: 1800, height: 700 },
        { block: 2, offset: 0, height: 100 },
      ],
    ]);
  });

  it('starts a tall block on a fresh page when little of the current one is left', () => {
    expect(planPages([900, 1500], 1000)).toEqual([
      [whole(0, 900)],
      [{ block: 1, offset: 0, height: 1000 }],
      [{ block: 1, offset: 1000, height: 500 }],
    ]);
  });

  it('never makes a page taller than the limit and covers every pixel once', () => {
    const heights = [120, 4000, 30, 990, 10, 2200, 1000, 1, 999];
    const pages = planPages(heights, 1000);
    for (const page of pages) {
      expect(page.reduce((sum, s) => sum + s.height, 0)).toBeLessThanOrEqual(1000);
    }
    heights.forEach((height, block) => {
      const slices = pages.flat().filter((s) => s.block === block);
      let offset = 0;
      for (const slice of slices) {
        expect(slice.offset).toBe(offset);
        offset += slice.height;
      }
      expect(offset).toBe(height);
    });
  });

  it('has no pages for no blocks and refuses a page height of zero', () => {
    expect(planPages([], 1000)).toEqual([]);
    expect(() => planPages([10], 0)).toThrow(RangeError);
  });
});

describe('pageFileNames', () => {
  it('numbers the files only when there is more than one', () => {
    expect(pageFileNames('chat-2026', 1)).toEqual(['chat-2026.png']);
    expect(pageFileNames('chat.png', 3)).toEqual(['chat-1.png', 'chat-2.png', 'chat-3.png']);
  });

  it('replaces characters file systems refuse and falls back to "chat"', () => {
    expect(pageFileNames('a/b:c?', 1)).toEqual(['a_b_c_.png']);
    expect(pageFileNames('  ', 1)).toEqual(['chat.png']);
  });
});
