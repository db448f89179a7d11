import { describe, expect, it } from 'vitest';
import { normalizeMath, splitBlocks } from './prepare';

describe('normalizeMath', () => {
  it('turns \\(…\\) into $…$ and \\[…\\] into a $$ block', () => {
    expect(normalizeMath('Energy \\( E = mc^2 \\) holds.')).toBe('Energy $E = mc^2$ holds.');
    expect(normalizeMath('Sum:\n\\[\n\\sum_i x_i\n\\]\nend')).toBe(
      'Sum:\n\n$$\n\\sum_i x_i\n$$\n\nend',
    );
  });

  it('makes a line holding only $$…$$ a display block, keeping its indentation', () => {
    expect(normalizeMath('  $$a+b$$')).toBe('  $$\n  a+b\n  $$');
    expect(normalizeMath('inline $$a$$ stays')).toBe('inline $$a$$ stays');
  });

  it('leaves fenced code and inline code exactly as written', () => {
    const fenced = '```latex\n\\[ x \\]\n$$y$$\n```\nafter \\(z\\)';
    expect(normalizeMath(fenced)).toBe('```latex\n\\[ x \\]\n$$y$$\n```\nafter $z$');
    expect(normalizeMath('use `\\(x\\)` or \\(y\\)')).toBe('use `\\(x\\)` or $y$');
    expect(normalizeMath('~~~\n\\(open fence')).toBe('~~~\n\\(open fence');
  });

  it("escapes dollars that are prices, keeping formulas by Pandoc's rule", () => {
    expect(normalizeMath('from $5 to $10')).toBe('from \\$5 to \\$10');
    expect(normalizeMath('| $2.50 | $0.15 |')).toBe('| \\$2.50 | \\$0.15 |');
    expect(normalizeMath('pay $5, where $a+b$ holds')).toBe('pay \\$5, where $a+b$ holds');
    expect(normalizeMath('$x$ and $$y$$ and \\$z')).toBe('$x$ and $$y$$ and \\$z');
    expect(normalizeMath('a $ b $ c')).toBe('a \\$ b \\$ c');
    expect(normalizeMath('$x\n\ny$')).toBe('\\$x\n\ny\\$');
    expect(normalizeMath('`$5 and $6` $7')).toBe('`$5 and $6` \\$7');
  });

  it('does not touch an unfinished delimiter while streaming', () => {
    expect(normalizeMath('so \\(a + ')).toBe('so \\(a + ');
  });
});

describe('splitBlocks', () => {
  it('cuts at blank lines followed by an unindented line', () => {
    expect(splitBlocks('# Title\n\nFirst para\nstill first\n\n\nSecond')).toEqual([
      '# Title',
      'First para\nstill first',
      'Second',
    ]);
  });

  it('keeps indented continuations (list items) with their block', () => {
    expect(splitBlocks('- a\n\n  more of a\n- b\n\nnext')).toEqual([
      '- a\n\n  more of a\n- b',
      'next',
    ]);
  });

  it('never cuts inside a fenced code block or a $$ block', () => {
    const code = '```py\nx = 1\n\ny = 2\n```';
    const math = '$$\na\n\nb\n$$';
    expect(splitBlocks(`${code}\n\nafter\n\n${math}\n\nend`)).toEqual([code, 'after', math, 'end']);
  });

  it('lets an unclosed fence run to the end, as a stream shows it', () => {
    expect(splitBlocks('intro\n\n```js\nconst a = 1;\n\nconst b')).toEqual([
      'intro',
      '```js\nconst a = 1;\n\nconst b',
    ]);
  });

  it('a longer fence is closed only by a fence at least as long', () => {
    expect(splitBlocks('````md\n```\n\ninner\n````\n\nout')).toEqual([
      '````md\n```\n\ninner\n````',
      'out',
    ]);
  });

  it('keeps text with reference definitions or footnotes whole', () => {
    const text = 'See [docs][1] and a note[^n].\n\n[1]: https://example.com\n\n[^n]: Note.';
    expect(splitBlocks(text)).toEqual([text]);
  });

  it('keeps earlier blocks identical while the text grows', () => {
    const full = 'One\n\n```ts\nlet a = 1;\n```\n\nThree has more words';
    let previous: string[] = [];
    for (let end = 1; end <= full.length; end += 1) {
      const blocks = splitBlocks(full.slice(0, end));
      previous.slice(0, -1).forEach((block, i) => expect(blocks[i]).toBe(block));
      previous = blocks;
    }
    expect(previous).toEqual(['One', '```ts\nlet a = 1;\n```', 'Three has more words']);
  });

  it('returns nothing for blank text', () => {
    expect(splitBlocks('\n \n')).toEqual([]);
  });
});
