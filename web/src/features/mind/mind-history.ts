import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Browser storage key of the recent maps (this screen's own; not one of the spec's keys). */
export const MIND_STORAGE_KEY = 'mindHistory';
/** How many recent maps are kept. */
export const MIND_HISTORY_LIMIT = 20;

export interface MindMapRecord {
  id: string;
  prompt: string;
  outline: string;
  createdAt: number;
}

export interface MindHistoryState {
  /** Newest first. */
  maps: MindMapRecord[];
  /** The chat model last used for a map. */
  modelId: number | null;
  /** Keeps a map; one with the same prompt and outline moves to the top instead. */
  save: (map: Omit<MindMapRecord, 'id' | 'createdAt'>, now?: number) => MindMapRecord;
  remove: (id: string) => void;
  clear: () => void;
  setModelId: (id: number) => void;
}

/** Adds `record` at the top, without an older copy of the same map, within the limit. */
export function withRecord(maps: readonly MindMapRecord[], record: MindMapRecord) {
  const others = maps.filter((m) => m.prompt !== record.prompt || m.outline !== record.outline);
  return [record, ...others].slice(0, MIND_HISTORY_LIMIT);
}

export const useMindHistory = create<MindHistoryState>()(
  persist(
    (set, get) => ({
      maps: [],
      modelId: null,
      save: (map, now = Date.now()) => {
        const record = {
          ...map,
          id: `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          createdAt: now,
        };
        set({ maps: withRecord(get().maps, record) });
        return record;
      },
      remove: (id) => set({ maps: get().maps.filter((m) => m.id !== id) }),
      clear: () => set({ maps: [] }),
      setModelId: (modelId) => set({ modelId }),
    }),
    { name: MIND_STORAGE_KEY },
  ),
);
