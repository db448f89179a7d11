import { describe, expect, it } from 'vitest';
import { clock, currentLine, parseLrc } from './lrc';

describe('lrc', () => {
  it('reads timed lines and finds the line being sung', () => {
    const lines = parseLrc('[00:05.00]b\n[00:01.50]a\nno time\n[01:02.25]c');
    expect(lines).toEqual([
      { at: 1.5, text: 'a' },
      { at: 5, text: 'b' },
      { at: 62.25, text: 'c' },
    ]);
    expect(currentLine(lines, 0)).toBe(-1);
    expect(currentLine(lines, 1.5)).toBe(0);
    expect(currentLine(lines, 30)).toBe(1);
    expect(currentLine(lines, 99)).toBe(2);
    expect(clock(62.9)).toBe('1:02');
  });
});
