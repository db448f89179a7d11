import type { ModelSpec, Refusal, RequestShape } from './types.js';

/**
 * What each Kling model accepts, by model, mode and duration. Kling's API reference
 * (app.klingai.com/global/dev/document-api/apiReference/model/imageToVideo and textToVideo)
 * says `cfg_scale` is not supported by kling-v2.x models, that `image_tail`,
 * `dynamic_masks`/`static_mask` and `camera_control` cannot be used together, and that their
 * support "varies by model version and video mode" (its Capability Map). The pairs below are
 * those comfyanonymous/ComfyUI `comfy_api_nodes/nodes_kling.py` holds to that map:
 * `MODE_START_END_FRAME` (image_tail), its camera nodes (text: kling-v1 std 5 s; image:
 * kling-v1-5 pro 5 s, type `simple` only), and the motion brush of kling-v1 (std and pro,
 * 5 s, Kling's own image2video example) and kling-v1-5 (pro, 5 s).
 */
type Mode = 'std' | 'pro';
type Combo = [model: string, mode: Mode, seconds: number];

const END_FRAME: Combo[] = [
  ['kling-v1', 'std', 5],
  ['kling-v1', 'pro', 5],
  ['kling-v1-5', 'pro', 5],
  ['kling-v1-5', 'pro', 10],
  ['kling-v1-6', 'pro', 5],
  ['kling-v1-6', 'pro', 10],
  ['kling-v2-1', 'pro', 5],
  ['kling-v2-1', 'pro', 10],
];
const BRUSH: Combo[] = [
  ['kling-v1', 'std', 5],
  ['kling-v1', 'pro', 5],
  ['kling-v1-5', 'pro', 5],
];
const CAMERA_TEXT: Combo[] = [['kling-v1', 'std', 5]];
const CAMERA_IMAGE: Combo[] = [['kling-v1-5', 'pro', 5]];

const combosOf = (list: Combo[], model: string) => list.filter((c) => c[0] === model);
const has = (list: Combo[], model: string, mode: Mode, seconds: number) =>
  list.some((c) => c[0] === model && c[1] === mode && c[2] === seconds);

/** kling-v2.x refuses `cfg_scale`. */
export const takesCfgScale = (model: string) => !/^kling-v2/.test(model);

/** The mode a request runs in: the one asked for, else the one its features need. */
export function klingMode(model: string, shape: Omit<RequestShape, 'aspect'>): Mode {
  if (shape.mode) return shape.mode;
  const needs = (list: Combo[]) =>
    combosOf(list, model).some((c) => c[2] === shape.duration) &&
    !has(list, model, 'std', shape.duration);
  if (shape.lastFrame && needs(END_FRAME)) return 'pro';
  if (shape.motionBrush && needs(BRUSH)) return 'pro';
  // kling-v2-5-turbo makes no std image-to-video (nodes_kling.py, execute_image2video).
  if (shape.firstFrame && model === 'kling-v2-5-turbo') return 'pro';
  return 'std';
}

/** Whether `camera_control` goes with this request (else the preset goes as words). */
export function takesCamera(model: string, shape: Omit<RequestShape, 'aspect'>): boolean {
  if (shape.lastFrame || shape.motionBrush) return false;
  const mode = klingMode(model, shape);
  return has(shape.firstFrame ? CAMERA_IMAGE : CAMERA_TEXT, model, mode, shape.duration);
}

export function klingSpec(model: string): Partial<ModelSpec> {
  return {
    capabilities: {
      // kling-v1-5 makes no text-to-video (Kling's Capability Map).
      text: model !== 'kling-v1-5',
      firstFrame: true,
      lastFrame: combosOf(END_FRAME, model).length > 0,
      // Extend starts an image-to-video from the parent's last frame (no native extend here).
      extend: true,
      camera: combosOf([...CAMERA_TEXT, ...CAMERA_IMAGE], model).length > 0,
      motionBrush: combosOf(BRUSH, model).length > 0,
    },
  };
}

function refuseFeature(
  list: Combo[],
  field: string,
  what: string,
  model: string,
  shape: RequestShape,
): Refusal | null {
  const mine = combosOf(list, model);
  if (!mine.length) return { field, what };
  if (!mine.some((c) => c[2] === shape.duration))
    return { field: 'duration', what: `${what} at ${shape.duration} s` };
  const mode = klingMode(model, shape);
  if (!has(list, model, mode, shape.duration))
    return { field: 'mode', what: `${what} in ${mode} mode` };
  return null;
}

export function klingRefusal(model: string, shape: RequestShape): Refusal | null {
  if (shape.lastFrame && shape.motionBrush)
    return { field: 'motionBrush', what: 'a motion brush together with a last frame' };
  if (shape.lastFrame) return refuseFeature(END_FRAME, 'lastFrame', 'a last frame', model, shape);
  if (shape.motionBrush)
    return refuseFeature(BRUSH, 'motionBrush', 'the motion brush', model, shape);
  return null;
}
