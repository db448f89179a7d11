import { create } from 'zustand';
import type { MjParams } from './params';

export type RefTarget = 'imageUrls' | 'crefUrls' | 'srefUrls';

/** How many pictures each kind of reference takes (contract limits). */
export const refLimits: Record<RefTarget, number> = { imageUrls: 5, crefUrls: 4, srefUrls: 4 };

/** A picture added to the composer: its url (sent) and thumbnail (shown). */
export interface RefImage {
  url: string;
  thumbUrl: string;
}

interface ComposerState {
  prompt: string;
  params: MjParams;
  modelId: number | undefined;
  refs: Record<RefTarget, RefImage[]>;
  setPrompt: (prompt: string) => void;
  /** Adds a piece to the prompt (a gallery parameter), separated by a comma. */
  appendPrompt: (piece: string) => void;
  setParams: (patch: Partial<MjParams>) => void;
  replaceParams: (params: MjParams) => void;
  setModel: (id: number | undefined) => void;
  addRef: (target: RefTarget, image: RefImage) => void;
  removeRef: (target: RefTarget, url: string) => void;
  clearRefs: () => void;
}

/**
 * The composer's state, shared with the dialogs (draw-same fills it, upload-images adds
 * references) without the features importing each other's components.
 */
export const useComposer = create<ComposerState>()((set) => ({
  prompt: '',
  params: {},
  modelId: undefined,
  refs: { imageUrls: [], crefUrls: [], srefUrls: [] },
  setPrompt: (prompt) => set({ prompt }),
  appendPrompt: (piece) =>
    set((s) => {
      const base = s.prompt.trim();
      if (!base) return { prompt: piece };
      if (base.includes(piece)) return {};
      return { prompt: /[,，]$/.test(base) ? `${base} ${piece}` : `${base}, ${piece}` };
    }),
  setParams: (patch) =>
    set((s) => {
      const next: MjParams = { ...s.params, ...patch };
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) delete (next as Record<string, unknown>)[k];
      }
      return { params: next };
    }),
  replaceParams: (params) => set({ params }),
  setModel: (modelId) => set({ modelId }),
  addRef: (target, image) =>
    set((s) => {
      const list = s.refs[target];
      if (list.some((r) => r.url === image.url) || list.length >= refLimits[target]) return {};
      return { refs: { ...s.refs, [target]: [...list, image] } };
    }),
  removeRef: (target, url) =>
    set((s) => ({ refs: { ...s.refs, [target]: s.refs[target].filter((r) => r.url !== url) } })),
  clearRefs: () => set({ refs: { imageUrls: [], crefUrls: [], srefUrls: [] } }),
}));
