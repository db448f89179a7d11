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
 * Per language:
 * - `locales/<lang>/index.ts`, the shell's namespaces, one chunk loaded before the app renders;
 * - each namespace of lazy screens and dialogs (`locales/<lang>/<namespace>.ts`, listed in
 *   `lazy.ts`) a chunk of its own, loaded by `loadLazyNamespaces([...])` when a screen or
 *   dialog that uses it loads: the landing fetches its screen's texts, not every screen's.
 *   A text of a namespace not loaded yet loads it and shows once it is there (`saveMissing`).
 * A language switch loads the new language's namespaces the app already uses, then switches
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
/** `./locales/<lang>/<namespace>.ts` of each lazy namespace: a chunk each. */
const lazyFiles = import.meta.glob<{ default: ResourceKey }>(
  './locales/*/{admin,apps,market,chat,midjourney,images,mind,music,pay,prompts,sd,separation,user,video,works}.ts',
);
const isLazy = (ns: string): ns is LazyNamespace =>
  (lazyNamespaces as readonly string[]).includes(ns);

/** i18next asks per language and namespace; each bundle is fetched once and shared. */
export const textsBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    const file = lazyFiles[`./locales/${language}/${namespace}.ts`];
    const load: Promise<ResourceKey | undefined> =
      isLazy(namespace) && file
        ? file().then((m) => m.default)
        : coreLocales[language]().then((m) => m.default[namespace]);
    load.then(
      (texts) => callback(null, texts ?? {}),
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
  // A text of a lazy namespace no screen asked for yet: load it, and render again once it is
  // there ('loaded'), rather than showing the key.
  saveMissing: true,
  missingKeyHandler: (_languages: readonly string[], namespace: string) => {
    if (isLazy(namespace)) void loadLazyNamespaces([namespace]).catch(() => undefined);
  },
  react: { bindI18n: 'languageChanged loaded' },
} as const satisfies InitOptions;

/** Resolves once the current language's shell texts are there (the app renders after it). */
export const i18nReady: Promise<unknown> = i18next
  .use(textsBackend)
  .use(initReactI18next)
  .init({ ...i18nOptions, ns: [...namespaces], lng: useAppSetting.getState().language });

/**
 * Loads lazy namespaces (by default all of them) in the current language, and in any language
 * switched to later.
 */
export async function loadLazyNamespaces(
  list: readonly LazyNamespace[] = lazyNamespaces,
): Promise<void> {
  // A screen's route may ask before i18next has started.
  await i18nReady;
  const missing = () => list.filter((ns) => !i18next.hasResourceBundle(i18next.language, ns));
  if (missing().length === 0) return;
  await i18next.loadNamespaces([...list]);
  // i18next does not fetch again what failed once: a retry reloads it explicitly.
  if (missing().length > 0) await i18next.reloadResources([i18next.language], missing());
  if (missing().length > 0) throw new Error('the texts could not be loaded');
}

useAppSetting.subscribe((state, previous) => {
  if (state.language !== previous.language) void i18next.changeLanguage(state.language);
});

export const i18n = i18next;
export const t = i18next.t.bind(i18next);
