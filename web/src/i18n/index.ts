import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languages, type Language } from '../lib/languages';
import { useAppSetting } from '../stores/app-setting';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';
import zhTW from './locales/zh-TW';

/**
 * i18next with the three languages bundled (they are small). Convention, checked by
 * `i18n.test.ts`: every text is referenced in code by a literal `'namespace:key.path'` string,
 * e.g. `t('shell:logout')` or a map value `labelKey: 'menu:chat'`, never by a key built at run
 * time, so the test can find unused and unknown keys. zh-CN is the source of truth.
 */
export const resources = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } as const;
export type Namespace = keyof typeof zhCN;
export const namespaces = Object.keys(zhCN) as Namespace[];

/**
 * Namespaces only lazy screens use (`locales/<lang>/lazy.ts`: user, pay) load with those
 * screens, in every language at once so a language switch needs no load. The same key
 * conventions apply; `i18n.test.ts` checks them together with the bundled ones.
 */
const lazyLocales: Record<Language, () => Promise<{ default: Record<string, object> }>> = {
  'zh-CN': () => import('./locales/zh-CN/lazy'),
  'en-US': () => import('./locales/en-US/lazy'),
  'zh-TW': () => import('./locales/zh-TW/lazy'),
};
let lazyLoad: Promise<void> | null = null;
export const loadLazyNamespaces = (): Promise<void> =>
  (lazyLoad ??= Promise.all(
    languages.map(async (language) => {
      const { default: bundle } = await lazyLocales[language]();
      for (const [ns, texts] of Object.entries(bundle))
        i18next.addResourceBundle(language, ns, texts, true, true);
    }),
  ).then(
    () => undefined,
    (error: unknown) => {
      lazyLoad = null;
      throw error;
    },
  ));

void i18next.use(initReactI18next).init({
  resources,
  lng: useAppSetting.getState().language,
  fallbackLng: fallbackLanguage,
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

useAppSetting.subscribe((state, previous) => {
  if (state.language !== previous.language) void i18next.changeLanguage(state.language);
});

export const i18n = i18next;
export const t = i18next.t.bind(i18next);
