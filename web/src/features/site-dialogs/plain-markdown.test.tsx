import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlainMarkdown, parseBlocks, parseInline, safeHref } from './plain-markdown';

describe('operator markdown', () => {
  it('splits headings, paragraphs and lists', () => {
    const source =
      '# Title\nfirst line\nsecond line\n\n- one\n- two\n  continued\n1. a\n2. b\n\nend';
    expect(parseBlocks(source)).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', lines: ['first line', 'second line'] },
      { kind: 'list', ordered: false, items: ['one', 'two continued'] },
      { kind: 'list', ordered: true, items: ['a', 'b'] },
      { kind: 'paragraph', lines: ['end'] },
    ]);
  });

  it('reads bold, code, links and images, keeping unsafe links as text', () => {
    expect(
      parseInline('a **b** `c` [d](https://x.io/p) ![e](/img.png) [f](javascript:alert(1))'),
    ).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'd', href: 'https://x.io/p' },
      { kind: 'text', text: ' ' },
      { kind: 'image', alt: 'e', src: '/img.png' },
      { kind: 'text', text: ' f)' },
    ]);
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('/pay')).toBe('/pay');
  });

  it('renders HTML in the text as text, never as markup', () => {
    const { container } = render(
      <PlainMarkdown
        source={'<img src=x onerror="alert(1)"> **hi**\n\n<script>alert(2)</script>'}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.querySelector('strong')?.textContent).toBe('hi');
  });
});
