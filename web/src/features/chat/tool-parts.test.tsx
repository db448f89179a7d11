import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppSetting } from '../../stores/app-setting';
import { SourcesPart, ToolCallsPart } from './tool-parts';

beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(cleanup);

describe('an answer’s sources and tool calls', () => {
  it('lists numbered sources with title, domain and a link that opens apart', () => {
    render(
      <SourcesPart
        sources={[
          { n: 1, title: 'Festival notes', url: 'https://example.org/a', domain: 'example.org' },
          {
            n: 2,
            title: 'Lanterns',
            url: 'https://news.example.com/b',
            domain: 'news.example.com',
          },
        ]}
      />,
    );
    const items = screen.getAllByTestId('chat-source');
    expect(items.map((i) => i.textContent)).toEqual([
      '[1]Festival notes example.org',
      '[2]Lanterns news.example.com',
    ]);
    const link = items[0]!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.org/a');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('folds each tool call to its name and time; opened, its arguments and result', () => {
    render(
      <ToolCallsPart
        calls={[
          {
            id: 'c1',
            name: 'wx__weather',
            arguments: '{"city":"Paris"}',
            result: 'Sunny',
            ok: true,
            ms: 1234,
          },
          { id: 'c2', name: 'wx__broken', arguments: '{}', result: 'broke', ok: false, ms: 50 },
        ]}
      />,
    );
    const toggles = screen.getAllByTestId('chat-tool-toggle');
    expect(toggles[0]!.textContent).toContain('Called wx__weather · 1.2 s');
    expect(toggles[1]!.textContent).toContain('wx__broken failed');
    expect(screen.queryByTestId('chat-tool-body')).toBeNull();
    fireEvent.click(toggles[0]!);
    expect(screen.getByTestId('chat-tool-body').textContent).toContain('{"city":"Paris"}');
    expect(screen.getByTestId('chat-tool-result').textContent).toBe('Sunny');
  });
});
