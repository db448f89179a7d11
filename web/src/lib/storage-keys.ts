/** Every browser storage key and cookie name of docs/product.md §3, in one place. */
export const storageKeys = {
  appSetting: 'appSetting',
  chatStorage: 'chatStorage',
  settingsStorage: 'settingsStorage',
  /** The local prompt store (not named by the spec). */
  promptStore: 'promptStore',
  /** The session token of a signed-in user. */
  secretToken: 'SECRET_TOKEN',
  /** The guest's uuid, sent as the `Guestid` header (never in a cookie). */
  guestUuid: 'GUEST_UUID_TOKEN',
  /** The chosen chat model (default 3). */
  model: 'model',
  kwEncUtf8: 'kw_enc_utf8',
  bdVid: 'bd_vid',
  bdVidCun: 'bd_vid_cun',
  source: 'source',
  /** The version the user last updated to (update prompt). */
  version: 'version',
  theme: 'theme',
  baseUrl: 'baseUrl',
  keywordId: 'keywordid',
  /** The inviter's code kept from the `Invitecode` query parameter. */
  invitedBy: 'invitedBy',
} as const;

/**
 * `legacyUuidToken`: the guest uuid cookie of earlier versions, read once at start and removed
 * (a credential in a cookie travels with every request, over plain http too).
 */
export const cookieNames = { legacyUuidToken: 'uuidToken', theme: 'theme' } as const;

export const defaultModel = 3;

/** Defaults of docs/product.md §3 written at start: model 3, and the theme forced to dark. */
export const initStorageDefaults = (setThemeCookie: (value: string) => void): void => {
  if (!localStorage.getItem(storageKeys.model)) {
    localStorage.setItem(storageKeys.model, String(defaultModel));
  }
  localStorage.setItem(storageKeys.theme, 'dark');
  setThemeCookie('dark');
};
