import { describe, expect, it } from 'vitest';
import { toImagePoint } from './mask';

describe('vary region mask', () => {
  it('maps a point of the shown picture to the picture’s own pixels', () => {
    const box = { left: 100, top: 50, width: 400, height: 300 };
    const natural = { width: 1600, height: 1200 };
    expect(toImagePoint(300, 200, box, natural)).toEqual({ x: 800, y: 600 });
    expect(toImagePoint(100, 50, box, natural)).toEqual({ x: 0, y: 0 });
  });

  it('keeps points dragged outside the picture on its edge', () => {
    const box = { left: 0, top: 0, width: 100, height: 100 };
    expect(toImagePoint(-20, 150, box, { width: 10, height: 10 })).toEqual({ x: 0, y: 10 });
  });
});
