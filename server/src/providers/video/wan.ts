import type { video as V } from '@atelier/contracts';
import { bearer, downloadBytes, requestJson, withCamera } from './http.js';
import { dataUrl, refusing } from './refusals.js';
import type { CheckInput, ModelSpec, VideoAdapter, VideoJob, VideoState } from './types.js';

/**
 * Alibaba Wan (Tongyi Wanxiang) on DashScope (help.aliyun.com/zh/model-studio, the
 * video-synthesis API; as New API relays it, QuantumNous/new-api `relay/channel/task/ali/
 * adaptor.go`):
 * - `POST /api/v1/services/aigc/video-generation/video-synthesis` with a Bearer key and
 *   `X-DashScope-Async: enable` (without it DashScope refuses: it runs no synchronous video):
 *   `{model, input: {prompt, negative_prompt, img_url | first_frame_url + last_frame_url},
 *   parameters: {size "1280*720" (text) | resolution "720P" (pictures), duration, seed,
 *   prompt_extend, watermark, audio}}` → `{output: {task_id, task_status: "PENDING"},
 *   request_id}`;
 * - `GET /api/v1/tasks/{task_id}` → `{output: {task_status PENDING | RUNNING | SUCCEEDED |
 *   FAILED | CANCELED | UNKNOWN, video_url, code, message}}`; `video_url` expires (24 h);
 * - refusals: `{code, message, request_id}` — `InvalidParameter` (400), the filter
 *   `DataInspectionFailed` (400; a task failed so too), `Arrearage` (400: the account is
 *   overdue), `Throttling.*` (429), `InvalidApiKey` (401).
 * No callbacks: polled.
 */
interface WanAnswer {
  output?: {
    task_id?: string;
    task_status?: string;
    video_url?: string;
    code?: string;
    message?: string;
  };
  code?: string;
  message?: string;
}

const errorText = (b: unknown) => {
  const e = b as { code?: string; message?: string } | undefined;
  return e?.code ? `${e.code}: ${e.message ?? ''}` : undefined;
};
const CODES = {
  filtered: /DataInspectionFailed|IPInfringementSuspect/,
  quota: /Arrearage|AllocationQuota|FreeTierOnly/,
};
const headers = (key: string | null) => ({ ...bearer(key), 'x-dashscope-async': 'enable' });

export function wanState(a: WanAnswer): VideoState {
  const o = a.output ?? {};
  const s = o.task_status ?? 'UNKNOWN';
  if (s === 'SUCCEEDED')
    return { phase: 'succeeded', status: s, progress: 100, videoUrl: o.video_url };
  if (s === 'FAILED' || s === 'CANCELED' || s === 'UNKNOWN') {
    const why = `${o.code ?? ''} ${o.message ?? ''}`.trim() || s;
    return {
      phase: 'failed',
      status: s,
      progress: 0,
      error: why,
      filtered: CODES.filtered.test(why),
    };
  }
  return {
    phase: s === 'RUNNING' ? 'running' : 'queued',
    status: s,
    progress: s === 'RUNNING' ? 50 : 10,
  };
}

/** t2v models draw from words, i2v from a first frame, kf2v from first and last; 2.5 has sound. */
export function wanSpec(model: string): Partial<ModelSpec> {
  const m = model.toLowerCase();
  const kf = m.includes('kf2v');
  const i2v = m.includes('i2v') || kf;
  const v25 = /wan2\.[5-9]/.test(m);
  return {
    capabilities: {
      text: !i2v,
      firstFrame: i2v,
      lastFrame: kf,
      extend: i2v,
      camera: false,
      motionBrush: false,
    },
    durations: v25 ? [5, 10] : [5],
    aspects: i2v ? ['16:9'] : ['16:9', '9:16', '1:1', '4:3', '3:4'],
    options: {
      resolutions: m.includes('flash')
        ? ['720p', '480p']
        : v25
          ? ['1080p', '720p', '480p']
          : ['1080p', '480p'],
      cameraFixed: false,
      audio: v25,
    },
  };
}

/** DashScope's text-to-video `size` per resolution and aspect (width*height). */
const SIZES: Record<string, Partial<Record<V.VideoAspect, string>>> = {
  '480p': { '16:9': '832*480', '9:16': '480*832', '1:1': '624*624' },
  '720p': {
    '16:9': '1280*720',
    '9:16': '720*1280',
    '1:1': '960*960',
    '4:3': '1088*832',
    '3:4': '832*1088',
  },
  '1080p': {
    '16:9': '1920*1080',
    '9:16': '1080*1920',
    '1:1': '1440*1440',
    '4:3': '1632*1248',
    '3:4': '1248*1632',
  },
};

export function wanBody(job: VideoJob) {
  const resolution = job.resolution ?? (wanSpec(job.model).options?.resolutions[0] || '720p');
  const pictures = !!job.firstFrame;
  const kf = !!job.lastFrame;
  return {
    model: job.model,
    input: {
      prompt: withCamera(job.prompt, job.camera),
      ...(job.negativePrompt ? { negative_prompt: job.negativePrompt } : {}),
      ...(job.firstFrame && !kf ? { img_url: dataUrl(job.firstFrame) } : {}),
      ...(job.firstFrame && kf
        ? { first_frame_url: dataUrl(job.firstFrame), last_frame_url: dataUrl(job.lastFrame!) }
        : {}),
    },
    parameters: {
      ...(pictures
        ? { resolution: resolution.toUpperCase() }
        : { size: SIZES[resolution]?.[job.aspect] ?? SIZES['720p']!['16:9'] }),
      duration: job.duration,
      ...(job.seed !== undefined ? { seed: job.seed % 2 ** 31 } : {}),
      prompt_extend: true,
      watermark: false,
      ...(job.audio !== undefined ? { audio: job.audio } : {}),
    },
  };
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  const r = await requestJson<{ total?: number }>(p, '/api/v1/tasks?page_no=1&page_size=1', {
    headers: bearer(p.apiKey),
    signal,
    errorText,
  });
  return `Wan (DashScope): signed in, ${r.total ?? 0} task(s) listed`;
}

export const wan: VideoAdapter = {
  protocol: 'wan',
  capabilities: {
    text: true,
    firstFrame: false,
    lastFrame: false,
    extend: false,
    camera: false,
    motionBrush: false,
  },
  durations: [5],
  aspects: ['16:9', '9:16', '1:1', '4:3', '3:4'],
  spec: wanSpec,
  nativeExtend: false,
  callbacks: false,
  async submit(up, job, signal) {
    const r = await refusing(CODES, () =>
      requestJson<WanAnswer>(up, '/api/v1/services/aigc/video-generation/video-synthesis', {
        json: wanBody(job),
        headers: headers(up.apiKey),
        signal,
        errorText,
      }),
    );
    if (!r.output?.task_id) throw new Error('Wan: no task_id in the answer');
    return { id: r.output.task_id };
  },
  async fetch(up, id, signal) {
    return wanState(
      await requestJson<WanAnswer>(up, `/api/v1/tasks/${encodeURIComponent(id)}`, {
        headers: bearer(up.apiKey),
        signal,
        errorText,
      }),
    );
  },
  download: (up, _id, state, signal) =>
    downloadBytes(state.videoUrl ?? '', { base: up.baseUrl, signal, timeoutMs: up.timeoutMs * 4 }),
  checkConnection,
};

/**
 * New API's Ali channel reads `metadata` over DashScope's whole body (`task/ali/adaptor.go`:
 * `input` and `parameters` merge into the ones it built from the prompt).
 */
export function wanMetadata(job: VideoJob): Record<string, unknown> {
  const { input, parameters } = wanBody(job);
  const { prompt: _p, ...frames } = input;
  return { input: frames, parameters };
}
