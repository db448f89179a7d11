import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { useDialogs } from '../../stores/dialogs';
import { usePromptStore } from '../../stores/prompt-store';
import { ChatInput } from './chat-input';
import type { useModelChoice } from './use-model-choice';

const demoModel = {
  id: 1,
  name: 'Offline demo',
  kind: 'chat' as const,
  priceKey: 'demo-chat:chat',
  unit: '1k_tokens' as const,
  credits: 1,
  inputPer1k: 1,
  outputPer1k: 2,
  vision: false,
  contextWindow: 8192,
  maxOutput: 1024,
  vipOnly: false,
  demo: true,
};

const models: ReturnType<typeof useModelChoice> = {
  platform: [demoModel],
  mine: [],
  choice: { kind: 'model', id: 1 },
  setChoice: () => {},
  info: { name: 'Offline demo', vision: false, demo: true },
  priced: demoModel,
  loading: false,
  failed: false,
};

function Harness({ onSend }: { onSend: (prompt: string) => void }) {
  const [value, setValue] = useState('');
  const [client] = useState(() => new QueryClient());
  return (
    // The attachment upload is a mutation, so the input needs a query client.
    <QueryClientProvider client={client}>
      <ChatInput
        value={value}
        onChange={setValue}
        placeholder="Ask"
        streaming={false}
        models={models}
        modelLocked={null}
        onSend={onSend}
        onStop={() => {}}
      />
    </QueryClientProvider>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Message' });
const type = (value: string) => fireEvent.change(field(), { target: { value } });

beforeAll(() => loadLazyNamespaces());

beforeEach(() => {
  useAppSetting.setState({ language: 'en-US' });
  usePromptStore.setState({
    promptList: [
      { title: 'Translator', content: 'Translate into English:' },
      { title: 'Poet', content: 'Write a poem, then translate it' },
      { title: 'Coder', content: 'Write code' },
    ],
  });
});

afterEach(() => cleanup());

describe('ChatInput', () => {
  it('shows what a message costs beside the send button before anything is sent', () => {
    render(<Harness onSend={() => {}} />);
    const price = screen.getByTestId('chat-price');
    expect(price.textContent).toBe('Credits per answer: from 1');
    expect(price.getAttribute('aria-label')).toBe(
      'Credits per 1,000 tokens: 1 read, 2 written; at least 1 an answer',
    );
  });

  it('sends on Enter, breaks the line on Shift+Enter, and waits while an IME composes', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    type('  hello  ');
    fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(field(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(field(), { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello', null, []);
  });

  it('does not send an empty message', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    type('   ');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('/ opens the prompt menu; arrows move, Enter fills the input, Escape closes', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    type('/transl');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'TranslatorTranslate into English:',
      'PoetWrite a poem, then translate it',
    ]);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect((field() as HTMLTextAreaElement).value).toBe('Write a poem, then translate it');
    expect(screen.queryByRole('listbox')).toBeNull();

    type('/co');
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('/ with no prompts at all says so and offers to import the built-in ones', () => {
    usePromptStore.setState({ promptList: [] });
    render(<Harness onSend={() => {}} />);
    type('/');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('You have no prompts yet');
    fireEvent.click(screen.getByRole('button', { name: /Import built-in prompts/ }));
    expect(useDialogs.getState().flags.promptStore).toBe(true);
    expect(useDialogs.getState().props.promptStore).toEqual({ tab: 'online' });
    // With prompts but no match, the menu says nothing matches (no import offer).
    usePromptStore.setState({ promptList: [{ title: 'Coder', content: 'Write code' }] });
    type('/zzz');
    expect(screen.getByRole('listbox').textContent).toBe('No prompt in the store matches');
    expect(screen.queryByRole('button', { name: /Import built-in prompts/ })).toBeNull();
  });

  it('opens the prompt store dialog', () => {
    render(<Harness onSend={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Prompt store' }));
    expect(useDialogs.getState().flags.promptStore).toBe(true);
  });
});
