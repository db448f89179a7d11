import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppSetting } from '../../stores/app-setting';
import { useDialogs } from '../../stores/dialogs';
import { serveList } from '../../test/serve-list';
import NoticeDialog from './notice-dialog';

const notice = (updatedAt: string) => ({
  id: 1,
  siteId: null,
  kind: 'notice',
  title: { 'en-US': 'Welcome', 'zh-CN': '欢迎', 'zh-TW': '歡迎' },
  content: { 'en-US': 'Hello there', 'zh-CN': '你好', 'zh-TW': '你好' },
  sort: 0,
  enabled: true,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt,
});

/** The server's notices: one, last edited at `updatedAt`. */
const serve = (updatedAt: string) => serveList([notice(updatedAt)]);

/** A page load: a fresh query cache, the dialog opened at start as start.ts does. */
function load() {
  cleanup();
  useDialogs.getState().open('notice');
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <NoticeDialog />
    </QueryClientProvider>,
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Welcome' });
/** The next load opened no dialog: the flag closed itself once the notices were read. */
const closedUnseen = async () => {
  await waitFor(() => expect(useDialogs.getState().flags.notice).toBe(false));
  expect(dialog()).toBeNull();
};

beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useDialogs.getState().close('notice');
});

describe('the welcome notice', () => {
  it('stays closed after "Got it" until the notice is edited', async () => {
    serve('2026-03-01T08:00:00.000Z');
    load();
    expect(await screen.findByText('Hello there')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(useDialogs.getState().flags.notice).toBe(false));

    load();
    await closedUnseen();

    serve('2026-03-05T09:00:00.000Z');
    load();
    expect(await screen.findByText('Hello there')).toBeTruthy();
  });

  it('stays closed after ×', async () => {
    serve('2026-03-01T08:00:00.000Z');
    load();
    await screen.findByText('Hello there');
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(useDialogs.getState().flags.notice).toBe(false));
    load();
    await closedUnseen();
  });

  it('with "don\'t show again today" also holds back an edited notice today', async () => {
    serve('2026-03-01T08:00:00.000Z');
    load();
    await screen.findByText('Hello there');
    fireEvent.click(screen.getByRole('checkbox', { name: "Don't show again today" }));
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    serve('2026-03-05T09:00:00.000Z');
    load();
    await closedUnseen();
  });

  it('takes focus, keeps Tab inside and closes with Escape like a modal', async () => {
    serve('2026-03-01T08:00:00.000Z');
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    load();
    await screen.findByText('Hello there');
    const box = screen.getByRole('dialog', { name: 'Welcome' });
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(box);
    const ok = screen.getByRole('button', { name: 'Got it' });
    ok.focus();
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /close/i }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(useDialogs.getState().flags.notice).toBe(false));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('renders the welcome notice’s markdown at once, without the markdown renderer', () => {
    serveList([
      {
        ...notice('2026-03-01T08:00:00.000Z'),
        content: { 'en-US': 'Hi.\n\n- **New here?** Try it', 'zh-CN': '你好', 'zh-TW': '你好' },
      },
    ]);
    load();
    return waitFor(() => {
      const bold = screen.getByText('New here?');
      expect(bold.tagName).toBe('STRONG');
      expect(bold.closest('li')).toBeTruthy();
    });
  });
});
