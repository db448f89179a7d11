import type { drawing } from '@atelier/contracts';
import { create } from 'zustand';

/** A picture of the image screens (DALL·E, SD3, model square, toolbox) a dialog acts on. */
export interface PictureTarget {
  url: string;
  /** Its prompt: the redraw's and the variation's starting text. */
  prompt: string;
}

/** The props a dialog receives when opened; dialogs without props take none. */
export interface DialogProps {
  contact: { kind: 'contact' | 'service' };
  update: {
    version: string;
    versionold?: string;
    versionnew?: string;
    date?: string;
    content1?: string;
    content2?: string;
  };
  // The Midjourney screen's dialogs: a result to act on (left out: the dialog lets one pick).
  customZoom: { task?: drawing.DrawTask; customId?: string };
  redraw: { task: drawing.DrawTask; customId: string };
  imageRemix: { task: drawing.DrawTask };
  /** A Midjourney result (`task`), or a picture of the image screens (`picture`). */
  upscaleVariation: { task?: drawing.DrawTask; picture?: PictureTarget };
  /** The image screens' toolbox dialogs: restore a picture, redraw a painted region of it. */
  photoRepair: { picture: PictureTarget };
  toolsRedraw: { picture: PictureTarget };
  photoFix: { task?: drawing.DrawTask };
  drawSame: {
    prompt: string;
    imageUrl?: string;
    title?: string;
    description?: string;
    params?: Record<string, unknown>;
  };
  /**
   * Where the picked pictures go: a reference list of the Midjourney composer, a describe, or
   * (`picture`) whatever the opener does with them (a reference on /draw, the starting
   * picture on /sd3, the toolbox's source).
   */
  uploadImages:
    | { target: 'imageUrls' | 'crefUrls' | 'srefUrls' | 'describe' }
    | {
        target: 'picture';
        max: number;
        onPicked: (pictures: Array<{ url: string; thumbUrl: string }>) => void;
      };
  /** A prompt of the market: its details, like, collect, use, report. */
  marketPrompt: { id: number };
  /** The tab to show first (default: the user's own prompts). */
  promptStore: { tab?: 'local' | 'online' } | undefined;
}

/** Every dialog and panel of docs/product.md §2, toggled by one flag each. */
export const dialogNames = [
  'login',
  'payment',
  'goods',
  'passiveGoods',
  'redemption',
  'notice',
  'bindWechat',
  'bindUsername',
  'customerService',
  'about',
  'contact',
  'blend',
  'faceSwap',
  'imageRemix',
  'photoFix',
  'upscaleVariation',
  'adjust',
  'refresh',
  'joinMember',
  'cart',
  'like',
  'advertisement',
  'customZoom',
  'faq',
  'motionBrush',
  'redraw',
  'videoPart',
  'drawSame',
  'batchDownload',
  'uploadImages',
  'marketPrompt',
  'toolsRedraw',
  'photoRepair',
  'update',
  /** The prompt store (docs/product.md §2, "Prompt store"), opened from the chat. */
  'promptStore',
] as const;
export type DialogName = (typeof dialogNames)[number];
export type PropsOf<N extends DialogName> = N extends keyof DialogProps
  ? DialogProps[N]
  : undefined;

type Flags = Record<DialogName, boolean>;

export interface DialogsState {
  flags: Flags;
  props: { [N in DialogName]?: PropsOf<N> };
  open: <N extends DialogName>(
    name: N,
    ...props: N extends keyof DialogProps
      ? undefined extends DialogProps[N]
        ? [DialogProps[N]?]
        : [DialogProps[N]]
      : []
  ) => void;
  close: (name: DialogName) => void;
}

const closedFlags = Object.fromEntries(dialogNames.map((n) => [n, false])) as Flags;

/** One store of dialog flags; the app's dialog host renders (and lazy-loads) each open one. */
export const useDialogs = create<DialogsState>()((set) => ({
  flags: closedFlags,
  props: {},
  open: (name, ...props) =>
    set((s) => ({
      flags: { ...s.flags, [name]: true },
      props: { ...s.props, [name]: props[0] },
    })),
  close: (name) => set((s) => ({ flags: { ...s.flags, [name]: false } })),
}));
