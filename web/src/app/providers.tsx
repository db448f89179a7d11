import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import theme from 'antd/es/theme';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { queryClient } from '../api/query-client';
import type { Language } from '../lib/languages';
import { onFirstToast } from '../lib/notify';
import { useAppSetting } from '../stores/app-setting';

/**
 * antd's texts (pickers, pagination, empty states) of the chosen language, a chunk each, loaded
 * when that language is chosen; English is antd's own default (in the entry already).
 */
const antdLocales: Record<Language, () => Promise<Locale>> = {
  'en-US': () => Promise.resolve(enUS),
  'zh-CN': () => import('antd/es/locale/zh_CN').then((m) => m.default),
  'zh-TW': () => import('antd/es/locale/zh_TW').then((m) => m.default),
};

/**
 * The antd locale of `language` once its chunk is there, the one before until then. Never
 * undefined: `ConfigProvider` adds a provider around the app for a locale, and adding it later
 * would mount the whole app again.
 */
function useAntdLocale(language: Language): Locale {
  const [locale, setLocale] = useState<Locale>(enUS);
  useEffect(() => {
    let current = true;
    antdLocales[language]()
      .then((loaded) => current && setLocale(loaded))
      .catch((error: unknown) => console.warn('antd locale', error));
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}

/** antd's message API, loaded with the first toast (`lib/notify`), not with the entry. */
const MessageBridge = lazy(() => import('./message-bridge'));

function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <MessageBridge />
    </Suspense>
  ) : null;
}

/** The accent colour: primary actions and progress only (docs/style.md, Look and feel). */
export const ACCENT = '#7c6cf2';

/**
 * The accent as text on the dark surfaces (links, the chosen tab): lighter than the accent, so
 * it reads at 4.5:1 or more (WCAG AA) on every surface; white on the accent keeps its fill.
 */
export const ACCENT_TEXT = '#9d91ff';

/** Calm near-black surfaces in three steps, one accent, one radius, a 4/8 px spacing scale. */
const darkTheme = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: ACCENT,
    colorInfo: ACCENT,
    colorBgBase: '#0b0b0f',
    colorBgLayout: '#0b0b0f',
    colorBgContainer: '#141419',
    colorBgElevated: '#1c1c23',
    colorBorder: '#2a2a33',
    colorBorderSecondary: '#1f1f27',
    colorText: 'rgba(255, 255, 255, 0.88)',
    colorTextSecondary: 'rgba(255, 255, 255, 0.6)',
    colorLink: ACCENT_TEXT,
    colorLinkHover: '#b3a9ff',
    colorLinkActive: '#8f83ff',
    borderRadius: 8,
    // The stack (Latin fonts before CJK ones) is defined once, in index.css.
    fontFamily: 'var(--font-sans)',
  },
  components: {
    Tabs: {
      itemSelectedColor: ACCENT_TEXT,
      itemHoverColor: '#b3a9ff',
      itemActiveColor: ACCENT_TEXT,
    },
  },
};

/** Theme (dark, forced at start), antd locale of the chosen language, server-data cache. */
export function Providers({ children }: { children: ReactNode }) {
  const language = useAppSetting((s) => s.language);
  const locale = useAntdLocale(language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={darkTheme} locale={locale} button={{ autoInsertSpace: false }}>
        <ToastHost />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
