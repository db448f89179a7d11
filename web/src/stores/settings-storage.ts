import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { storageKeys } from '../lib/storage-keys';

/** The default system message (docs/product.md §3); sent to the model, so it stays in English. */
export const defaultSystemMessage =
  "You are a helpful AI assistant. Follow the user's instructions carefully. Respond using markdown.";

export interface SettingsStorageState {
  systemMessage: string;
  setSystemMessage: (systemMessage: string) => void;
  reset: () => void;
}

/** `settingsStorage`: the chat settings, persisted as is. */
export const useSettingsStorage = create<SettingsStorageState>()(
  persist(
    (set) => ({
      systemMessage: defaultSystemMessage,
      setSystemMessage: (systemMessage) => set({ systemMessage }),
      reset: () => set({ systemMessage: defaultSystemMessage }),
    }),
    {
      name: storageKeys.settingsStorage,
      partialize: ({ systemMessage }) => ({ systemMessage }),
    },
  ),
);
