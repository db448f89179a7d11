import { describe, expect, it } from 'vitest';
import { codesCsv } from './codes-panel';

describe('new codes as CSV', () => {
  it('has a header, then one code a line', () => {
    expect(codesCsv(['AB12-CD34', 'EF56-GH78'])).toBe('code\r\nAB12-CD34\r\nEF56-GH78\r\n');
  });
});
