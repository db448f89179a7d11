import { describe, expect, it } from 'vitest';
import { byteRange } from './range.js';

describe('byte ranges (RFC 9110 section 14.1.2)', () => {
  it('reads first-last, open-ended and suffix ranges within the size', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('sends the whole body for no header, several ranges or another unit', () => {
    expect(byteRange(undefined, 1000)).toBeNull();
    expect(byteRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
    expect(byteRange('bytes=-', 1000)).toBeNull();
  });

  it('refuses a range past the end', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=20-10', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
