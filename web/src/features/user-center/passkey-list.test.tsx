import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { identity } from '@atelier/contracts';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { PasskeyList } from './passkey-list';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const row = (over: Partial<identity.PasskeyRow>): identity.PasskeyRow => ({
  id: 1,
  name: 'Laptop',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
  here: true,
  unlinkable: true,
  ...over,
});

/** A fake server: the list answers `rows`; the changes answer null. */
function serve(rows: identity.PasskeyRow[], offered = true) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (path === '/api/user/passkeys') return Promise.resolve(ok({ rows, offered }));
      return Promise.resolve(ok(null));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PasskeyList />
    </QueryClientProvider>,
  );
  return calls;
}

beforeAll(() => loadLazyNamespaces());
beforeEach(() => useAppSetting.setState({ language: 'en-US' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('passkeys in the sign-in ways', () => {
  it('never offers to remove the last way, and marks a passkey of another site', async () => {
    serve([row({ unlinkable: false }), row({ id: 2, name: 'Old', here: false, backedUp: true })]);
    await screen.findByText('Laptop');
    const removes = screen.getAllByRole('button', { name: /^Remove/ });
    expect(removes[0]).toHaveProperty('disabled', true);
    expect(removes[0]!.getAttribute('aria-label')).toMatch(/only way left/);
    expect(removes[1]).toHaveProperty('disabled', false);
    expect(screen.getByText('Another site')).toBeTruthy();
    expect(screen.getByText('Synced')).toBeTruthy();
  });

  it('asks before removing, and renames', async () => {
    const calls = serve([row({})]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(calls.some((c) => c.path === '/api/user/passkeys/delete')).toBe(false);
    const confirm = await screen.findByText(
      'Remove this passkey? You will no longer sign in with it.',
    );
    expect(confirm).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Remove' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/passkeys/delete')?.body).toEqual({ id: 1 }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('A name, e.g. My laptop');
    fireEvent.change(field, { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/passkeys/rename')?.body).toEqual({
        id: 1,
        name: 'Work laptop',
      }),
    );
  });

  it('shows nothing where the site allows no passkeys and the account has none', async () => {
    const calls = serve([], false);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/passkeys')).toBe(true));
    expect(screen.queryByTestId('passkeys')).toBeNull();
  });
});
