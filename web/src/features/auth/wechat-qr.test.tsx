import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Loaded here so that the api file's dynamic import of the contracts resolves at once.
import '@atelier/contracts';
import '../../i18n';
import { setNotifier } from '../../lib/notify';
import { useAppSetting } from '../../stores/app-setting';
import { useAuthStore } from '../../stores/auth';
import { POLL_MS, WechatQr } from './wechat-qr';

const envelope = (code: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ code, success: code < 300, message, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });
const qr = {
  image: 'data:image/png;base64,iVBORw0KGgo=',
  key: 'k'.repeat(43),
  expiresInSeconds: 300,
};
const userBalance = { credits: 10, usedCredits: 0, hh_vip_time: null, isVip: false };
const userInfo = {
  id: 9,
  username: 'wechat_1234',
  email: null,
  nickname: 'wechat_1234',
  avatar: '',
  sign: '',
  personaRole: '',
  role: 'user',
  isGuest: false,
  inviteCode: 'ABCDEFGHJK',
  createdAt: '2026-01-01T00:00:00.000Z',
  userBalance,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
/** The server: a QR code, then `polls` answers in turn, then the account. */
const serve = (polls: unknown[]) =>
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.includes('/auth/wechat/qr') || path.includes('/user/wechat/qr'))
      return envelope(200, qr);
    if (path.includes('/auth/wechat/poll'))
      return envelope(200, polls.length > 1 ? polls.shift() : polls[0]);
    if (path.includes('/auth/getInfo')) return envelope(200, { userInfo, userBalance });
    return envelope(404, null, 'unexpected');
  });
const polls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/wechat/poll')).length;
/**
 * Moves the clock by `ms`, then lets the answers the page waits on arrive (a bounded loop of
 * real turns: the contracts' import and the mocked fetch resolve outside the faked timers).
 */
const tick = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 30; i++) await act(() => new Promise<void>((r) => setImmediate(r)));
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  setNotifier({ error: () => {}, success: () => {}, info: () => {} });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  useAppSetting.setState({ language: 'en-US' });
  useAuthStore.setState({ token: null, userInfo: null, userBalance: null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('WeChat QR code', () => {
  it('polls every 2 s until the scan, then signs in and closes', async () => {
    serve([
      { status: 'waiting' },
      { status: 'waiting' },
      { status: 'signed-in', token: 'wx-token', created: true },
    ]);
    const done = vi.fn();
    render(<WechatQr purpose="sign-in" active onDone={done} />);
    await tick(0);
    expect(screen.getByTestId('wechat-qr-image').getAttribute('src')).toBe(qr.image);
    expect(polls()).toBe(0);
    await tick(POLL_MS);
    expect(polls()).toBe(1);
    await tick(POLL_MS);
    expect(polls()).toBe(2);
    await tick(POLL_MS);
    expect(polls()).toBe(3);
    expect(useAuthStore.getState().token).toBe('wx-token');
    expect(done).toHaveBeenCalledTimes(1);
    await tick(POLL_MS * 3);
    expect(polls()).toBe(3);
  });

  it('stops polling when its dialog closes', async () => {
    serve([{ status: 'waiting' }]);
    const view = render(<WechatQr purpose="link" active onDone={() => {}} />);
    await tick(POLL_MS);
    expect(polls()).toBe(1);
    view.rerender(<WechatQr purpose="link" active={false} onDone={() => {}} />);
    await tick(POLL_MS * 5);
    expect(polls()).toBe(1);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/user/wechat/qr'))).toBe(true);
  });

  it('says when the QR code expired and asks for a new one', async () => {
    serve([{ status: 'expired' }, { status: 'waiting' }]);
    render(<WechatQr purpose="sign-in" active onDone={() => {}} />);
    await tick(POLL_MS);
    expect(screen.getByRole('status').textContent).toBe('This QR code has expired');
    fireEvent.click(screen.getByTestId('wechat-qr-again'));
    await tick(0);
    expect(screen.getByTestId('wechat-qr-image')).toBeTruthy();
    const asked = fetchMock.mock.calls.filter(([u]) => String(u).includes('/auth/wechat/qr'));
    expect(asked).toHaveLength(2);
  });

  it('tells the user when the WeChat account is linked elsewhere', async () => {
    serve([{ status: 'taken' }]);
    const done = vi.fn();
    render(<WechatQr purpose="link" active onDone={done} />);
    await tick(POLL_MS);
    expect(screen.getByRole('status').textContent).toMatch(/linked to another account/);
    expect(done).not.toHaveBeenCalled();
  });
});
