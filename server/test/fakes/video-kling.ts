/**
 * Kling's refusals, and New API's Kling route, for the fake video upstream.
 *
 * Kling (app.klingai.com/global/dev/document-api/apiReference/model/textToVideo and
 * imageToVideo): `cfg_scale` is not supported by kling-v2.x; `image_tail`,
 * `dynamic_masks`/`static_mask` and `camera_control` cannot be used together; their support
 * varies by model and mode (the Capability Map, as comfyanonymous/ComfyUI
 * `comfy_api_nodes/nodes_kling.py` holds it: `MODE_START_END_FRAME`, the camera nodes — text
 * kling-v1 std 5 s, image kling-v1-5 pro 5 s, `simple` only — and the motion brush of kling-v1
 * and kling-v1-5 pro at 5 s). A refused parameter answers HTTP 400 `{code: 1201, message}`.
 *
 * New API (QuantumNous/new-api `router/video-router.go`, `relay/channel/task/kling/adaptor.go`,
 * `controller/relay.go` / `relay/relay_task.go`): `/kling/v1/videos/{text2video|image2video}`
 * behind its token auth (`Authorization: Bearer sk-…`; anything else, a Kling JWT included,
 * is 401 `{error:{message, type:"new_api_error"}}`); a submitted task answers
 * `dto.NewOpenAIVideo()` with `id` = `task_id` = Kling's task id; `GET /v1/videos/{id}` answers
 * `ConvertToOpenAIVideo`: `{id, object:"video", status, progress, created_at, completed_at,
 * seconds, metadata:{url}, error}`.
 */
interface KlingBody {
  model_name?: string;
  mode?: string;
  duration?: string;
  image?: string;
  image_tail?: string;
  cfg_scale?: number;
  camera_control?: { type?: string };
  dynamic_masks?: unknown[];
  static_mask?: string;
}

type Combo = [string, string, string];
const END_FRAME: Combo[] = [
  ['kling-v1', 'std', '5'],
  ['kling-v1', 'pro', '5'],
  ['kling-v1-5', 'pro', '5'],
  ['kling-v1-5', 'pro', '10'],
  ['kling-v1-6', 'pro', '5'],
  ['kling-v1-6', 'pro', '10'],
  ['kling-v2-1', 'pro', '5'],
  ['kling-v2-1', 'pro', '10'],
];
const BRUSH: Combo[] = [
  ['kling-v1', 'std', '5'],
  ['kling-v1', 'pro', '5'],
  ['kling-v1-5', 'pro', '5'],
];
const CAMERA_TEXT: Combo[] = [['kling-v1', 'std', '5']];
const CAMERA_IMAGE: Combo[] = [['kling-v1-5', 'pro', '5']];

/** Why Kling refuses the body, or null. */
export function klingRefusal(kind: 'text2video' | 'image2video', b: KlingBody): string | null {
  const model = b.model_name ?? 'kling-v1';
  const at: Combo = [model, b.mode ?? 'std', b.duration ?? '5'];
  const ok = (list: Combo[]) => list.some((c) => c.every((v, i) => v === at[i]));
  if (b.cfg_scale !== undefined && model.startsWith('kling-v2'))
    return `cfg_scale is not supported by ${model}`;
  const brush = !!(b.dynamic_masks?.length || b.static_mask);
  const features = [!!b.image_tail, brush, !!b.camera_control].filter(Boolean).length;
  if (features > 1)
    return 'image_tail, dynamic_masks/static_mask and camera_control cannot be used together';
  if (b.image_tail && !ok(END_FRAME)) return `image_tail is not supported by ${at.join(' ')}`;
  if (brush && !ok(BRUSH)) return `dynamic_masks is not supported by ${at.join(' ')}`;
  if (b.camera_control) {
    if (!ok(kind === 'text2video' ? CAMERA_TEXT : CAMERA_IMAGE))
      return `camera_control is not supported by ${at.join(' ')}`;
    if (kind === 'image2video' && b.camera_control.type !== 'simple')
      return 'camera_control.type must be simple for image2video';
  }
  if (kind === 'image2video' && !b.image && !b.image_tail) return 'image is required';
  return null;
}

/** New API's OpenAI video object of a relayed Kling task (`ConvertToOpenAIVideo`). */
export function newApiVideo(
  id: string,
  phase: 'queued' | 'running' | 'done' | 'failed',
  o: { progress: number; url?: string; seconds: number; created: number; why: string },
) {
  const status = {
    queued: 'queued',
    running: 'in_progress',
    done: 'completed',
    failed: 'failed',
  }[phase];
  return {
    id,
    object: 'video',
    status,
    progress: phase === 'done' ? 100 : o.progress,
    created_at: o.created,
    completed_at: phase === 'done' || phase === 'failed' ? Date.now() : 0,
    ...(phase === 'done' ? { seconds: String(o.seconds), metadata: { url: o.url } } : {}),
    ...(phase === 'failed' ? { error: { message: o.why, code: 'task_failed' } } : {}),
  };
}
