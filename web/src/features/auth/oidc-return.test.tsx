import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import { OidcButtons } from './oidc-buttons';
import { finishOidcReturn, takeOidcReturn } from './oidc-return';
import { useOfferedWays } from './offered-ways';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let toasts: string[];

beforeEach(() => {
  toasts = [];
  setNotifier({
    error: (m) => toasts.push(`error:${m}`),
    success: (m) => toasts.push(`success:${m}`),
    info: () => {},
  });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  useAppSetting.setState({ language: 'en-US' });
  useAuthStore.setState({ token: null, userInfo: null, userBalance: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
  window.history.replaceState(null, '', '/');
});

describe('OpenID Connect in the browser', () => {
  it('the login dialog offers each provider and goes to its authorization URL', async () => {
    useOfferedWays.setState({ oidc: [{ slug: 'kc', name: 'Keycloak' }] });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchMock.mockResolvedValueOnce(envelope({ url: 'https://id.example.com/authorize?x=1' }));
    render(<OidcButtons />);
    fireEvent.click(screen.getByRole('button', { name: /Sign in with Keycloak/ }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://id.example.com/authorize?x=1'),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/auth/oidc/start');
    expect(JSON.parse(String(init!.body))).toEqual({ provider: 'kc' });
  });

  it('takes the ticket out of the address bar and signs in with it once', async () => {
    window.history.replaceState(null, '', '/chat#oidc=ticket-0123456789abcdefghij');
    expect(takeOidcReturn()).toBe(true);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/chat');
    fetchMock
      .mockResolvedValueOnce(envelope({ outcome: 'signed-in', token: 'session-1', created: false }))
      .mockResolvedValueOnce(
        envelope({
          userInfo: { id: 1, username: 'ada', isGuest: false },
          userBalance: { credits: 0 },
        }),
      );
    await finishOidcReturn();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/auth/oidc/finish');
    expect(JSON.parse(String(init!.body))).toMatchObject({
      ticket: 'ticket-0123456789abcdefghij',
    });
    expect(useAuthStore.getState().token).toBe('session-1');
    // Once: a second call has nothing to exchange.
    await finishOidcReturn();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says why the provider's sign-in failed", async () => {
    window.history.replaceState(null, '', '/#oidc-error=denied');
    expect(takeOidcReturn()).toBe(true);
    await finishOidcReturn();
    expect(toasts).toEqual(['error:Sign-in was cancelled at the provider']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
