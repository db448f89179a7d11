import type { drawing } from '@atelier/contracts';
import type { DemoRecipe } from '../../providers/image/demo-render.js';

/**
 * What a Midjourney task keeps in its `params` (written by the route, read by the runner in
 * whichever process runs it). Pictures are kept as the owner's file urls and read when the
 * task is submitted.
 */
export interface MjTaskParams {
  modelId: number;
  mode?: drawing.MjParams['mode'];
  /** The form's and typed flags, checked (imagine). */
  flags?: drawing.MjParams;
  /** The prompt as sent upstream (imagine; remix / custom zoom / vary region modal). */
  finalPrompt?: string;
  botType?: 'MID_JOURNEY' | 'NIJI_JOURNEY';
  /** Image prompts (imagine), pictures (blend), the picture (describe), source + target (faceswap). */
  images?: string[];
  dimensions?: 'PORTRAIT' | 'SQUARE' | 'LANDSCAPE';
  /** A button of the parent's result. */
  customId?: string;
  parentUpstreamId?: string;
  /** Remix / custom zoom / vary region: the modal's prompt. */
  modalPrompt?: string;
  zoom?: number;
  /** Vary region: the mask as base64 PNG (no data: prefix). */
  maskBase64?: string;
  /** The offline demo redraws from this (null for blend until submitted). */
  recipe?: DemoRecipe | null;
}

/** What a finished Midjourney task keeps in its `data`. */
export interface MjTaskData {
  buttons?: drawing.DrawButton[];
  description?: string | null;
  finalPrompt?: string;
  /** The upstream's status text (NOT_START, SUBMITTED, IN_PROGRESS, MODAL…). */
  upstreamStatus?: string;
  /** Tasks ahead upstream when it answered code 22. */
  upstreamQueue?: number;
  recipe?: DemoRecipe | null;
  width?: number;
  height?: number;
}
