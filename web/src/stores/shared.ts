import type { sites } from '@atelier/contracts';
import { create } from 'zustand';

/**
 * The in-memory state the screens share (docs/product.md, "Stores"). Only what a screen reads
 * is here: a field comes back with the screen that needs it.
 */
export interface SharedState {
  /** The pay way last chosen on the pay screen. */
  payWay: 'wechat' | 'alipay';
  /** Rows per page of the credit logs. */
  pageSize: number;
  /** The site's menu entries, sorted, as the shell loaded them. */
  menuList: sites.MenuEntry[];
  refresh: { history: number; gallery: number; balance: number };
  set: (patch: Partial<Omit<SharedState, 'set' | 'bump'>>) => void;
  /** Ask the screens that watch a refresh flag to reload. */
  bump: (flag: keyof SharedState['refresh']) => void;
}

export const useShared = create<SharedState>()((set) => ({
  payWay: 'wechat',
  pageSize: 12,
  menuList: [],
  refresh: { history: 0, gallery: 0, balance: 0 },
  set: (patch) => set(patch),
  bump: (flag) => set((s) => ({ refresh: { ...s.refresh, [flag]: s.refresh[flag] + 1 } })),
}));
