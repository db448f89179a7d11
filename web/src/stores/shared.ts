import type { sites } from '@atelier/contracts';
import { create } from 'zustand';

/**
 * The in-memory state several screens share. Only what a screen reads lives here; a field comes
 * back when a screen needs it. The balance is not here: it lives in the auth store and changes
 * through `balanceChanged` (stores/balance.ts).
 */
/** A song the persistent player can play (features/music/player.tsx). */
export interface PlayerSong {
  key: string;
  title: string;
  audioUrl: string;
  imageUrl: string | null;
  lrc: string;
  /** The stored length in seconds, shown until the audio element knows its own. */
  duration?: number | null;
}

export interface SharedState {
  /** The pay way last chosen on the pay screen. */
  payWay: 'wechat' | 'alipay';
  /** Rows per page of the credit logs. */
  pageSize: number;
  /** The side menu's entries (`queryMenu`), sorted. */
  menuList: sites.MenuEntry[];
  /** The music player: its play list and the song playing; null until a song is played. */
  musicPlayer: { list: PlayerSong[]; index: number } | null;
  /** The lyrics shown with the song playing: title, who made it, cover, prompt and tags. */
  lyricsInfo: {
    title: string;
    handle: string;
    imageUrl: string | null;
    prompt: string;
    metadata: string;
  } | null;
  /** The song being cropped (its task, clip and length). */
  croppedSong: {
    taskId: number;
    clip: number;
    title: string;
    audioUrl: string;
    duration: number;
  } | null;
  set: (patch: Partial<Omit<SharedState, 'set'>>) => void;
}

export const useShared = create<SharedState>()((set) => ({
  payWay: 'wechat',
  pageSize: 12,
  menuList: [],
  musicPlayer: null,
  lyricsInfo: null,
  croppedSong: null,
  set: (patch) => set(patch),
}));
