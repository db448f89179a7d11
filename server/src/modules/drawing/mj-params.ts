import { z } from 'zod';
import { drawing } from '@atelier/contracts';
import type { DemoRecipe } from '../../providers/image/demo-render.js';
import type { KindJob } from '../kind-kit/index.js';

/** The offline demo's recipe, written by its painter and read back by it. */
const demoRecipe = z.custom<DemoRecipe>((v) => typeof v === 'object' && v !== null);

/**
 * What a Midjourney task keeps in its `params` (written by the route, read by the runner in
 * whichever process runs it). Pictures are kept as the owner's file urls and read when the
 * task is submitted.
 */
export const mjTaskParams = z.object({
  modelId: z.number().int(),
  mode: z.enum(drawing.mjModes).optional(),
  /** The form's and typed flags, checked (imagine). */
  flags: drawing.mjParams.optional(),
  /** The prompt as sent upstream (imagine; remix / custom zoom / vary region modal). */
  finalPrompt: z.string().optional(),
  botType: z.enum(['MID_JOURNEY', 'NIJI_JOURNEY']).optional(),
  /** Image prompts (imagine), pictures (blend), the picture (describe), source + target (faceswap). */
  images: z.array(z.string()).optional(),
  dimensions: z.enum(['PORTRAIT', 'SQUARE', 'LANDSCAPE']).optional(),
  /** A button of the parent's result. */
  customId: z.string().optional(),
  parentUpstreamId: z.string().optional(),
  /**
   * The parent's buttons were Atelier's (its proxy gave none): the button goes upstream as
   * novicezk's `/mj/submit/change` instead of `/mj/submit/action`.
   */
  change: z.boolean().optional(),
  /** Remix / custom zoom / vary region: the modal's prompt. */
  modalPrompt: z.string().optional(),
  zoom: z.number().optional(),
  /** Vary region: the mask as base64 PNG (no data: prefix). */
  maskBase64: z.string().optional(),
  /** Midjourney video: how much the clip moves. */
  motion: z.enum(drawing.mjMotions).optional(),
  /**
   * Midjourney video: the picture the clip starts from (the animated picture, or the extended
   * video's poster), as the owner's file url: the poster of the result, and the demo's first frame.
   */
  poster: z.string().optional(),
  /** The offline demo redraws from this (null for blend until submitted). */
  recipe: demoRecipe.nullable().optional(),
});
export type MjTaskParams = z.infer<typeof mjTaskParams>;

/** What a Midjourney task keeps in its `data` (written by its steps, parsed when read). */
export const mjTaskData = z.looseObject({
  buttons: z.array(drawing.drawButton).optional(),
  /** The buttons are Atelier's U1–U4, V1–V4 and reroll: the proxy has `change`, not `buttons`. */
  buttonsDerived: z.boolean().optional(),
  description: z.string().nullish(),
  finalPrompt: z.string().optional(),
  /** The upstream's status text (NOT_START, SUBMITTED, IN_PROGRESS, MODAL…). */
  upstreamStatus: z.string().optional(),
  /** Tasks ahead upstream when it answered code 22. */
  upstreamQueue: z.number().optional(),
  recipe: demoRecipe.nullable().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type MjTaskData = z.infer<typeof mjTaskData>;

/** Midjourney video actions: animate a picture, extend a video (their results are MP4s). */
export const VIDEO_ACTIONS: ReadonlySet<string> = new Set(['video', 'video_extend']);

/** One step of an `mj` task as the kit gives it: params and data parsed, the model read. */
export type MjJob = KindJob<MjTaskParams, MjTaskData>;
