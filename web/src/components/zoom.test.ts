import { describe, expect, it } from 'vitest';
import { clampZoom, stepZoom, wheelZoom, ZOOM_MAX, ZOOM_MIN } from './zoom';

describe('viewer zoom', () => {
  it('steps by 0.1 without floating-point drift', () => {
    let scale = 1;
    for (let i = 0; i < 3; i++) scale = stepZoom(scale, 1);
    expect(scale).toBe(1.3);
    expect(stepZoom(0.3, -1)).toBe(0.2);
  });

  it('stops at 0.01 and at 100', () => {
    expect(stepZoom(0.05, -1)).toBe(ZOOM_MIN);
    expect(stepZoom(ZOOM_MIN, -1)).toBe(ZOOM_MIN);
    expect(stepZoom(99.95, 1)).toBe(ZOOM_MAX);
    expect(clampZoom(1000)).toBe(ZOOM_MAX);
    expect(clampZoom(-3)).toBe(ZOOM_MIN);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('zooms in when the wheel turns up and out when it turns down', () => {
    expect(wheelZoom(1, -120)).toBe(1.1);
    expect(wheelZoom(1, 53)).toBe(0.9);
    expect(wheelZoom(1, 0)).toBe(1);
  });
});
