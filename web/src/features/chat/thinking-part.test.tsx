import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { bringsNothing, thinkingOf, type PendingExchange } from './chat-actions';
import { ThinkingPart } from './thinking-part';

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(cleanup);

describe('ThinkingPart', () => {
  it('is open while the model thinks, folds when the answer starts, and opens on a click', () => {
    const view = render(<ThinkingPart reasoning="Weighing the options" ms={null} thinking />);
    expect(screen.getByTestId('chat-thinking-toggle').textContent).toContain('Thinking…');
    expect(screen.getByTestId('chat-thinking-text').textContent).toContain('Weighing the options');

    view.rerender(<ThinkingPart reasoning="Weighing the options" ms={2400} thinking={false} />);
    const toggle = screen.getByTestId('chat-thinking-toggle');
    expect(toggle.textContent).toContain('Thought for 2 s');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('chat-thinking-text')).toBeNull();

    fireEvent.click(toggle);
    expect(screen.getByTestId('chat-thinking-text').textContent).toContain('Weighing the options');
  });

  it('shows a saved answer’s thinking folded, in the chosen language', () => {
    useAppSetting.setState({ language: 'zh-CN' });
    render(<ThinkingPart reasoning="想一想" ms={300} thinking={false} />);
    expect(screen.getByTestId('chat-thinking-toggle').textContent).toContain('已思考 1 秒');
    expect(screen.queryByTestId('chat-thinking-text')).toBeNull();
  });
});

describe('thinkingOf', () => {
  const pending: PendingExchange = {
    groupId: 1,
    prompt: 'q',
    imageUrl: null,
    files: [],
    answer: '',
    reasoning: '',
    thinkingSince: null,
    reasoningMs: null,
    finishReason: null,
    sources: [],
    toolCalls: [],
    phase: 'waiting',
    error: null,
    regenerate: false,
  };
  const line = { id: 1, groupId: 1, text: '', delta: '', done: false };

  it('times the thinking from its first line to the answer’s first text', () => {
    const a = {
      ...pending,
      ...thinkingOf(pending, { ...line, reasoning: 'Hm', reasoningDelta: 'Hm' }, 1000),
    };
    expect(a).toMatchObject({ reasoning: 'Hm', thinkingSince: 1000, reasoningMs: null });
    const b = { ...a, ...thinkingOf(a, { ...line, text: 'Hi', delta: 'Hi' }, 3500) };
    expect(b).toMatchObject({ reasoning: 'Hm', reasoningMs: 2500 });
    const done = thinkingOf(b, {
      ...line,
      text: 'Hi',
      done: true,
      reasoning: 'Hm',
      reasoningMs: 2400,
      finishReason: 'length',
    });
    // The last line's figure (the one saved) wins over this screen's.
    expect(done).toMatchObject({ reasoningMs: 2400, finishReason: 'length' });
  });

  it('leaves an answer without thinking untimed', () => {
    expect(thinkingOf(pending, { ...line, text: 'Hi', delta: 'Hi' }, 5)).toMatchObject({
      reasoning: '',
      thinkingSince: null,
      reasoningMs: null,
    });
  });
});

describe('bringsNothing', () => {
  const line = { id: 7, groupId: 1, text: '', delta: '', done: false };
  it('keeps the waiting dots for the first line only (the id, nothing to show yet)', () => {
    expect(bringsNothing(line)).toBe(true);
    expect(bringsNothing({ ...line, text: 'H', delta: 'H' })).toBe(false);
    expect(bringsNothing({ ...line, reasoning: 'Hm', reasoningDelta: 'Hm' })).toBe(false);
    expect(bringsNothing({ ...line, sources: [] })).toBe(false);
    expect(bringsNothing({ ...line, toolCalls: [] })).toBe(false);
    expect(bringsNothing({ ...line, done: true })).toBe(false);
    expect(bringsNothing({ ...line, error: 'Not enough credits' })).toBe(false);
  });
});
