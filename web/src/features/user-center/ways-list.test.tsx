import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { identity } from '@atelier/contracts';
import { loadLazyNamespaces } from '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { WaysList } from './ways-list';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

interface Call {
  path: string;
  body: unknown;
}

/** A fake server: the ways list answers `rows`; the changes answer null. */
function serve(rows: identity.LinkedWay[], email = true, oidc: identity.OfferedWays['oidc'] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (path === '/api/user/ways')
        return Promise.resolve(ok({ rows, offered: { password: true, email, oidc } }));
      // After a change the page reads the user again: the store keeps whatever it answers.
      if (path === '/api/auth/getInfo')
        return Promise.resolve(ok({ userInfo: null, userBalance: null }));
      return Promise.resolve(ok(null));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WaysList />
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

describe('sign-in ways', () => {
  it('never offers to remove the last way, and offers a password to a code account', async () => {
    const calls = serve([{ kind: 'email', label: 'a@b.c', verified: true, unlinkable: false }]);
    const remove = await screen.findByRole('button', { name: /^Remove/ });
    expect(remove).toHaveProperty('disabled', true);
    expect(screen.getByTestId('set-password')).toBeTruthy();
    expect(screen.queryByTestId('link-email')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Set a password' }));
    const field = screen.getByLabelText('New password (at least 8 characters)');
    fireEvent.change(field, { target: { value: 'first-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/password/set')?.body).toEqual({
        password: 'first-password-1',
      }),
    );
    expect(calls.some((c) => c.path === '/api/user/ways/unlink')).toBe(false);
  });

  it('removes a way only after the confirmation', async () => {
    const calls = serve([
      { kind: 'password', label: 'me', verified: true, unlinkable: true },
      { kind: 'email', label: 'a@b.c', verified: true, unlinkable: true },
    ]);
    const buttons = await screen.findAllByRole('button', { name: 'Remove' });
    fireEvent.click(buttons[0]!);
    expect(
      await screen.findByText(
        'Remove the password? You will sign in with a code mailed to your address.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/user/ways/unlink')).toBe(false);
    const confirm = screen
      .getAllByRole('button', { name: 'Remove' })
      .find((b) => b.closest('.ant-popconfirm'));
    fireEvent.click(confirm!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/ways/unlink')?.body).toEqual({
        kind: 'password',
      }),
    );
  });

  it('links an address by a mailed code', async () => {
    const calls = serve([{ kind: 'password', label: 'me', verified: true, unlinkable: false }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Link an email address' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('6-digit code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/email/link')?.body).toEqual({
        email: 'new@example.com',
        code: '123456',
      }),
    );
    expect(calls.find((c) => c.path === '/api/user/email/link/code')?.body).toEqual({
      email: 'new@example.com',
    });
  });

  it('lists a provider link, removes it by its id, and offers the providers not linked', async () => {
    const calls = serve(
      [
        { kind: 'password', label: 'me', verified: true, unlinkable: true },
        {
          kind: 'oidc',
          id: 7,
          provider: 'Keycloak',
          label: 'me@corp',
          verified: true,
          unlinkable: true,
        },
      ],
      false,
      [
        { slug: 'kc', name: 'Keycloak' },
        { slug: 'gh', name: 'GitHub' },
      ],
    );
    expect(await screen.findByText('Keycloak')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Link GitHub/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Link Keycloak/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]!);
    expect(
      await screen.findByText('Remove Keycloak? You will no longer sign in with it.'),
    ).toBeTruthy();
    const confirm = screen
      .getAllByRole('button', { name: 'Remove' })
      .find((b) => b.closest('.ant-popconfirm'));
    fireEvent.click(confirm!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/ways/unlink')?.body).toEqual({
        kind: 'oidc',
        id: 7,
      }),
    );
  });
});
