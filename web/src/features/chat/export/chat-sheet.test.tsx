import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MeasureSheet, PagedSheet, SHEET_WIDTH } from './chat-sheet';

afterEach(cleanup);

const sheet = {
  messages: [
    { role: 'user', content: 'Show **me** a table' },
    { role: 'assistant', content: '| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nx()\n```' },
  ],
  title: 'Tables',
  siteName: 'Atelier',
  date: '2026-11-24 10:00',
};

describe('MeasureSheet', () => {
  it('lays out header, every message and footer as measurable blocks', () => {
    const { container } = render(<MeasureSheet {...sheet} />);
    const blocks = [...container.querySelectorAll('[data-export-block]')];
    expect(blocks).toHaveLength(4);
    expect(blocks[0]?.textContent).toBe('Tables2026-11-24 10:00');
    expect(blocks[3]?.textContent).toBe('Atelier');
    expect((container.firstElementChild as HTMLElement).style.width).toBe(`${SHEET_WIDTH}px`);
  });

  it('has no footer without a site name', () => {
    const { container } = render(<MeasureSheet {...sheet} siteName={undefined} />);
    expect(container.querySelectorAll('[data-export-block]')).toHaveLength(3);
    expect(container.querySelector('footer')).toBeNull();
  });

  it("shows the user's text as written and answers as export markdown without buttons", () => {
    const { container } = render(<MeasureSheet {...sheet} />);
    const [, question, answer] = container.querySelectorAll('[data-export-block]');
    expect(question?.textContent).toBe('Show **me** a table');
    expect(question?.querySelector('strong')).toBeNull();
    expect(answer?.querySelector('.md-export table')).not.toBeNull();
    expect(answer?.querySelector('.md-code-lang')?.textContent).toBe('js');
    expect(answer?.querySelector('button')).toBeNull();
  });
});

describe('PagedSheet', () => {
  it('shows each slice of the plan as a window of its block', () => {
    const plan = [
      [
        { block: 0, offset: 0, height: 80 },
        { block: 1, offset: 0, height: 60 },
      ],
      [
        { block: 2, offset: 0, height: 500 },
        { block: 3, offset: 0, height: 40 },
      ],
      [{ block: 2, offset: 500, height: 120 }],
    ];
    const { container } = render(<PagedSheet {...sheet} plan={plan} />);
    const pages = [...container.querySelectorAll<HTMLElement>('[data-export-page]')];
    expect(pages).toHaveLength(3);
    const windows = pages[2]!.children;
    expect(windows).toHaveLength(1);
    const frame = windows[0] as HTMLElement;
    expect(frame.style.height).toBe('120px');
    expect(frame.style.overflow).toBe('hidden');
    expect((frame.firstElementChild as HTMLElement).style.marginTop).toBe('-500px');
    expect(frame.querySelector('table')).not.toBeNull();
    expect(pages[1]!.textContent).toContain('Atelier');
  });
});
