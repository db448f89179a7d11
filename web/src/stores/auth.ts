import type { sites, UserBalance, UserInfo } from '@atelier/contracts';
import { api, configureClient, resetUnauthorizedThrottle } from '../api/client';
import { create } from 'zustand';
import { t } from '../i18n';
import { browser } from '../lib/browser';
import { notify } from '../lib/notify';
import { storageKeys } from '../lib/storage-keys';
import { useChatStorage } from './chat-storage';
import { useDialogs } from './dialogs';

export interface AuthState {
  token: string | null;
  /** Mirrors the dialogs store's `login` flag (that store owns it). */
  loginDialog: boolean;
  userInfo: UserInfo | null;
  userBalance: UserBalance | null;
  guestid: string | null;
  globalConfig: sites.GlobalConfig;
  /** This domain's site configuration (`queryFronet`), null until loaded. */
  site: sites.SiteConfig | null;
  /** How credits are obtained here (`queryFronet`): may packages be bought? Null until loaded. */
  creditSources: sites.CreditSources | null;
  aboutList: sites.AboutEntry[];
  setToken: (token: string) => void;
  removeToken: () => void;
  setGuestId: (guestid: string) => void;
  setGlobalConfig: (globalConfig: sites.GlobalConfig) => void;
  setSite: (site: sites.SiteConfig) => void;
  setAboutList: (aboutList: sites.AboutEntry[]) => void;
  openLoginDialog: () => void;
  /** Reloads user info and balance; resolves with the user info. `quiet`: a 401 opens nothing. */
  refreshUserInfo: (options?: { quiet?: boolean }) => Promise<UserInfo>;
  /**
   * Ends this device's session on the server, clears token, user info, balance and chat data,
   * confirms with a message and carries on as the browser's guest.
   */
  logout: () => Promise<void>;
}

/** The global config until the site answers (mirrors `sites.globalConfigDefaults`). */
export const defaultGlobalConfig: sites.GlobalConfig = {
  clientHomePath: '',
  clientFavoIconPath: '/favicon.svg',
  siteName: 'AI',
  baiduCode: '',
  clientMenuList: [],
};

/** The contracts (and zod) load with the first call, outside the initial bundle. */
const contracts = () => import('@atelier/contracts');

const readStored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const useAuthStore = create<AuthState>()((set, get) => ({
  token: readStored(storageKeys.secretToken),
  loginDialog: false,
  userInfo: null,
  userBalance: null,
  // The legacy cookie is read (and removed) by startIdentity.
  guestid: readStored(storageKeys.guestUuid),
  globalConfig: defaultGlobalConfig,
  site: null,
  creditSources: null,
  aboutList: [],
  setToken: (token) => {
    localStorage.setItem(storageKeys.secretToken, token);
    resetUnauthorizedThrottle();
    set({ token });
  },
  removeToken: () => {
    localStorage.removeItem(storageKeys.secretToken);
    set({ token: null });
  },
  setGuestId: (guestid) => {
    localStorage.setItem(storageKeys.guestUuid, guestid);
    set({ guestid });
  },
  setGlobalConfig: (globalConfig) => set({ globalConfig }),
  setSite: (site) => set({ site }),
  setAboutList: (aboutList) => set({ aboutList }),
  openLoginDialog: () => useDialogs.getState().open('login'),
  refreshUserInfo: async (options) => {
    const { auth } = await contracts();
    const answer = await api(auth.currentUser, { quietUnauthorized: options?.quiet ?? false });
    if (!answer.success) throw new Error(answer.message);
    set({ userInfo: answer.data.userInfo, userBalance: answer.data.userBalance });
    return answer.data.userInfo;
  },
  logout: async () => {
    const { token, guestid } = get();
    const { auth } = await contracts();
    // The session ends on the server first, with this device's own token: sent after the
    // token is gone, the call would carry the guest id and leave the session alive.
    if (token) await api(auth.logout, { quietUnauthorized: true }).catch(() => undefined);
    get().removeToken();
    set({ userInfo: null, userBalance: null });
    useChatStorage.getState().clear();
    notify.success(t('shell:logoutSuccess'));
    // Back to the browser's guest, quietly (registration is idempotent: a browser that signed
    // in before its guest was known registers it now).
    if (!guestid) return;
    await api(auth.createGuest, { body: { guest_id: guestid } })
      .then(() => get().refreshUserInfo({ quiet: true }))
      .catch(() => undefined);
  },
}));

/** Signed-in means the user info has a username (docs/product.md §4). */
/** Who asks (a user or a guest): part of every query key of one's own data. */
export const useIdentity = (): string =>
  useAuthStore((s) => (s.token ? `t:${s.token.slice(-16)}` : `g:${s.guestid ?? ''}`));

export const isSignedIn = (s: Pick<AuthState, 'userInfo'>): boolean => !!s.userInfo?.username;

/** The about entry of the current host, if the site has one. */
export const currentAbout = (s: Pick<AuthState, 'aboutList'>, host = browser.host()) =>
  s.aboutList.find((a) => a.domain === host.replace(/:\d+$/, '')) ?? s.aboutList[0];

useDialogs.subscribe((state) => {
  if (state.flags.login !== useAuthStore.getState().loginDialog) {
    useAuthStore.setState({ loginDialog: state.flags.login });
  }
});

configureClient({
  token: () => useAuthStore.getState().token,
  guestId: () => useAuthStore.getState().guestid,
  removeToken: () => useAuthStore.getState().removeToken(),
  rechargeMode: () => currentAbout(useAuthStore.getState())?.recharge ?? null,
});
