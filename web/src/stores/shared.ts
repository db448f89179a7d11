import type { sites } from '@atelier/contracts';
import { create } from 'zustand';

/** A song in the music player. */
export interface Song {
  id: string | number;
  title: string;
  audioUrl: string;
  imageUrl?: string;
}

export interface LyricsInfo {
  title: string;
  handle: string;
  imageUrl: string;
  prompt: string;
  metadata: Record<string, unknown>;
}

export interface Sd3Params {
  prompt: string;
  negativePrompt: string;
  aspectRatio: string;
  model: string;
  seed: number | null;
}

export interface BrushState {
  size: number;
  color: string;
  /** The mask drawn so far as a data URL, or empty. */
  mask: string;
}

export interface PriceEntry {
  id: number;
  name: string;
  price: number;
  [field: string]: unknown;
}

/** The in-memory state the screens share (spec section 3, "other shared state"). */
export interface SharedState {
  currentTab: string;
  payWay: 'wechat' | 'alipay';
  pageSize: number;
  modelIds: number;
  fastCount: number;
  lowSpeedCount: number;
  musicPlayer: { current: Song | null; playList: Song[] };
  lyrics: LyricsInfo | null;
  croppedSong: { song: Song; start: number; end: number } | null;
  sd3: Sd3Params;
  brush: BrushState;
  promptText: string;
  imageUrls: string[];
  uploadedImageUrls: string[];
  menuList: sites.MenuEntry[];
  priceList: PriceEntry[];
  refresh: { history: number; gallery: number; balance: number };
  set: (patch: Partial<Omit<SharedState, 'set' | 'bump'>>) => void;
  /** Ask the screens that watch a refresh flag to reload. */
  bump: (flag: keyof SharedState['refresh']) => void;
}

export const useShared = create<SharedState>()((set) => ({
  currentTab: 'MJ drawing',
  payWay: 'wechat',
  pageSize: 12,
  modelIds: 1,
  fastCount: 0,
  lowSpeedCount: 0,
  musicPlayer: { current: null, playList: [] },
  lyrics: null,
  croppedSong: null,
  sd3: { prompt: '', negativePrompt: '', aspectRatio: '1:1', model: 'sd3', seed: null },
  brush: { size: 20, color: '#ffffff', mask: '' },
  promptText: '',
  imageUrls: [],
  uploadedImageUrls: [],
  menuList: [],
  priceList: [],
  refresh: { history: 0, gallery: 0, balance: 0 },
  set: (patch) => set(patch),
  bump: (flag) => set((s) => ({ refresh: { ...s.refresh, [flag]: s.refresh[flag] + 1 } })),
}));
