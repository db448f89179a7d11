import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import ProvidersSection from './section-providers';

const answer = (data: unknown, status = 200, message = '') =>
  new Response(JSON.stringify({ code: status, success: status === 200, message, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const protocols = {
  rows: [
    { protocol: 'audio-separator-cloudrun', kinds: ['separation'] },
    { protocol: 'openai', kinds: ['chat', 'image'] },
  ],
};

/** The console's server; the protocols list answers when `release` is called with an answer. */
function serve() {
  let release: (r: Response) => void = () => {};
  const pending = new Promise<Response>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.includes('/admin/providers/protocols')) return pending;
      return answer({ rows: [], count: 0 });
    }),
  );
  return (r: Response) => release(r);
}

beforeAll(() => loadLazyNamespaces());
beforeEach(() => {
  useAppSetting.setState({ language: 'en-US' });
  // An error is shown at once (the app retries a failed read once, after a delay).
  queryClient.setQueryDefaults(['admin'], { retry: false });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Opens the new provider's form; returns the dialog. */
async function openForm() {
  render(
    <QueryClientProvider client={queryClient}>
      <ProvidersSection />
    </QueryClientProvider>,
  );
  const table = await screen.findByTestId('providers-table');
  fireEvent.click(within(table).getByRole('button', { name: 'Add' }));
  return screen.findByRole('dialog');
}

describe('the provider form’s protocols', () => {
  it('say they are loading, then offer the server’s protocols with the kinds each serves', async () => {
    const release = serve();
    const dialog = await openForm();
    expect(await within(dialog).findByText('Loading the choices…')).toBeTruthy();
    release(answer(protocols));
    const select = await within(dialog).findByRole('combobox');
    await vi.waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.mouseDown(select);
    expect(await screen.findByText('audio-separator-cloudrun (separation)')).toBeTruthy();
    expect(screen.getByText('openai (chat, image)')).toBeTruthy();
  });

  it('say when the list could not be read, and why', async () => {
    const release = serve();
    const dialog = await openForm();
    release(answer(null, 500, 'The server is restarting'));
    expect(
      await within(dialog).findByText('Could not load the choices: The server is restarting'),
    ).toBeTruthy();
  });
});
