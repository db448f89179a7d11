import { describe, expect, it } from 'vitest';
import {
  countNodes,
  exportFileName,
  extractOutline,
  inlineHtml,
  parseOutline,
  plainText,
  toMapNode,
  type OutlineNode,
} from './outline';

/** The tree as nested text, easy to compare. */
const shape = (node: OutlineNode): unknown =>
  node.children.length ? { [node.text]: node.children.map(shape) } : node.text;

describe('extractOutline', () => {
  it('unwraps a markdown fence, closed or still streaming', () => {
    expect(extractOutline('Here you go:\n```markdown\n# A\n- b\n```\nEnjoy')).toBe('# A\n- b');
    expect(extractOutline('```md\n# A\n- b')).toBe('# A\n- b');
    expect(extractOutline('~~~\n# A\n~~~')).toBe('# A');
    expect(extractOutline('  # A\n- b  ')).toBe('# A\n- b');
  });
});

describe('parseOutline', () => {
  it('nests headings by level and list items by indentation under them', () => {
    const tree = parseOutline(
      [
        '# Coffee',
        '## Beans',
        '- Arabica',
        '  - Sweet',
        '  - Acidic',
        '- Robusta',
        '## Brewing',
        '1. Espresso',
        '2. Pour over',
        '### Tools',
        '* Grinder',
      ].join('\n'),
    );
    expect(shape(tree)).toEqual({
      Coffee: [
        { Beans: [{ Arabica: ['Sweet', 'Acidic'] }, 'Robusta'] },
        { Brewing: ['Espresso', 'Pour over', { Tools: ['Grinder'] }] },
      ],
    });
    expect(countNodes(tree)).toBe(11);
  });

  it('gives several top-level items a root named after the request', () => {
    expect(shape(parseOutline('## One\n## Two\n- leaf', 'Topic'))).toEqual({
      Topic: ['One', { Two: ['leaf'] }],
    });
    expect(parseOutline('', 'Topic')).toEqual({ text: 'Topic', children: [] });
  });

  it('keeps prose, quotes and table rows as leaves and drops rules, fences and table rules', () => {
    const tree = parseOutline(
      [
        '# T',
        'A sentence about T.',
        '> quoted',
        '---',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
        '```',
        'code()',
        '```',
        '- [x] done task',
        '## Heading #',
      ].join('\n'),
    );
    expect(shape(tree)).toEqual({
      T: ['A sentence about T.', 'quoted', 'a · b', '1 · 2', 'done task', 'Heading'],
    });
  });

  it('reads a partial stream without losing what came so far', () => {
    expect(shape(parseOutline('# Sleep\n## Why\n- Mem'))).toEqual({
      Sleep: [{ Why: ['Mem'] }],
    });
    expect(shape(parseOutline('# Sle'))).toBe('Sle');
  });

  it('reads tab indentation and a list after a deeper heading', () => {
    expect(shape(parseOutline('# A\n- b\n\t- c\n- d\n## E\n- f'))).toEqual({
      A: [{ b: ['c'] }, 'd', { E: ['f'] }],
    });
  });
});

describe('inlineHtml', () => {
  it('escapes HTML so an answer cannot inject markup', () => {
    expect(inlineHtml('<img src=x onerror="alert(1)">')).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
    );
    expect(inlineHtml('[click](javascript:alert(1))')).toBe('click');
    expect(inlineHtml('a & b')).toBe('a &amp; b');
  });

  it('renders bold, italics, strike-through and code', () => {
    expect(inlineHtml('**bold** and *it* and ~~old~~ and `a<b`')).toBe(
      '<strong>bold</strong> and <em>it</em> and <del>old</del> and <code>a&lt;b</code>',
    );
    expect(inlineHtml('`**not bold**`')).toBe('<code>**not bold**</code>');
    expect(inlineHtml('2 * 3 * 4')).toBe('2 * 3 * 4');
  });
});

describe('toMapNode', () => {
  const tree = parseOutline('# R\n## A\n- a1\n## B');

  it('unfolds everything by default', () => {
    expect(toMapNode(tree)).toEqual({
      content: 'R',
      payload: {},
      children: [
        { content: 'A', payload: {}, children: [{ content: 'a1', payload: {}, children: [] }] },
        { content: 'B', payload: {}, children: [] },
      ],
    });
  });

  it('folds the nodes with children from the given depth on', () => {
    const folded = toMapNode(tree, 1);
    expect(folded.payload).toEqual({});
    expect(folded.children[0]!.payload).toEqual({ fold: 1 });
    // A leaf has nothing to fold.
    expect(folded.children[1]!.payload).toEqual({});
  });
});

describe('file names', () => {
  it('uses the plain title without characters file systems refuse', () => {
    expect(plainText('**Deep** `work` [link](http://x)')).toBe('Deep work link');
    expect(exportFileName('Plan: Q3/Q4 *goals*?', 'png')).toBe('Plan Q3 Q4 goals.png');
    expect(exportFileName('咖啡的种类', 'svg')).toBe('咖啡的种类.svg');
    expect(exportFileName(' ../.. ', 'svg')).toBe('mind-map.svg');
    expect(exportFileName('', 'png')).toBe('mind-map.png');
    expect(exportFileName('x'.repeat(100), 'svg')).toBe(`${'x'.repeat(60)}.svg`);
  });
});
