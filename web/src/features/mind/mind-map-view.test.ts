import { describe, expect, it } from 'vitest';
import { MIN_READABLE_SCALE, fitScale } from './mind-map-view';

describe('fitScale', () => {
  it("is markmap's fit: the map fills 95% of the view's tighter side, at most maxScale", () => {
    expect(fitScale({ width: 1000, height: 500 }, { width: 500, height: 500 }, 2)).toBeCloseTo(
      0.95,
    );
    expect(fitScale({ width: 1000, height: 1000 }, { width: 100, height: 100 }, 2)).toBe(2);
  });

  it('falls under the readable scale for a wide map on a phone, which the view then corrects', () => {
    // The demo outline is about 900 × 300 map units; a phone's view is 366 × 370 px.
    expect(fitScale({ width: 366, height: 370 }, { width: 900, height: 300 })).toBeLessThan(
      MIN_READABLE_SCALE,
    );
  });

  it('leaves an empty map at the largest scale', () => {
    expect(fitScale({ width: 300, height: 300 }, { width: 0, height: 0 }, 2)).toBe(2);
  });
});
