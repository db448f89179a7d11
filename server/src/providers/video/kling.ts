import { createHmac } from 'node:crypto';
import { UpstreamError } from '../errors.js';
import { bearer, downloadBytes, joinUrl, requestJson, withCamera } from './http.js';
import { klingMode, klingRefusal, klingSpec, takesCamera, takesCfgScale } from './kling-models.js';
import { relayCheck } from './luma-relay.js';
import { openAiState } from './openai-video.js';
import type { CheckInput, VideoAdapter, VideoJob, VideoState, VideoUpstream } from './types.js';

/**
 * Kling: `POST /v1/videos/{text2video|image2video}`, `GET …/{task_id}`; answers
 * `{code:0, data:{task_id, task_status submitted|processing|succeed|failed, task_result}}`.
 * Auth: a JWT (HS256) signed with the secret key, `iss` = access key; the provider's key is
 * stored as `accessKey:secretKey`. `callback_url` gets the task object on each change. What
 * each model/mode accepts: kling-models.ts.
 *
 * Through New API (QuantumNous/new-api `router/video-router.go`,
 * `relay/channel/task/kling/adaptor.go`): a key starting `sk-` is New API's own token, sent
 * as the Bearer as it is (New API tells its relays apart the same way, `isNewAPIRelay`). The
 * body goes to `/kling/v1/videos/{text2video|image2video}` and New API answers an OpenAI video
 * object (`dto.NewOpenAIVideo`: `{id, task_id, object:"video", model…}`); the task is then
 * read at `GET /v1/videos/{id}`, which New API converts (`ConvertToOpenAIVideo`) to
 * `{status, progress, metadata.url, error}`. It relays no callbacks: polled.
 */
export const isNewApiKey = (key: string | null) => !!key && key.startsWith('sk-');

export function klingToken(apiKey: string | null, now = Date.now()): string {
  const [access, secret] = (apiKey ?? '').split(':');
  if (!access || !secret)
    throw new UpstreamError('Kling needs the key as accessKey:secretKey', 'permanent', 'refused');
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const t = Math.floor(now / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: access, exp: t + 1800, nbf: t - 5 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

interface KlingTask {
  task_id: string;
  task_status: 'submitted' | 'processing' | 'succeed' | 'failed';
  task_status_msg?: string;
  task_result?: { videos?: Array<{ id?: string; url: string; duration?: string }> };
}
interface KlingAnswer<T> {
  code: number;
  message?: string;
  data?: T;
}

const auth = (key: string | null) => ({
  authorization: `Bearer ${isNewApiKey(key) ? key : klingToken(key)}`,
});
const errorText = (b: unknown) => (b as { message?: string } | undefined)?.message;

export function klingState(t: KlingTask): VideoState {
  const status = t.task_status;
  if (status === 'succeed')
    return {
      phase: 'succeeded',
      status,
      progress: 100,
      videoUrl: t.task_result?.videos?.[0]?.url,
    };
  if (status === 'failed')
    return {
      phase: 'failed',
      status,
      progress: 0,
      error: t.task_status_msg || 'failed',
      filtered: /risk|security|sensitive|policy/i.test(t.task_status_msg ?? ''),
    };
  return {
    phase: status === 'processing' ? 'running' : 'queued',
    status,
    progress: status === 'processing' ? 50 : 5,
  };
}

/** Kling's "simple" camera moves (one axis, −10…10), or a preset type. */
const CAMERA: Record<string, object> = {
  zoom_in: {
    type: 'simple',
    config: { horizontal: 0, vertical: 0, pan: 0, tilt: 0, roll: 0, zoom: 5 },
  },
  zoom_out: {
    type: 'simple',
    config: { horizontal: 0, vertical: 0, pan: 0, tilt: 0, roll: 0, zoom: -5 },
  },
  pan_left: {
    type: 'simple',
    config: { horizontal: 0, vertical: 0, pan: -5, tilt: 0, roll: 0, zoom: 0 },
  },
  pan_right: {
    type: 'simple',
    config: { horizontal: 0, vertical: 0, pan: 5, tilt: 0, roll: 0, zoom: 0 },
  },
  tilt_up: {
    type: 'simple',
    config: { horizontal: 0, vertical: 0, pan: 0, tilt: 5, roll: 0, zoom: 0 },
  },
  tilt_down: {
    type: 'simple',
    config: { horizontal: 0, vertical: 0, pan: 0, tilt: -5, roll: 0, zoom: 0 },
  },
  orbit: { type: 'right_turn_forward' },
};

const MOVE: Record<string, [number, number]> = {
  up: [0, 1],
  down: [0, -1],
  left: [-1, 0],
  right: [1, 0],
};

/** A straight trajectory from the frame's middle, in Kling's bottom-left pixel space. */
function trajectory(direction: string, w = 1280, h = 720) {
  const [dx, dy] = MOVE[direction] ?? [0, 0];
  const cx = Math.round(w / 2);
  const cy = Math.round(h / 2);
  const step = Math.round(Math.min(w, h) / 8);
  return [0, 1, 2].map((i) => ({ x: cx + dx * step * i, y: cy + dy * step * i }));
}

/** Only what the model takes: `cfg_scale`, `camera_control`, masks where it accepts them. */
export function klingBody(job: VideoJob) {
  const image = job.firstFrame ?? undefined;
  const model = job.model || 'kling-v1-6';
  const shape = {
    duration: job.duration,
    firstFrame: !!image,
    lastFrame: !!job.lastFrame,
    motionBrush: !!job.motionBrush,
    mode: job.mode,
  };
  // Image-to-video takes only the `simple` camera type (nodes_kling.py).
  const camera = job.camera ? CAMERA[job.camera] : undefined;
  const moves =
    camera &&
    takesCamera(model, shape) &&
    (!image || (camera as { type: string }).type === 'simple');
  return {
    model_name: model,
    prompt: moves || !job.camera ? job.prompt : withCamera(job.prompt, job.camera),
    ...(job.negativePrompt ? { negative_prompt: job.negativePrompt } : {}),
    ...(image ? { image: image.bytes.toString('base64') } : {}),
    ...(job.lastFrame ? { image_tail: job.lastFrame.bytes.toString('base64') } : {}),
    mode: klingMode(model, shape),
    duration: String(job.duration),
    ...(image ? {} : { aspect_ratio: job.aspect }),
    ...(takesCfgScale(model) ? { cfg_scale: 0.5 } : {}),
    ...(moves ? { camera_control: camera } : {}),
    ...(job.motionBrush && image
      ? {
          dynamic_masks: [
            {
              mask: job.motionBrush.mask.toString('base64'),
              trajectories: trajectory(job.motionBrush.direction),
            },
          ],
        }
      : {}),
    ...(job.callbackUrl ? { callback_url: job.callbackUrl } : {}),
    external_task_id: job.externalId,
  };
}

async function kling<T>(up: VideoUpstream, path: string, json: unknown, signal?: AbortSignal) {
  const r = await requestJson<KlingAnswer<T>>(up, path, {
    headers: auth(up.apiKey),
    ...(json !== undefined ? { json } : {}),
    signal,
    errorText,
  });
  if (r.code !== 0 || !r.data) {
    const filtered = r.code === 1301;
    throw new UpstreamError(
      `Kling ${path}: code ${r.code} ${r.message ?? ''}`.trim(),
      r.code >= 1500 ? 'transient' : 'permanent',
      filtered ? 'banned' : 'refused',
      { code: r.code },
    );
  }
  return r.data;
}

/** New API's answers: an OpenAI video object, or its error `{error:{message}}` / `{message}`. */
const relayError = (b: unknown) => {
  const x = b as { error?: { message?: string } | string; message?: string } | undefined;
  return typeof x?.error === 'string' ? x.error : (x?.error?.message ?? x?.message);
};
interface RelayVideo {
  id: string;
  task_id?: string;
  status: 'queued' | 'in_progress' | 'completed' | 'failed';
  progress?: number;
  error?: { message?: string; code?: string } | null;
  metadata?: { url?: string } | null;
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  if (isNewApiKey(p.apiKey)) return relayCheck(p, 'Kling through New API', signal);
  const list = await kling<unknown[]>(
    p,
    '/v1/videos/text2video?pageNum=1&pageSize=1',
    undefined,
    signal,
  );
  return `Kling: signed in, ${Array.isArray(list) ? list.length : 0} recent task(s) visible`;
}

const isTask = (b: unknown): b is KlingTask =>
  !!b &&
  typeof (b as KlingTask).task_id === 'string' &&
  typeof (b as KlingTask).task_status === 'string';

export const klingAdapter: VideoAdapter = {
  protocol: 'kling',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: true,
    extend: true,
    camera: true,
    motionBrush: true,
  },
  durations: [5, 10],
  aspects: ['16:9', '9:16', '1:1'],
  nativeExtend: false,
  callbacks: true,
  spec: klingSpec,
  refuse: klingRefusal,
  async submit(up, job, signal) {
    const path = job.firstFrame ? '/v1/videos/image2video' : '/v1/videos/text2video';
    if (isNewApiKey(up.apiKey)) {
      // New API keeps no callbacks of ours: the task is polled.
      const { callback_url: _unused, ...body } = klingBody(job);
      const v = await requestJson<RelayVideo>(up, `/kling${path}`, {
        json: body,
        headers: bearer(up.apiKey),
        signal,
        errorText: relayError,
      });
      return { id: `n:${v.task_id || v.id}` };
    }
    const t = await kling<KlingTask>(up, path, klingBody(job), signal);
    return { id: `${job.firstFrame ? 'i' : 't'}:${t.task_id}` };
  },
  async fetch(up, id, signal) {
    if (id.startsWith('n:'))
      return openAiState(
        await requestJson<RelayVideo>(up, `/v1/videos/${encodeURIComponent(id.slice(2))}`, {
          headers: bearer(up.apiKey),
          signal,
          errorText: relayError,
        }),
      );
    const [kind, taskId] = id.includes(':') ? id.split(':', 2) : ['t', id];
    const path = `/v1/videos/${kind === 'i' ? 'image2video' : 'text2video'}/${encodeURIComponent(taskId!)}`;
    return klingState(await kling<KlingTask>(up, path, undefined, signal));
  },
  async download(up, id, state, signal) {
    if (id.startsWith('n:') && !state.videoUrl)
      return downloadBytes(
        joinUrl(up.baseUrl, `/v1/videos/${encodeURIComponent(id.slice(2))}/content`),
        {
          base: up.baseUrl,
          headers: bearer(up.apiKey),
          signal,
          timeoutMs: up.timeoutMs * 4,
        },
      );
    return downloadBytes(state.videoUrl ?? '', {
      base: up.baseUrl,
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  callback(body) {
    if (!isTask(body)) return null;
    // Our ids carry the endpoint; the callback only knows Kling's task id (matched by suffix).
    return { id: body.task_id, state: klingState(body) };
  },
  storedIds: (id) => [`t:${id}`, `i:${id}`],
  checkConnection,
};
