import { auth, endpoint, type sites } from '@atelier/contracts';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { setNotifier } from '../lib/notify';
import { useAppSetting } from '../stores/app-setting';
import { useAuthStore } from '../stores/auth';
import { useDialogs } from '../stores/dialogs';
import {
  ApiError,
  api,
  apiData,
  apiStream,
  holdCallsUntil,
  resetUnauthorizedThrottle,
} from './client';

const chatList = endpoint({
  method: 'GET',
  path: '/chatlog/chatList',
  access: 'identity',
  summary: 'test',
  tags: [],
  query: z.object({ groupId: z.number() }),
  data: z.unknown(),
});
const chatProcess = endpoint({
  method: 'POST',
  path: '/chatgpt/chat-process',
  access: 'identity',
  summary: 'test',
  tags: [],
  body: z.object({ prompt: z.string() }),
  data: z.unknown(),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const envelope = (code: number, data: unknown, message = '', success = code < 300) =>
  json(code, { code, success, message, data });

let errors: string[];
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const answer = (...responses: Response[]) => {
  for (const r of responses) fetchMock.mockResolvedValueOnce(r);
};
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

beforeEach(() => {
  errors = [];
  setNotifier({ error: (m) => errors.push(m), success: () => {}, info: () => {} });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  resetUnauthorizedThrottle();
  useDialogs.setState({
    flags: Object.fromEntries(
      Object.keys(useDialogs.getState().flags).map((k) => [k, false]),
    ) as never,
  });
  useAuthStore.setState({ token: null, guestid: null, aboutList: [] });
  useAppSetting.setState({ language: 'zh-CN' });
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNotifier(null);
});

describe('requests', () => {
  it('sends GET query params, the Bearer token and X-Lang', async () => {
    useAuthStore.getState().setToken('tok');
    useAppSetting.setState({ language: 'en-US' });
    answer(envelope(200, { rows: [] }));
    const res = await api(chatList, { query: { groupId: 7 } });
    expect(res).toEqual({ code: 200, success: true, message: '', data: { rows: [] } });
    const req = lastRequest();
    expect(req.url).toBe('/api/chatlog/chatList?groupId=7');
    expect(req.init.method).toBe('GET');
    expect(req.init.body).toBeUndefined();
    expect(req.headers.Authorization).toBe('Bearer tok');
    expect(req.headers.Guestid).toBeUndefined();
    expect(req.headers['X-Lang']).toBe('en-US');
  });

  it('sends POST JSON with the guest id while signed out', async () => {
    useAuthStore.getState().setGuestId('0b8a3c52-1111-4222-8333-444455556666');
    answer(envelope(201, { guestId: 'g', created: true }));
    const data = await apiData(auth.createGuest, {
      body: { guest_id: '0b8a3c52-1111-4222-8333-444455556666' },
    });
    expect(data).toEqual({ guestId: 'g', created: true });
    const req = lastRequest();
    expect(req.url).toBe('/api/user/createGuest');
    expect(req.init.method).toBe('POST');
    expect(JSON.parse(String(req.init.body))).toEqual({
      guest_id: '0b8a3c52-1111-4222-8333-444455556666',
    });
    expect(req.headers['Content-Type']).toBe('application/json');
    expect(req.headers.Authorization).toBe('Guestid 0b8a3c52-1111-4222-8333-444455556666');
    expect(req.headers.Guestid).toBe('0b8a3c52-1111-4222-8333-444455556666');
  });

  it('accepts an answer without a code', async () => {
    answer(json(200, { data: 5 }));
    await expect(apiData(auth.currentUser)).resolves.toBe(5);
  });

  it('turns a network failure into ApiError(0) with a message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ status: 0 });
    expect(errors).toEqual(['网络连接失败，请检查网络后重试']);
  });

  it('aborts after the timeout', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted'))),
        ),
    );
    await expect(api(auth.currentUser, { timeout: 20 })).rejects.toMatchObject({ status: 0 });
    expect(errors).toEqual(['请求超时，请稍后再试']);
  });
});

describe('a first-time guest', () => {
  it('holds calls that need an identity until its registration settles; public ones go at once', async () => {
    let registered!: () => void;
    holdCallsUntil(new Promise<void>((resolve) => (registered = resolve)));
    answer(envelope(200, { rows: [] }), envelope(201, { guestId: 'g', created: true }));
    const list = api(chatList, { query: { groupId: 1 } });
    const guest = api(auth.createGuest, { body: { guest_id: 'g' } });
    await guest;
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/user/createGuest']);
    registered();
    await list;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastRequest().url).toBe('/api/chatlog/chatList?groupId=1');
  });

  it('lets calls through when the registration failed', async () => {
    holdCallsUntil(Promise.reject(new Error('offline')));
    answer(envelope(200, 1));
    await expect(apiData(auth.currentUser)).resolves.toBe(1);
  });
});

describe('401', () => {
  it('removes the token, opens the login dialog and shows the server message', async () => {
    useAuthStore.getState().setToken('old');
    answer(envelope(401, null, '登录已过期'));
    const error = await api(auth.currentUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('SECRET_TOKEN')).toBeNull();
    expect(useDialogs.getState().flags.login).toBe(true);
    expect(useAuthStore.getState().loginDialog).toBe(true);
    expect(errors).toEqual(['登录已过期']);
  });

  it('falls back to 请先登录 and shows it once for calls failing together, again after 3 s', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    answer(json(401, {}), json(401, {}), json(401, {}));
    const results = await Promise.allSettled([
      api(auth.currentUser),
      api(auth.currentUser),
      api(auth.currentUser),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(errors).toEqual(['请先登录']);
    now += 2_999;
    answer(json(401, {}));
    await api(auth.currentUser).catch(() => undefined);
    expect(errors).toHaveLength(1);
    now += 1;
    answer(json(401, {}));
    await api(auth.currentUser).catch(() => undefined);
    expect(errors).toEqual(['请先登录', '请先登录']);
  });

  it('only removes the token for the chat list and group query', async () => {
    useAuthStore.getState().setToken('old');
    answer(envelope(401, null, 'no'));
    await expect(api(chatList, { query: { groupId: 1 } })).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().token).toBeNull();
    expect(useDialogs.getState().flags.login).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a quiet call only removes the token', async () => {
    useAuthStore.getState().setToken('old');
    answer(envelope(401, null, 'no'));
    await expect(api(auth.currentUser, { quietUnauthorized: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(useAuthStore.getState().token).toBeNull();
    expect(useDialogs.getState().flags.login).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a body code 401 removes the token and reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    useAuthStore.getState().setToken('old');
    answer(json(200, { code: 401, success: false, message: 'expired', data: null }));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ code: 401 });
    expect(useAuthStore.getState().token).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('430 not enough credits', () => {
  const domain = { domain: 'localhost', recharge: 1 as const };
  const about = (d: { domain: string; recharge: 1 | 2 }): sites.AboutEntry => ({
    ...d,
    siteName: 'AI',
    code: '',
    appName: 'AI',
    appLogo: '',
    appIco: '',
    contents: { 'en-US': '', 'zh-CN': '', 'zh-TW': '' },
    pay: true,
    menu: true,
    index_path: '/Midjourney',
  });

  it('shows the message and opens the passive purchase dialog in purchase mode', async () => {
    vi.spyOn(browser, 'host').mockReturnValue('localhost:3000');
    vi.spyOn(browser, 'pathname').mockReturnValue('/Midjourney');
    useAuthStore.setState({ aboutList: [about(domain)] });
    answer(envelope(430, null, '积分不足'));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ status: 430 });
    expect(errors).toEqual(['积分不足']);
    expect(useDialogs.getState().flags.passiveGoods).toBe(true);
    expect(useDialogs.getState().flags.goods).toBe(false);
  });

  it('opens the goods dialog on the music index', async () => {
    vi.spyOn(browser, 'host').mockReturnValue('localhost:3000');
    vi.spyOn(browser, 'pathname').mockReturnValue('/music');
    useAuthStore.setState({ aboutList: [about(domain)] });
    answer(envelope(430, null, ''));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ status: 430 });
    expect(errors).toEqual(['请求接口错误']);
    expect(useDialogs.getState().flags.goods).toBe(true);
  });

  it('opens the redemption dialog in redemption mode, silently when success is not false', async () => {
    vi.spyOn(browser, 'host').mockReturnValue('b.example');
    useAuthStore.setState({
      aboutList: [about(domain), about({ domain: 'b.example', recharge: 2 as const })],
    });
    answer(json(430, { code: 430, message: 'x' }));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ status: 430 });
    expect(errors).toEqual([]);
    expect(useDialogs.getState().flags.redemption).toBe(true);
    expect(useDialogs.getState().flags.passiveGoods).toBe(false);
  });
});

describe('403 asking a captcha', () => {
  it('solves the challenge without a toast and asks once more with X-Captcha', async () => {
    answer(
      envelope(403, { captcha: { challenge: 'c0ffee.9999999999999.8.sig', bits: 8 } }, 'check'),
      envelope(200, { ok: true }),
    );
    await expect(apiData(chatProcess, { body: { prompt: 'x' } })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const header = lastRequest().headers['X-Captcha'] ?? '';
    expect(header).toMatch(/^c0ffee\.9999999999999\.8\.sig\.\d+$/);
    expect(errors).toEqual([]);
    // The proof of work loads no third-party script.
    expect(document.querySelector('script[data-captcha]')).toBeNull();
  });

  it('shows a second refusal and does not loop', async () => {
    const ask = envelope(403, { captcha: { challenge: 'ab.1.4.sig', bits: 4 } }, 'check');
    answer(ask, envelope(403, { captcha: { challenge: 'cd.1.4.sig', bits: 4 } }, 'still'));
    await expect(api(chatProcess, { body: { prompt: 'x' } })).rejects.toMatchObject({
      status: 403,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(errors).toEqual(['still']);
  });
});

describe('other answers', () => {
  it('returns a 420 notice as is, without a toast', async () => {
    answer(envelope(420, { day: 1 }, '今日已签到'));
    const res = await api(auth.currentUser);
    expect(res).toEqual({ code: 420, success: false, message: '今日已签到', data: { day: 1 } });
    expect(errors).toEqual([]);
    answer(envelope(420, null, '今日已签到'));
    await expect(apiData(auth.currentUser)).rejects.toMatchObject({ status: 420 });
    expect(errors).toEqual([]);
  });

  it('shows the server message of another failure and throws with the status', async () => {
    answer(envelope(500, null, 'upstream down'));
    await expect(api(auth.currentUser)).rejects.toMatchObject({
      status: 500,
      message: 'upstream down',
    });
    answer(new Response('not json', { status: 404 }));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ status: 404 });
    answer(envelope(202, null, 'accepted'));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ status: 202 });
    expect(errors).toEqual(['upstream down', '请求接口错误', 'accepted']);
  });

  it('rejects a 200 answer whose body code is outside 200–299', async () => {
    answer(json(200, { code: 500, success: false, message: 'bad', data: null }));
    await expect(api(auth.currentUser)).rejects.toMatchObject({ status: 200, code: 500 });
    expect(errors).toEqual(['bad']);
  });
});

describe('streaming', () => {
  it('hands over each newline-delimited JSON line, across chunk boundaries', async () => {
    const encoder = new TextEncoder();
    const chunks = ['{"text":"He', 'llo"}\n{"text":"Hello', ' world"}\n', '{"done":true}'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        controller.close();
      },
    });
    answer(
      new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    );
    const lines: unknown[] = [];
    await apiStream(chatProcess, { body: { prompt: 'hi' }, onLine: (l) => lines.push(l) });
    expect(lines).toEqual([{ text: 'Hello' }, { text: 'Hello world' }, { done: true }]);
  });

  it('stops reading and cancels the body when the caller aborts mid-stream', async () => {
    const encoder = new TextEncoder();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"text":"He"}\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    answer(
      new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    );
    const controller = new AbortController();
    const lines: unknown[] = [];
    const reading = apiStream(chatProcess, {
      body: { prompt: 'hi' },
      signal: controller.signal,
      onLine: (l) => {
        lines.push(l);
        controller.abort();
      },
    });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(lines).toEqual([{ text: 'He' }]);
    expect(cancelled).toBe(true);
  });

  it('runs an error answer through the catalogue', async () => {
    answer(envelope(430, null, '积分不足'));
    await expect(
      apiStream(chatProcess, { body: { prompt: 'hi' }, onLine: () => undefined }),
    ).rejects.toMatchObject({ status: 430 });
    expect(useDialogs.getState().flags.passiveGoods).toBe(true);
  });
});
