import { createHmac } from 'node:crypto';
import { UpstreamError } from '../errors.js';
import { downloadBytes, requestJson } from './http.js';
import type { CheckInput, VideoAdapter, VideoJob, VideoState, VideoUpstream } from './types.js';

/**
 * Kling: `POST /v1/videos/{text2video|image2video}`, `GET …/{task_id}`; answers
 * `{code:0, data:{task_id, task_status submitted|processing|succeed|failed, task_result}}`.
 * Auth: a JWT (HS256) signed with the secret key, `iss` = access key; the provider's key is
 * stored as `accessKey:secretKey`. `callback_url` gets the task object on each change.
 */
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

const auth = (key: string | null) => ({ authorization: `Bearer ${klingToken(key)}` });
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

export function klingBody(job: VideoJob) {
  const image = job.firstFrame ?? undefined;
  return {
    model_name: job.model || 'kling-v1-6',
    prompt: job.prompt,
    ...(job.negativePrompt ? { negative_prompt: job.negativePrompt } : {}),
    ...(image ? { image: image.bytes.toString('base64') } : {}),
    ...(job.lastFrame ? { image_tail: job.lastFrame.bytes.toString('base64') } : {}),
    mode: job.mode ?? 'std',
    duration: String(job.duration),
    ...(image ? {} : { aspect_ratio: job.aspect }),
    cfg_scale: 0.5,
    ...(job.camera && CAMERA[job.camera] ? { camera_control: CAMERA[job.camera] } : {}),
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

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
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
    extend: false,
    camera: true,
    motionBrush: true,
  },
  durations: [5, 10],
  aspects: ['16:9', '9:16', '1:1'],
  callbacks: true,
  async submit(up, job, signal) {
    const path = job.firstFrame ? '/v1/videos/image2video' : '/v1/videos/text2video';
    const t = await kling<KlingTask>(up, path, klingBody(job), signal);
    return { id: `${job.firstFrame ? 'i' : 't'}:${t.task_id}` };
  },
  async fetch(up, id, signal) {
    const [kind, taskId] = id.includes(':') ? id.split(':', 2) : ['t', id];
    const path = `/v1/videos/${kind === 'i' ? 'image2video' : 'text2video'}/${encodeURIComponent(taskId!)}`;
    return klingState(await kling<KlingTask>(up, path, undefined, signal));
  },
  async download(up, _id, state, signal) {
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
