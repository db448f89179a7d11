import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { defaultLanguage, type Language } from '../lib/languages';
import { storageKeys } from '../lib/storage-keys';

export type Theme = 'dark' | 'light' | 'auto';

export interface AppSettingState {
  siderCollapsed: boolean;
  theme: Theme;
  language: Language;
  setSiderCollapsed: (collapsed: boolean) => void;
  setTheme: (theme: Theme) => void;
  setLanguage: (language: Language) => void;
}

/** `appSetting`: persisted as is (no expiry, no encryption); the theme is forced to dark at start. */
export const useAppSetting = create<AppSettingState>()(
  persist(
    (set) => ({
      siderCollapsed: false,
      theme: 'dark',
      language: defaultLanguage,
      setSiderCollapsed: (siderCollapsed) => set({ siderCollapsed }),
      setTheme: (theme) => set({ theme }),
      setLanguage: (language) => set({ language }),
    }),
    {
      name: storageKeys.appSetting,
      partialize: ({ siderCollapsed, theme, language }) => ({ siderCollapsed, theme, language }),
      merge: (persisted, current) => ({
        ...current,
        ...(persisted as Partial<AppSettingState>),
        theme: 'dark',
      }),
    },
  ),
);
