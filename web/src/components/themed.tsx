import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import theme from 'antd/es/theme';
import { useEffect, useState, type ReactNode } from 'react';
import type { Language } from '../lib/languages';
import { useAppSetting } from '../stores/app-setting';
import { ACCENT, ACCENT_TEXT } from '../lib/accent';

/*
 * antd's theme and texts, kept out of the entry: each lazily loaded unit that renders antd (a
 * route's screen, a dialog of the dialog host, the toasts, the music player, the drawing
 * screen's parts) loads this module with its own code and renders inside `Themed`. The entry
 * (shell, header, menus) draws no antd, so a first paint waits for none of it. Every `Themed`
 * passes the same theme object, so cssinjs registers each component's styles once.
 */

/**
 * antd's texts (pickers, pagination, empty states) of the chosen language, a chunk each, loaded
 * when that language is chosen; English is antd's own default (in this module already).
 */
const antdLocales: Record<Language, () => Promise<Locale>> = {
  'en-US': () => Promise.resolve(enUS),
  'zh-CN': () => import('antd/es/locale/zh_CN').then((m) => m.default),
  'zh-TW': () => import('antd/es/locale/zh_TW').then((m) => m.default),
};

/** The locales loaded so far: a unit mounted after the language's chunk came starts with it. */
const loaded: Partial<Record<Language, Locale>> = { 'en-US': enUS };
/** The last locale any unit showed: the one a new unit shows while its language loads. */
let lastShown: Locale = enUS;

/**
 * The antd locale of `language` once its chunk is there, the one before until then. Never
 * undefined: `ConfigProvider` adds a provider around its children for a locale, and adding it
 * later would mount them again.
 */
export function useAntdLocale(language: Language): Locale {
  const [locale, setLocale] = useState<Locale>(() => loaded[language] ?? lastShown);
  useEffect(() => {
    let current = true;
    antdLocales[language]()
      .then((next) => {
        loaded[language] = next;
        lastShown = next;
        if (current) setLocale(next);
      })
      .catch((error: unknown) => console.warn('antd locale', error));
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}

/** Calm near-black surfaces in three steps, one accent, one radius, a 4/8 px spacing scale. */
export const darkTheme = {
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

const button = { autoInsertSpace: false };

/** antd's dark theme and the antd texts of the chosen language around `children`. */
export function Themed({ children }: { children: ReactNode }) {
  const language = useAppSetting((s) => s.language);
  const locale = useAntdLocale(language);
  return (
    <ConfigProvider theme={darkTheme} locale={locale} button={button}>
      {children}
    </ConfigProvider>
  );
}
