import type { sites } from '@atelier/contracts';
import { create } from 'zustand';

/**
 * The in-memory state several screens share. Only what a screen reads lives here; a field comes
 * back when a screen needs it. The balance is not here: it lives in the auth store and changes
 * through `balanceChanged` (stores/balance.ts).
 */
export interface SharedState {
  /** The pay way last chosen on the pay screen. */
  payWay: 'wechat' | 'alipay';
  /** Rows per page of the credit logs. */
  pageSize: number;
  /** The side menu's entries (`queryMenu`), sorted. */
  menuList: sites.MenuEntry[];
  set: (patch: Partial<Omit<SharedState, 'set'>>) => void;
}

export const useShared = create<SharedState>()((set) => ({
  payWay: 'wechat',
  pageSize: 12,
  menuList: [],
  set: (patch) => set(patch),
}));
