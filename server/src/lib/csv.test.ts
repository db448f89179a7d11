import { describe, expect, it } from 'vitest';
import { csvDocument, csvLine } from './csv.js';

describe('csv', () => {
  it('quotes cells holding a quote, a comma or a new line, and leaves the rest bare', () => {
    expect(csvLine(['plain', 3, null, 'a,b', 'say "hi"', 'two\nlines'])).toBe(
      'plain,3,,"a,b","say ""hi""","two\nlines"',
    );
  });

  it('writes a header and rows, every line ended', () => {
    expect(
      csvDocument(
        ['code', 'credits'],
        [
          ['A1', 5],
          ['B2', null],
        ],
      ),
    ).toBe('code,credits\nA1,5\nB2,\n');
    expect(csvDocument(['code'], [])).toBe('code\n');
  });
});
