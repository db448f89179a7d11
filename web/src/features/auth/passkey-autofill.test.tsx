import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import LoginDialog from './login-dialog';
import { useOfferedWays } from './offered-ways';

/**
 * The browser is the boundary: a WebAuthn browser that supports conditional mediation, whose
 * `navigator.credentials.get()` waits (as for a user who has not picked a passkey yet) until
 * its signal aborts; the server answers the sign-in options.
 */
const options = { challenge: 'Y2hhbGxlbmdlLWZvci10ZXN0cw', rpId: 'localhost', timeout: 300000 };
let requests: CredentialRequestOptions[];

beforeEach(() => {
  requests = [];
  class FakePublicKeyCredential {
    static isConditionalMediationAvailable = () => Promise.resolve(true);
  }
  vi.stubGlobal('PublicKeyCredential', FakePublicKeyCredential);
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      get: (request: CredentialRequestOptions) => {
        requests.push(request);
        return new Promise((_, reject) =>
          request.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          ),
        );
      },
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 200, success: true, message: '', data: { options } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  useAppSetting.setState({ language: 'en-US' });
  useAuthStore.setState({ token: null, userInfo: null, userBalance: null });
  useOfferedWays.setState({
    order: ['password', 'phone', 'passkey'],
    password: true,
    forgot: false,
    email: false,
    phone: true,
    wechat: false,
    passkey: true,
    oidc: [],
  });
  render(<LoginDialog />);
  act(() => useDialogs.getState().open('login'));
});

afterEach(() => {
  cleanup();
  act(() => useDialogs.getState().close('login'));
  vi.unstubAllGlobals();
});

describe('passkeys in the sign-in form autofill', () => {
  it('waits for a pick through conditional mediation, and stops when the dialog closes', async () => {
    const field = document.getElementById('login-username') as HTMLInputElement;
    expect(field.getAttribute('autocomplete')).toBe('username webauthn');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.mediation).toBe('conditional');
    // One challenge asked for the opening.
    expect(vi.mocked(fetch).mock.calls).toHaveLength(1);
    expect(requests[0]!.signal?.aborted).toBe(false);
    act(() => useDialogs.getState().close('login'));
    await waitFor(() => expect(requests[0]!.signal?.aborted).toBe(true));
  });

  it('begins again when the dialog is opened again, the request of before ended first', async () => {
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => useDialogs.getState().close('login'));
    await waitFor(() => expect(requests[0]!.signal?.aborted).toBe(true));
    act(() => useDialogs.getState().open('login'));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.mediation).toBe('conditional');
    expect(requests[1]!.signal?.aborted).toBe(false);
    // One challenge per opening; and a third opening still begins one.
    expect(vi.mocked(fetch).mock.calls).toHaveLength(2);
    act(() => useDialogs.getState().close('login'));
    act(() => useDialogs.getState().open('login'));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[1]!.signal?.aborted).toBe(true);
    expect(requests[2]!.signal?.aborted).toBe(false);
  });

  it('stops when another way is chosen', async () => {
    await waitFor(() => expect(requests).toHaveLength(1));
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    await waitFor(() => expect(requests[0]!.signal?.aborted).toBe(true));
  });
});
