import { UpstreamError } from '../errors.js';
import { bearer, downloadBytes, requestJson, withCamera } from './http.js';
import { dataUrl } from './refusals.js';
import type {
  CheckInput,
  ModelSpec,
  VideoAdapter,
  VideoJob,
  VideoState,
  VideoUpstream,
} from './types.js';

/**
 * MiniMax Hailuo (platform.minimaxi.com/docs/api-reference/video-generation-intro; as New API
 * relays it, QuantumNous/new-api `relay/channel/task/hailuo/adaptor.go`, `models.go`,
 * `constants.go`):
 * - `POST /v1/video_generation` with a Bearer key: `{model, prompt, duration, resolution
 *   "512P" | "768P" | "1080P" | "720P", first_frame_image, last_frame_image, prompt_optimizer}`
 *   → `{task_id, base_resp: {status_code, status_msg}}`;
 * - `GET /v1/query/video_generation?task_id=` → `{task_id, status Preparing | Queueing |
 *   Processing | Success | Fail, file_id, base_resp}`;
 * - `GET /v1/files/retrieve?file_id=` → `{file: {download_url…}, base_resp}`: the link
 *   expires, so an expired one is asked for again at the next poll.
 * Refusals come as HTTP 200 with `base_resp.status_code`: 1002 rate limit, 1004 / 2049 the
 * key, 1008 no balance, 1026 sensitive input (1027 output), 2013 invalid parameters.
 * Its callback needs a challenge answered first: not used, polled.
 */
interface BaseResp {
  status_code: number;
  status_msg?: string;
}
interface QueryAnswer {
  task_id?: string;
  status?: string;
  file_id?: string;
  base_resp?: BaseResp;
}

const RESOLUTION: Record<string, string> = {
  '512p': '512P',
  '720p': '720P',
  '768p': '768P',
  '1080p': '1080P',
};

/** A `base_resp` that is not 0 as an `UpstreamError` of its kind. */
function checked<T extends { base_resp?: BaseResp }>(r: T, where: string): T {
  const code = r.base_resp?.status_code ?? 0;
  if (code === 0) return r;
  const message = `Hailuo ${where}: ${code} ${r.base_resp?.status_msg ?? ''}`.trim();
  if (code === 1002 || code === 1000 || code === 1039)
    throw UpstreamError.transient(message, 'http', { code });
  throw new UpstreamError(
    message,
    'permanent',
    code === 1026 || code === 1027 ? 'banned' : 'refused',
    { code },
  );
}

async function call<T extends { base_resp?: BaseResp }>(
  up: VideoUpstream,
  path: string,
  json: unknown,
  signal?: AbortSignal,
) {
  const r = await requestJson<T>(up, path, {
    headers: bearer(up.apiKey),
    ...(json !== undefined ? { json } : {}),
    signal,
    errorText: (b) => (b as { base_resp?: BaseResp } | undefined)?.base_resp?.status_msg,
  });
  return checked(r, path.split('?')[0]!);
}

export function hailuoState(q: QueryAnswer): VideoState {
  const s = q.status ?? '';
  if (s === 'Success') return { phase: 'succeeded', status: s, progress: 100 };
  if (s === 'Fail') {
    const why = q.base_resp?.status_msg || 'failed';
    return {
      phase: 'failed',
      status: s,
      progress: 0,
      error: why,
      filtered: /sensitive|1026|1027/i.test(`${q.base_resp?.status_code} ${why}`),
    };
  }
  return {
    phase: s === 'Processing' ? 'running' : 'queued',
    status: s,
    progress: s === 'Processing' ? 50 : s === 'Queueing' ? 20 : 5,
  };
}

/** New API's table (models.go): durations and resolutions per model; I2V models need a picture. */
export function hailuoSpec(model: string): Partial<ModelSpec> {
  const m = model.toLowerCase();
  const v02 = m.includes('hailuo-02');
  const v23 = m.includes('hailuo-2.3');
  const i2v = /^(i2v|s2v)-/.test(m);
  const t2v = /^t2v-/.test(m);
  return {
    capabilities: {
      text: !i2v,
      firstFrame: !t2v,
      lastFrame: v02,
      extend: !t2v,
      camera: false,
      motionBrush: false,
    },
    durations: v02 || v23 ? [6, 10] : [6],
    options: {
      resolutions: v02
        ? ['768p', '1080p', '512p']
        : v23 || m.includes('director')
          ? ['768p', '1080p']
          : ['720p'],
      cameraFixed: false,
      audio: false,
    },
  };
}

export function hailuoBody(job: VideoJob) {
  return {
    model: job.model,
    prompt: withCamera(job.prompt, job.camera),
    duration: job.duration,
    ...(job.resolution ? { resolution: RESOLUTION[job.resolution] } : {}),
    ...(job.firstFrame ? { first_frame_image: dataUrl(job.firstFrame) } : {}),
    ...(job.lastFrame ? { last_frame_image: dataUrl(job.lastFrame) } : {}),
    prompt_optimizer: true,
  };
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  // The cheapest signed read: a task that does not exist. The key refused is 1004 / 2049.
  const r = await requestJson<QueryAnswer>(p, '/v1/query/video_generation?task_id=0', {
    headers: bearer(p.apiKey),
    signal,
  });
  const code = r.base_resp?.status_code ?? 0;
  if (code === 1004 || code === 2049) checked(r, 'sign-in');
  return 'Hailuo (MiniMax): signed in';
}

export const hailuo: VideoAdapter = {
  protocol: 'hailuo',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: false,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [6],
  aspects: ['16:9'],
  spec: hailuoSpec,
  nativeExtend: false,
  callbacks: false,
  async submit(up, job, signal) {
    const r = await call<{ task_id?: string; base_resp?: BaseResp }>(
      up,
      '/v1/video_generation',
      hailuoBody(job),
      signal,
    );
    if (!r.task_id) throw UpstreamError.transient('Hailuo: no task_id in the answer', 'answer');
    return { id: r.task_id };
  },
  async fetch(up, id, signal) {
    const q = await requestJson<QueryAnswer>(
      up,
      `/v1/query/video_generation?task_id=${encodeURIComponent(id)}`,
      {
        headers: bearer(up.apiKey),
        signal,
      },
    );
    const state = hailuoState(q);
    // The file id stands for the link, which `download` asks for (it expires).
    if (state.phase === 'succeeded') return { ...state, videoUrl: q.file_id ?? '' };
    // A failed task carries its reason in base_resp; other codes are the query's own trouble.
    if (state.phase !== 'failed') checked(q, '/v1/query/video_generation');
    return state;
  },
  async download(up, _id, state, signal) {
    const fileId = state.videoUrl ?? '';
    // The download link is asked for each time: it expires.
    const r = await call<{ file?: { download_url?: string }; base_resp?: BaseResp }>(
      up,
      `/v1/files/retrieve?file_id=${encodeURIComponent(fileId)}`,
      undefined,
      signal,
    );
    return downloadBytes(r.file?.download_url ?? '', {
      base: up.baseUrl,
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  checkConnection,
};

/** New API's Hailuo channel reads `metadata` into MiniMax's body (`task/hailuo/adaptor.go`). */
export function hailuoMetadata(job: VideoJob): Record<string, unknown> {
  const { model: _m, prompt: _p, duration: _d, ...rest } = hailuoBody(job);
  return rest;
}
