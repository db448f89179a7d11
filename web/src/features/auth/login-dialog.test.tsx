import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import LoginDialog from './login-dialog';

/** The API is the boundary: each call answers the next queued envelope, as the server would. */
const envelope = (code: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ code, success: code < 300, message, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });

const userInfo = {
  id: 7,
  username: 'ada',
  email: null,
  nickname: 'ada',
  avatar: '',
  sign: '',
  personaRole: '',
  role: 'user',
  isGuest: false,
  inviteCode: 'ABCDEFGHJK',
  createdAt: '2026-01-01T00:00:00.000Z',
  userBalance: { credits: 10, usedCredits: 0, hh_vip_time: null, isVip: false },
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let toasts: string[];
const sent = (i: number) => {
  const [url, init] = fetchMock.mock.calls[i]!;
  return { url: String(url), body: JSON.parse(String(init!.body)) as Record<string, unknown> };
};
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

beforeEach(() => {
  toasts = [];
  setNotifier({
    error: (m) => toasts.push(`error:${m}`),
    success: (m) => toasts.push(`success:${m}`),
    info: () => {},
  });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  useAppSetting.setState({ language: 'zh-CN' });
  useAuthStore.setState({ token: null, userInfo: null, userBalance: null });
  useDialogs.getState().open('login');
  render(<LoginDialog />);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('login dialog', () => {
  it('names each missing field in the user language and sends nothing', async () => {
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名或邮箱')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(field('login-username')));
  });

  it('keeps what was typed and marks the field the server names', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(400, { errors: [{ field: 'password', message: 'wrong' }] }, '用户名或密码错误'),
    );
    type('login-username', 'ada');
    type('login-password', 'not-it');
    fireEvent.submit(field('login-password').closest('form')!);
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(field('login-username').value).toBe('ada');
    expect(field('login-password').value).toBe('not-it');
    expect(field('login-password').getAttribute('aria-invalid')).toBe('true');
    expect(useAuthStore.getState().token).toBeNull();
    expect(useDialogs.getState().flags.login).toBe(true);
  });

  it('signs in: saves the token, loads the account, closes and confirms', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(200, { token: 'session-token' }))
      .mockResolvedValueOnce(envelope(200, { userInfo, userBalance: userInfo.userBalance }));
    type('login-username', ' ada ');
    type('login-password', 'secret-password');
    fireEvent.submit(field('login-password').closest('form')!);
    await waitFor(() => expect(useDialogs.getState().flags.login).toBe(false));
    expect(sent(0)).toEqual({
      url: '/api/auth/login',
      body: { username: 'ada', password: 'secret-password' },
    });
    expect(useAuthStore.getState().token).toBe('session-token');
    expect(localStorage.getItem('SECRET_TOKEN')).toBe('session-token');
    expect(useAuthStore.getState().userInfo?.username).toBe('ada');
    expect(toasts).toContain('success:登录成功');
  });

  it('registers with the kept invite code, after checking the password', async () => {
    localStorage.setItem('invitedBy', 'INVITE123');
    fireEvent.click(screen.getByRole('tab', { name: '注册' }));
    await act(async () => {});
    type('register-username', 'grace');
    type('register-password', 'short');
    type('register-confirm', 'short');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('密码至少需要 8 位')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(envelope(200, { token: 'new-token' })).mockResolvedValueOnce(
      envelope(200, {
        userInfo: { ...userInfo, username: 'grace' },
        userBalance: userInfo.userBalance,
      }),
    );
    type('register-password', 'long-enough-1');
    type('register-confirm', 'long-enough-1');
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('new-token'));
    expect(sent(0)).toEqual({
      url: '/api/auth/register',
      body: { username: 'grace', password: 'long-enough-1', invitedBy: 'INVITE123' },
    });
    expect(toasts).toContain('success:注册成功');
  });

  it('closes the "not enough credits" dialog once the new account has credits', async () => {
    useDialogs.getState().open('passiveGoods');
    fetchMock
      .mockResolvedValueOnce(envelope(200, { token: 'rich-token' }))
      .mockResolvedValueOnce(envelope(200, { userInfo, userBalance: userInfo.userBalance }));
    type('login-username', 'ada');
    type('login-password', 'secret-password');
    fireEvent.submit(field('login-password').closest('form')!);
    await waitFor(() => expect(useDialogs.getState().flags.login).toBe(false));
    expect(useDialogs.getState().flags.passiveGoods).toBe(false);
  });

  it('keeps it open when the account has no credits either', async () => {
    useDialogs.getState().open('passiveGoods');
    const broke = { ...userInfo.userBalance, credits: 0 };
    fetchMock
      .mockResolvedValueOnce(envelope(200, { token: 'broke-token' }))
      .mockResolvedValueOnce(
        envelope(200, { userInfo: { ...userInfo, userBalance: broke }, userBalance: broke }),
      );
    type('login-username', 'ada');
    type('login-password', 'secret-password');
    fireEvent.submit(field('login-password').closest('form')!);
    await waitFor(() => expect(useDialogs.getState().flags.login).toBe(false));
    expect(useDialogs.getState().flags.passiveGoods).toBe(true);
    useDialogs.getState().close('passiveGoods');
  });
});
