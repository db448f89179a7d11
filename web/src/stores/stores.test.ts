import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../lib/notify';
import { initStorageDefaults, storageKeys } from '../lib/storage-keys';
import { useAppSetting } from './app-setting';
import { isSignedIn, useAuthStore } from './auth';
import { useChatStorage } from './chat-storage';
import { useDialogs } from './dialogs';
import { defaultSystemMessage, useSettingsStorage } from './settings-storage';
import { useShared } from './shared';

const stored = (key: string) =>
  JSON.parse(localStorage.getItem(key) ?? 'null') as {
    state: Record<string, unknown>;
  } | null;

beforeEach(() => {
  localStorage.clear();
  // Each test starts from what a visitor with nothing saved has, whatever ran before it.
  useAppSetting.setState(useAppSetting.getInitialState(), true);
  useChatStorage.setState(useChatStorage.getInitialState(), true);
  useSettingsStorage.setState(useSettingsStorage.getInitialState(), true);
  localStorage.clear();
});

describe('persisted stores', () => {
  it('persist under the spec keys, as plain JSON', () => {
    useAppSetting.getState().setSiderCollapsed(true);
    useChatStorage.getState().setGroupKeyWord('draw');
    useSettingsStorage.getState().setSystemMessage('Be brief.');
    expect(stored(storageKeys.appSetting)?.state).toEqual({
      siderCollapsed: true,
      theme: 'dark',
      language: 'zh-CN',
      languageChosen: false,
    });
    expect(stored(storageKeys.chatStorage)?.state).toMatchObject({
      usingContext: true,
      groupKeyWord: 'draw',
      groupList: [],
      chatList: [],
      active: null,
    });
    expect(stored(storageKeys.settingsStorage)?.state).toEqual({ systemMessage: 'Be brief.' });
  });

  it('forces the theme back to dark when the app setting is read at start', async () => {
    localStorage.setItem(
      storageKeys.appSetting,
      JSON.stringify({
        state: { theme: 'light', language: 'en-US', siderCollapsed: true },
        version: 0,
      }),
    );
    await useAppSetting.persist.rehydrate();
    expect(useAppSetting.getState()).toMatchObject({
      theme: 'dark',
      language: 'en-US',
      siderCollapsed: true,
    });
  });

  it("applies the site's language until the visitor picks one", () => {
    useAppSetting.setState({ language: 'zh-CN', languageChosen: false });
    useAppSetting.getState().applySiteLanguage('en-US');
    expect(useAppSetting.getState()).toMatchObject({ language: 'en-US', languageChosen: false });
    useAppSetting.getState().setLanguage('zh-TW');
    useAppSetting.getState().applySiteLanguage('en-US');
    expect(useAppSetting.getState()).toMatchObject({ language: 'zh-TW', languageChosen: true });
    expect(stored(storageKeys.appSetting)?.state).toMatchObject({
      language: 'zh-TW',
      languageChosen: true,
    });
  });

  it('counts a language saved before the choice was recorded as chosen unless it is the default', async () => {
    const rehydrate = async (language: string) => {
      localStorage.setItem(
        storageKeys.appSetting,
        JSON.stringify({ state: { theme: 'dark', language, siderCollapsed: false }, version: 0 }),
      );
      await useAppSetting.persist.rehydrate();
      useAppSetting.getState().applySiteLanguage('zh-TW');
      return useAppSetting.getState().language;
    };
    expect(await rehydrate('en-US')).toBe('en-US');
    expect(await rehydrate('zh-CN')).toBe('zh-TW');
  });

  it('has the spec defaults', () => {
    useSettingsStorage.getState().reset();
    expect(useSettingsStorage.getState().systemMessage).toBe(defaultSystemMessage);
    expect(defaultSystemMessage).toMatch(/instructions carefully/);
    expect(defaultSystemMessage).toMatch(/markdown/);
    expect(useShared.getState()).toMatchObject({ payWay: 'wechat', pageSize: 12 });
    let cookie = '';
    initStorageDefaults((v) => (cookie = v));
    expect(localStorage.getItem('model')).toBe('3');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(cookie).toBe('dark');
  });
});

describe('auth store', () => {
  it('keeps the token under the secret-token key; signed-in means a username', () => {
    useAuthStore.getState().setToken('t1');
    expect(localStorage.getItem(storageKeys.secretToken)).toBe('t1');
    expect(isSignedIn({ userInfo: null })).toBe(false);
    expect(isSignedIn({ userInfo: { username: null } as never })).toBe(false);
    expect(isSignedIn({ userInfo: { username: 'ann' } as never })).toBe(true);
  });

  it('logout clears token, user info, balance and chat data, and confirms', async () => {
    useAppSetting.getState().setLanguage('zh-CN');
    const messages: string[] = [];
    setNotifier({ error: () => {}, info: () => {}, success: (m) => messages.push(m) });
    useAuthStore.setState({
      token: null,
      guestid: null,
      userInfo: { username: 'ann' } as never,
      userBalance: { credits: 5 } as never,
    });
    useChatStorage.getState().setChatList([{ id: 1, role: 'user', content: 'hi' }]);
    useChatStorage.getState().setActive(1);
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      userInfo: null,
      userBalance: null,
    });
    expect(useChatStorage.getState()).toMatchObject({ chatList: [], active: null });
    expect(messages).toEqual(['已退出登录']);
    setNotifier(null);
  });

  it('logout ends the session with its own token, then quietly becomes the guest', async () => {
    const guest = '6f1c2e2a-8b7d-4c1e-9a3f-2b6d7e8f9a0b';
    const calls: Array<{ path: string; authorization: string }> = [];
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      calls.push({ path, authorization: new Headers(init.headers).get('authorization') ?? '' });
      const data =
        path === '/api/auth/getInfo'
          ? {
              userInfo: { username: null, userBalance: { credits: 3 } },
              userBalance: { credits: 3 },
            }
          : null;
      return new Response(JSON.stringify({ code: 200, success: true, message: '', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const errors: string[] = [];
    setNotifier({ error: (m) => errors.push(m), info: () => {}, success: () => {} });
    useAuthStore.setState({
      token: 'tok-1',
      guestid: guest,
      userInfo: { username: 'ann' } as never,
    });
    useDialogs.getState().close('login');
    try {
      await useAuthStore.getState().logout();
    } finally {
      vi.unstubAllGlobals();
      setNotifier(null);
    }
    expect(calls.map((c) => c.path)).toEqual([
      '/api/auth/logout',
      '/api/user/createGuest',
      '/api/auth/getInfo',
    ]);
    expect(calls[0]!.authorization).toBe('Bearer tok-1');
    expect(calls[2]!.authorization).toBe(`Guestid ${guest}`);
    expect(useAuthStore.getState().token).toBeNull();
    expect(useAuthStore.getState().userInfo?.username).toBeNull();
    expect(useDialogs.getState().flags.login).toBe(false);
    expect(errors).toEqual([]);
  });

  it('openLoginDialog raises the login flag, mirrored as loginDialog', () => {
    useAuthStore.getState().openLoginDialog();
    expect(useDialogs.getState().flags.login).toBe(true);
    expect(useAuthStore.getState().loginDialog).toBe(true);
    useDialogs.getState().close('login');
    expect(useAuthStore.getState().loginDialog).toBe(false);
  });
});

describe('dialogs store', () => {
  it('opens and closes a dialog with its props', () => {
    useDialogs.getState().open('contact', { kind: 'service' });
    expect(useDialogs.getState().flags.contact).toBe(true);
    expect(useDialogs.getState().props.contact).toEqual({ kind: 'service' });
    useDialogs.getState().close('contact');
    expect(useDialogs.getState().flags.contact).toBe(false);
  });
});
