import { UpstreamError } from '../errors.js';
import { callJimeng, type JimengUpstream } from '../jimeng.js';

/**
 * Jimeng images (即梦文生图) on Volcengine's visual API (providers/jimeng.ts; its pages
 * "即梦文生图2.1 / 3.0 / 3.1", "即梦图片4.0"): the same signed `CVSync2AsyncSubmitTask` /
 * `CVSync2AsyncGetResult`, the model the `req_key` (`jimeng_high_aes_general_v21_L`,
 * `jimeng_t2i_v30`, `jimeng_t2i_v31`, `jimeng_t2i_v40`). The submit takes `{req_key, prompt,
 * seed, width, height}` (4.0 also up to ten references in `binary_data_base64`); the result is
 * asked for with `req_json: {"return_url": true}` so it answers `image_urls` (valid 24 h: the
 * engine copies the picture at once), else the pictures come as `binary_data_base64`.
 */

/** Whether the model takes reference pictures (Jimeng 4.0). */
export const jimengTakesImages = (model: string) => /v40|_4\d|seedream/i.test(model);

/** Width and height for an aspect ratio at the model's own scale (2.1: 512², 3.x: 1328², 4.0: 2048²). */
export function jimengSize(model: string, aspect = '1:1'): { width: number; height: number } {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const side = /v21|general/i.test(model) ? 512 : jimengTakesImages(model) ? 2048 : 1328;
  const scale = Math.sqrt((side * side) / (w * h));
  const round = (v: number) => Math.round((v * scale) / 16) * 16;
  return { width: round(w), height: round(h) };
}

export interface JimengImageInput extends JimengUpstream {
  signal?: AbortSignal;
  model: string;
  prompt: string;
  aspectRatio?: string;
  seed?: number;
  images?: Array<{ bytes: Buffer; mime: string }>;
}

export type JimengImageStatus =
  | { state: 'pending'; progress: number }
  | { state: 'ready'; url: string }
  | { state: 'ready'; bytes: Buffer };

/** Starts one picture: the task's id. */
export async function submitJimengImage(input: JimengImageInput): Promise<string> {
  const refs = (input.images ?? []).map((i) => i.bytes.toString('base64'));
  const a = await callJimeng(
    input,
    'CVSync2AsyncSubmitTask',
    {
      req_key: input.model,
      prompt: input.prompt,
      seed: input.seed !== undefined ? input.seed % 2 ** 31 : -1,
      ...jimengSize(input.model, input.aspectRatio),
      ...(refs.length ? { binary_data_base64: refs } : {}),
    },
    input.signal,
  );
  if (!a.data?.task_id) throw UpstreamError.transient('Jimeng: no task_id in the answer', 'answer');
  return a.data.task_id;
}

/** One look at the picture in the making. */
export async function pollJimengImage(
  up: JimengUpstream & { signal?: AbortSignal },
  model: string,
  taskId: string,
): Promise<JimengImageStatus> {
  const a = await callJimeng(
    up,
    'CVSync2AsyncGetResult',
    { req_key: model, task_id: taskId, req_json: JSON.stringify({ return_url: true }) },
    up.signal,
  );
  const d = a.data ?? {};
  if (d.status === 'done') {
    if (d.image_urls?.[0]) return { state: 'ready', url: d.image_urls[0] };
    if (d.binary_data_base64?.[0])
      return { state: 'ready', bytes: Buffer.from(d.binary_data_base64[0], 'base64') };
    throw new UpstreamError('Jimeng: done without a picture', 'permanent', 'answer');
  }
  if (d.status === 'not_found' || d.status === 'expired')
    throw new UpstreamError(`Jimeng: task ${d.status}`, 'permanent', 'answer');
  return { state: 'pending', progress: d.status === 'generating' ? 50 : 10 };
}
