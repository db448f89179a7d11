import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { defaultLanguage, pageStartLanguage, type Language } from '../lib/languages';
import { storageKeys } from '../lib/storage-keys';

export type Theme = 'dark' | 'light' | 'auto';

export interface AppSettingState {
  siderCollapsed: boolean;
  theme: Theme;
  language: Language;
  /** The visitor picked the language; until then the site's default language applies. */
  languageChosen: boolean;
  setSiderCollapsed: (collapsed: boolean) => void;
  setTheme: (theme: Theme) => void;
  /** The visitor's own choice (the language menu, the settings). */
  setLanguage: (language: Language) => void;
  /** The site's default language, applied only while the visitor has not picked one. */
  applySiteLanguage: (language: Language) => void;
}

/**
 * `appSetting`: persisted as is (no expiry, no encryption); the theme is forced to dark at
 * start. A setting saved before `languageChosen` existed counts as chosen when its language is
 * not the default (the default was saved whether picked or not).
 */
export const useAppSetting = create<AppSettingState>()(
  persist(
    (set, get) => ({
      siderCollapsed: false,
      theme: 'dark',
      // A first visit starts in the site's language when the page names it, so the texts of
      // the default language are not fetched only to be replaced.
      language:
        pageStartLanguage(document.documentElement.dataset.siteLanguage, navigator.languages) ??
        defaultLanguage,
      languageChosen: false,
      setSiderCollapsed: (siderCollapsed) => set({ siderCollapsed }),
      setTheme: (theme) => set({ theme }),
      setLanguage: (language) => set({ language, languageChosen: true }),
      applySiteLanguage: (language) => {
        if (!get().languageChosen) set({ language });
      },
    }),
    {
      name: storageKeys.appSetting,
      partialize: ({ siderCollapsed, theme, language, languageChosen }) => ({
        siderCollapsed,
        theme,
        language,
        languageChosen,
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<AppSettingState>;
        const languageChosen =
          saved.languageChosen ??
          (saved.language !== undefined && saved.language !== defaultLanguage);
        return { ...current, ...saved, languageChosen, theme: 'dark' };
      },
    },
  ),
);
