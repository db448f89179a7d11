import type { video as V } from '@atelier/contracts';
import { bearer, downloadBytes, requestJson, withCamera } from './http.js';
import { dataUrl, refusing } from './refusals.js';
import type { CheckInput, ModelSpec, VideoAdapter, VideoJob, VideoState } from './types.js';

/**
 * Doubao Seedance on Volcengine Ark (the Ark video generation API; as New API relays it,
 * QuantumNous/new-api `relay/channel/task/doubao/adaptor.go`):
 * - `POST /api/v3/contents/generations/tasks` with a Bearer key: `{model, content: [{type:
 *   "text", text}, {type: "image_url", image_url: {url}, role: "first_frame" | "last_frame"}],
 *   resolution, ratio, duration, seed, camera_fixed, watermark, generate_audio, callback_url}`
 *   → `{id}`;
 * - `GET /api/v3/contents/generations/tasks/{id}` → `{id, model, status queued | running |
 *   succeeded | failed | cancelled, content: {video_url}, error: {code, message}, …}`; the
 *   same object is POSTed to `callback_url` when the status changes;
 * - refusals: `{error: {code, message}}` — `InvalidParameter` (400), the input filter
 *   `InputTextSensitiveContentDetected` / `InputImageSensitiveContentDetected` (400), a task
 *   failed by `OutputVideoSensitiveContentDetected`, `QuotaExceeded` / `AccountOverdueError`.
 * `video_url` is a signed TOS link that expires (24 h): the clip is copied at once.
 */
interface ArkTask {
  id: string;
  model?: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | string;
  content?: { video_url?: string } | null;
  error?: { code?: string; message?: string } | null;
}

const errorText = (b: unknown) => {
  const e = (b as { error?: { code?: string; message?: string } } | undefined)?.error;
  return e ? `${e.code ?? ''}: ${e.message ?? ''}` : undefined;
};
const CODES = {
  filtered: /SensitiveContentDetected|RiskDetected/,
  quota: /QuotaExceeded|AccountOverdue|InsufficientBalance|SetLimitExceeded/,
};

export function seedanceState(t: ArkTask): VideoState {
  const s = t.status;
  if (s === 'succeeded')
    return { phase: 'succeeded', status: s, progress: 100, videoUrl: t.content?.video_url };
  if (s === 'failed' || s === 'cancelled') {
    const why = `${t.error?.code ?? ''} ${t.error?.message ?? ''}`.trim() || s;
    return {
      phase: 'failed',
      status: s,
      progress: 0,
      error: why,
      filtered: CODES.filtered.test(why),
    };
  }
  return {
    phase: s === 'running' ? 'running' : 'queued',
    status: s,
    progress: s === 'running' ? 50 : 10,
  };
}

/** Per model (Ark's model list): lite-t2v is text only, lite-i2v pictures only; 1.5 pro has sound. */
export function seedanceSpec(model: string): Partial<ModelSpec> {
  const textOnly = /t2v/i.test(model);
  const pictureOnly = /i2v/i.test(model);
  const lastFrame = pictureOnly || /1-5|1\.5/.test(model);
  return {
    capabilities: {
      text: !pictureOnly,
      firstFrame: !textOnly,
      lastFrame: !textOnly && lastFrame,
      extend: !textOnly,
      camera: false,
      motionBrush: false,
    },
    options: {
      resolutions: /lite/i.test(model) ? ['720p', '480p'] : ['1080p', '720p', '480p'],
      cameraFixed: true,
      audio: /1-5|1\.5/.test(model),
    },
  };
}

export function seedanceBody(job: VideoJob) {
  const content: object[] = [{ type: 'text', text: withCamera(job.prompt, job.camera) }];
  if (job.firstFrame)
    content.push({
      type: 'image_url',
      image_url: { url: dataUrl(job.firstFrame) },
      role: 'first_frame',
    });
  if (job.lastFrame)
    content.push({
      type: 'image_url',
      image_url: { url: dataUrl(job.lastFrame) },
      role: 'last_frame',
    });
  return {
    model: job.model,
    content,
    // A first frame sets the shape; "adaptive" follows it.
    ratio: job.firstFrame ? 'adaptive' : job.aspect,
    duration: job.duration,
    ...(job.resolution ? { resolution: job.resolution } : {}),
    ...(job.seed !== undefined ? { seed: job.seed % 2 ** 31 } : {}),
    ...(job.cameraFixed !== undefined ? { camera_fixed: job.cameraFixed } : {}),
    ...(job.audio !== undefined ? { generate_audio: job.audio } : {}),
    watermark: false,
    ...(job.callbackUrl ? { callback_url: job.callbackUrl } : {}),
  };
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  const r = await requestJson<{ total?: number }>(
    p,
    '/api/v3/contents/generations/tasks?page_num=1&page_size=1',
    { headers: bearer(p.apiKey), signal, errorText },
  );
  return `Seedance (Ark): signed in, ${r.total ?? 0} task(s) listed`;
}

const isTask = (b: unknown): b is ArkTask =>
  !!b && typeof (b as ArkTask).id === 'string' && typeof (b as ArkTask).status === 'string';

const ASPECTS: V.VideoAspect[] = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'];

export const seedance: VideoAdapter = {
  protocol: 'seedance',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: false,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [5, 10],
  aspects: ASPECTS,
  options: { resolutions: ['1080p', '720p', '480p'], cameraFixed: true, audio: false },
  spec: seedanceSpec,
  nativeExtend: false,
  callbacks: true,
  async submit(up, job, signal) {
    const t = await refusing(CODES, () =>
      requestJson<{ id: string }>(up, '/api/v3/contents/generations/tasks', {
        json: seedanceBody(job),
        headers: bearer(up.apiKey),
        signal,
        errorText,
      }),
    );
    return { id: t.id };
  },
  async fetch(up, id, signal) {
    return seedanceState(
      await refusing(CODES, () =>
        requestJson<ArkTask>(up, `/api/v3/contents/generations/tasks/${encodeURIComponent(id)}`, {
          headers: bearer(up.apiKey),
          signal,
          errorText,
        }),
      ),
    );
  },
  download: (up, _id, state, signal) =>
    downloadBytes(state.videoUrl ?? '', { base: up.baseUrl, signal, timeoutMs: up.timeoutMs * 4 }),
  callback: (body) => (isTask(body) ? { id: body.id, state: seedanceState(body) } : null),
  checkConnection,
};

/**
 * The same request as New API's unified `/v1/video/generations` takes it for a Doubao channel
 * (`task/doubao/adaptor.go`: `metadata` is read into Ark's body, the prompt added as the text).
 */
export function seedanceMetadata(job: VideoJob): Record<string, unknown> {
  const { model: _m, content, callback_url: _c, ...rest } = seedanceBody(job);
  const frames = content.filter((c) => (c as { type?: string }).type === 'image_url');
  return { ...rest, ...(frames.length ? { content: frames } : {}) };
}
