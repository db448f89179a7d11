import i18next, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '../lib/languages';
import { useAppSetting } from '../stores/app-setting';
import type zhCN from './locales/zh-CN';
import type zhCNLazy from './locales/zh-CN/lazy';

/**
 * i18next whose texts load per language, only the visitor's language being fetched.
 * Convention, checked by `i18n.test.ts`: every text is referenced in code by a literal
 * `'namespace:key.path'` string, e.g. `t('shell:logout')` or a map value `labelKey: 'menu:chat'`,
 * never by a key built at run time, so the test can find unused and unknown keys. zh-CN is the
 * source of truth.
 *
 * Two bundles per language, each its own chunk:
 * - `locales/<lang>/index.ts`, the shell's namespaces, loaded before the app renders;
 * - `locales/<lang>/lazy.ts`, the namespaces of lazy screens and dialogs, loaded by
 *   `loadLazyNamespaces()` when one of those loads.
 * A language switch loads the new language's bundles the app already uses, then switches
 * (`i18next.changeLanguage` waits for them). There is no fallback language: `i18n.test.ts`
 * checks that every language has every key.
 */
export type Namespace = keyof typeof zhCN;
export type LazyNamespace = keyof typeof zhCNLazy;
export const namespaces = [
  'common',
  'menu',
  'errors',
  'shell',
  'screens',
  'auth',
  'dialogs',
  'welcome',
] as const satisfies readonly Namespace[];
export const lazyNamespaces = [
  'admin',
  'apps',
  'market',
  'chat',
  'midjourney',
  'images',
  'mind',
  'music',
  'pay',
  'prompts',
  'sd',
  'separation',
  'user',
  'video',
  'works',
] as const satisfies readonly LazyNamespace[];

type Bundle = { default: Record<string, ResourceKey> };
const coreLocales: Record<Language, () => Promise<Bundle>> = {
  'zh-CN': () => import('./locales/zh-CN'),
  'en-US': () => import('./locales/en-US'),
  'zh-TW': () => import('./locales/zh-TW'),
};
const lazyLocales: Record<Language, () => Promise<Bundle>> = {
  'zh-CN': () => import('./locales/zh-CN/lazy'),
  'en-US': () => import('./locales/en-US/lazy'),
  'zh-TW': () => import('./locales/zh-TW/lazy'),
};
const isLazy = (ns: string): boolean => (lazyNamespaces as readonly string[]).includes(ns);

/** i18next asks per language and namespace; each bundle is fetched once and shared. */
export const textsBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    const load = (isLazy(namespace) ? lazyLocales : coreLocales)[language];
    load().then(
      ({ default: bundle }) => callback(null, bundle[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** The options of the app's i18next instance (a test may start one of its own with them). */
export const i18nOptions = {
  fallbackLng: false,
  load: 'currentOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
} as const satisfies InitOptions;

/** Resolves once the current language's shell texts are there (the app renders after it). */
export const i18nReady: Promise<unknown> = i18next
  .use(textsBackend)
  .use(initReactI18next)
  .init({ ...i18nOptions, ns: [...namespaces], lng: useAppSetting.getState().language });

/** Loads the lazy namespaces in the current language (and any language switched to later). */
let lazyLoad: Promise<void> | null = null;
export const loadLazyNamespaces = (): Promise<void> =>
  (lazyLoad ??= loadLazy().catch((error: unknown) => {
    lazyLoad = null;
    throw error;
  }));

async function loadLazy(): Promise<void> {
  // A screen's route may ask before i18next has started.
  await i18nReady;
  const missing = () =>
    lazyNamespaces.filter((ns) => !i18next.hasResourceBundle(i18next.language, ns));
  await i18next.loadNamespaces([...lazyNamespaces]);
  // i18next does not fetch again what failed once: a retry reloads it explicitly.
  if (missing().length > 0) await i18next.reloadResources([i18next.language], missing());
  if (missing().length > 0) throw new Error('the texts could not be loaded');
}

useAppSetting.subscribe((state, previous) => {
  if (state.language !== previous.language) void i18next.changeLanguage(state.language);
});

export const i18n = i18next;
export const t = i18next.t.bind(i18next);
