import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLazyNamespaces } from '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import UserCenterScreen from './user-center-screen';

const balance = { credits: 42, usedCredits: 0, hh_vip_time: null, isVip: false };
const infoOf = (role: 'user' | 'admin', username: string | null = 'ada') => ({
  id: 7,
  username,
  email: null,
  nickname: username ?? 'guest',
  avatar: '',
  sign: '',
  personaRole: '',
  role,
  isGuest: username === null,
  inviteCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  userBalance: balance,
});

/** `/auth/getInfo` as the server answers it. */
const answerInfo = (role: 'user' | 'admin') =>
  new Response(
    JSON.stringify({
      code: 200,
      success: true,
      message: '',
      data: { userInfo: infoOf(role), userBalance: balance },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

const renderScreen = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <UserCenterScreen />
    </QueryClientProvider>,
  );

beforeAll(() => loadLazyNamespaces());

beforeEach(() => {
  setNotifier({ error: () => {}, success: () => {}, info: () => {} });
  useAppSetting.setState({ language: 'en-US' });
  useAuthStore.setState({ token: null, userInfo: null, userBalance: null });
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('user centre', () => {
  it('shows a guest the sign-in prompt and settings, no account parts', () => {
    useAuthStore.setState({ userInfo: infoOf('user', null) as never });
    renderScreen();
    expect(screen.getByTestId('guest-prompt')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bind a username' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Login devices' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Password' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Advanced' }));
    expect(screen.queryByText('Not configured')).toBeNull();
  });

  it.each([
    ['user', 0],
    ['admin', 6],
  ] as const)('a signed-in %s sees %i read-only provider rows', async (role, rows) => {
    useAuthStore.setState({ token: 'session' });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answerInfo(role)));
    renderScreen();
    expect(await screen.findByTestId('center-name')).toBeTruthy();
    expect(screen.getByTestId('center-credits').textContent).toBe('42');
    fireEvent.click(screen.getByRole('tab', { name: 'Advanced' }));
    expect(screen.queryAllByText('Not configured')).toHaveLength(rows);
    expect(!!screen.queryByText('Reverse proxy')).toBe(rows > 0);
  });
});
