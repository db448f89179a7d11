import { create } from 'zustand';

/** Where the player is (written by player.tsx, read by the lyrics view). */
export interface Playback {
  time: number;
  duration: number;
  playing: boolean;
  /** Ask the player to seek (the lyrics view's line clicks). */
  seekTo: ((seconds: number) => void) | null;
  set: (patch: Partial<Omit<Playback, 'set'>>) => void;
}

export const usePlayback = create<Playback>()((set) => ({
  time: 0,
  duration: 0,
  playing: false,
  seekTo: null,
  set: (patch) => set(patch),
}));
