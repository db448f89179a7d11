import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppSetting } from '../../stores/app-setting';
import { MessageItem, type MessageView } from './message-item';

beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(cleanup);

const question = (imageUrl: string): MessageView => ({
  key: 'q1',
  id: 1,
  role: 'user',
  content: 'what is this?',
  imageUrl,
  files: [],
  state: 'done',
  reasoning: '',
  reasoningMs: null,
  finishReason: null,
  sources: [],
  toolCalls: [],
  error: null,
  pager: null,
});

const show = (imageUrl: string) =>
  render(
    <MessageItem
      message={question(imageUrl)}
      canRegenerate={false}
      busy={false}
      onDelete={async () => undefined}
      onRegenerate={() => undefined}
      onPreview={() => undefined}
      onEdit={() => undefined}
      onSwitch={() => undefined}
    />,
  ).container;

describe("a question's picture", () => {
  it('shows our own picture at once', () => {
    const root = show('/api/files/u/1/cat.png?exp=1&sig=x');
    expect(root.querySelector('img')?.getAttribute('src')).toBe(
      '/api/files/u/1/cat.png?exp=1&sig=x',
    );
  });

  it('loads another site’s picture only on a click (the page’s policy refuses it otherwise)', () => {
    const root = show('https://elsewhere.example/cat.png');
    expect(root.querySelector('img')).toBeNull();
    expect(screen.getByTestId('remote-image').textContent).toContain('elsewhere.example');
  });
});

describe('edit and branch', () => {
  it('pages between branches and sends an edited question', () => {
    const switched: number[] = [];
    const edited: Array<[number, string]> = [];
    render(
      <MessageItem
        message={{
          ...question(''),
          imageUrl: null,
          pager: { index: 2, count: 2, prev: 5, next: null },
        }}
        canRegenerate={false}
        busy={false}
        onDelete={async () => undefined}
        onRegenerate={() => undefined}
        onPreview={() => undefined}
        onEdit={(id, text) => edited.push([id, text])}
        onSwitch={(id) => switched.push(id)}
      />,
    );
    expect(screen.getByTestId('chat-branch-label').textContent).toBe('2/2');
    expect(screen.getByRole('button', { name: 'Next branch' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous branch' }));
    expect(switched).toEqual([5]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit the question' }), {
      target: { value: 'what is that?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(edited).toEqual([[1, 'what is that?']]);
  });
});
