import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import LoginDialog from './login-dialog';
import { useOfferedWays } from './offered-ways';

const base = {
  password: false,
  forgot: false,
  email: false,
  phone: false,
  wechat: false,
  passkey: false,
  oidc: [] as { slug: string; name: string }[],
};

/** The tabs' names and the buttons' test ids, top to bottom as the dialog shows them. */
const shown = () =>
  [
    ...document.querySelectorAll(
      '[role="tab"], [data-testid^="oidc-"], [data-testid="passkey-sign-in"]',
    ),
  ]
    .map((el) =>
      el.getAttribute('role') === 'tab' ? `tab:${el.textContent}` : el.getAttribute('data-testid'),
    )
    .filter((x) => x !== 'oidc-buttons');
const selected = () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

beforeEach(() => {
  // Nothing reaches the server in these tests (no passkey autofill: passkeys aside).
  vi.stubGlobal('fetch', vi.fn<typeof fetch>());
  useAppSetting.setState({ language: 'en-US' });
  useAuthStore.setState({ token: null, userInfo: null, userBalance: null });
});

afterEach(() => {
  cleanup();
  act(() => useDialogs.getState().close('login'));
  vi.unstubAllGlobals();
});

const open = () => {
  render(<LoginDialog />);
  act(() => useDialogs.getState().open('login'));
};

describe("login dialog in the site's order", () => {
  it('shows only the offered ways, in their order, the first selected', () => {
    useOfferedWays.setState({
      ...base,
      order: ['phone', 'password', 'oidc:beta', 'email', 'oidc:acme'],
      password: true,
      phone: true,
      email: true,
      oidc: [
        { slug: 'beta', name: 'Beta' },
        { slug: 'acme', name: 'Acme' },
      ],
    });
    open();
    expect(shown()).toEqual([
      'tab:Phone',
      'tab:Sign in',
      'tab:Email code',
      'tab:Sign up',
      'oidc-beta',
      'oidc-acme',
    ]);
    expect(selected()).toBe('Phone');
    expect(screen.queryByText('WeChat')).toBeNull();
    expect(screen.queryByTestId('login-forgot')).toBeNull();
  });

  it('puts the buttons first when the list starts with one, and has no password tabs without it', () => {
    useOfferedWays.setState({
      ...base,
      order: ['oidc:acme', 'email'],
      email: true,
      oidc: [{ slug: 'acme', name: 'Acme' }],
    });
    open();
    expect(shown()).toEqual(['oidc-acme', 'tab:Email code']);
    expect(selected()).toBe('Email code');
  });
});
