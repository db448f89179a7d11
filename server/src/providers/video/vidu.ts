import { downloadBytes, requestJson, withCamera } from './http.js';
import { dataUrl, refusing } from './refusals.js';
import type { CheckInput, ModelSpec, VideoAdapter, VideoJob, VideoState } from './types.js';

/**
 * Vidu's own API (platform.vidu.cn/docs; as New API relays it, QuantumNous/new-api
 * `relay/channel/task/vidu/adaptor.go`):
 * - `POST /ent/v2/text2video`, `/img2video` (one image), `/start-end2video` (two), with
 *   `Authorization: Token <key>`: `{model, prompt, images, duration, seed, resolution,
 *   movement_amplitude, bgm, aspect_ratio (text only)}` → `{task_id, state created | queueing
 *   | processing | success | failed, …}`;
 * - `GET /ent/v2/tasks/{id}/creations` → `{state, err_code, credits, creations: [{id, url,
 *   cover_url}]}`; the `url` is signed and expires;
 * - refusals `{code, reason, message}`: `BadRequest` (400), `CreditInsufficient`, the audit
 *   (`AuditSubmitIllegal`); a task failed with its `err_code`.
 * - `POST /ent/v2/reference2video` with `images` the subjects to keep (viduq1 up to 7, vidu2.0
 *   and vidu1.5 up to 3), `prompt` required, `aspect_ratio`: reference-to-video, offered only for
 *   those models (`options.references`).
 * Its `callback_url` is not used: polled.
 */
interface ViduTask {
  task_id?: string;
  state?: string;
  err_code?: string;
  creations?: Array<{ id?: string; url?: string; cover_url?: string }>;
}

const errorText = (b: unknown) => {
  const e = b as { reason?: string; message?: string } | undefined;
  return e?.reason ? `${e.reason}: ${e.message ?? ''}` : e?.message;
};
const CODES = { filtered: /Audit|Illegal|Sensitive|Policy/i, quota: /CreditInsufficient|Quota/i };
const auth = (key: string | null) => ({ authorization: `Token ${key ?? ''}` });

export function viduState(t: ViduTask): VideoState {
  const s = t.state ?? '';
  if (s === 'success')
    return { phase: 'succeeded', status: s, progress: 100, videoUrl: t.creations?.[0]?.url };
  if (s === 'failed') {
    const why = t.err_code || 'failed';
    return {
      phase: 'failed',
      status: s,
      progress: 0,
      error: why,
      filtered: CODES.filtered.test(why),
    };
  }
  return {
    phase: s === 'processing' ? 'running' : 'queued',
    status: s,
    progress: s === 'processing' ? 50 : 10,
  };
}

/** viduq1: 5 s at 1080p; vidu2.0 pictures only, 4/8 s; vidu1.5 everything at 4/8 s. */
export function viduSpec(model: string): Partial<ModelSpec> {
  const q = /viduq/.test(model);
  const v2 = /vidu2/.test(model);
  return {
    capabilities: {
      text: !v2,
      firstFrame: true,
      lastFrame: true,
      extend: true,
      camera: false,
      motionBrush: false,
    },
    durations: q ? [5] : [4, 8],
    options: {
      resolutions: q ? ['1080p'] : ['720p', '1080p', '480p'],
      cameraFixed: false,
      audio: true,
      references: q ? 7 : 3,
    },
  };
}

export function viduCall(job: VideoJob): { path: string; body: Record<string, unknown> } {
  const refs = (job.references ?? []).map(dataUrl);
  const images = refs.length
    ? refs
    : [job.firstFrame, job.lastFrame].filter((f) => !!f).map((f) => dataUrl(f!));
  const path = refs.length
    ? '/reference2video'
    : images.length === 2
      ? '/start-end2video'
      : images.length
        ? '/img2video'
        : '/text2video';
  return {
    path: `/ent/v2${path}`,
    body: {
      model: job.model || 'viduq1',
      prompt: withCamera(job.prompt, job.camera),
      // Reference-to-video takes the ratio too: the references are subjects, not frames.
      ...(images.length ? { images } : {}),
      ...(!images.length || refs.length ? { aspect_ratio: job.aspect } : {}),
      duration: job.duration,
      ...(job.seed !== undefined ? { seed: job.seed % 2 ** 31 } : {}),
      // Vidu names 360p where we say 480p (its lowest tier).
      ...(job.resolution
        ? { resolution: job.resolution === '480p' ? '360p' : job.resolution }
        : {}),
      movement_amplitude: 'auto',
      bgm: job.audio ?? false,
    },
  };
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  // A task that does not exist: 404 when signed in, 401 when the key is refused.
  try {
    await requestJson(p, '/ent/v2/tasks/0/creations', {
      headers: auth(p.apiKey),
      signal,
      errorText,
    });
  } catch (e) {
    if ((e as { status?: number }).status !== 404) throw e;
  }
  return 'Vidu: signed in';
}

export const vidu: VideoAdapter = {
  protocol: 'vidu',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: true,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [4, 8],
  aspects: ['16:9', '9:16', '1:1'],
  spec: viduSpec,
  nativeExtend: false,
  callbacks: false,
  async submit(up, job, signal) {
    const { path, body } = viduCall(job);
    const t = await refusing(CODES, () =>
      requestJson<ViduTask>(up, path, { json: body, headers: auth(up.apiKey), signal, errorText }),
    );
    if (!t.task_id) throw new Error('Vidu: no task_id in the answer');
    return { id: t.task_id };
  },
  async fetch(up, id, signal) {
    return viduState(
      await requestJson<ViduTask>(up, `/ent/v2/tasks/${encodeURIComponent(id)}/creations`, {
        headers: auth(up.apiKey),
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
 * New API's Vidu channel takes the pictures as `images` (two: start-end) and reads `metadata`
 * over Vidu's body (`task/vidu/adaptor.go`).
 */
export function viduRelay(job: VideoJob) {
  const {
    model: _m,
    prompt: _p,
    duration: _d,
    images,
    ...metadata
  } = viduCall(job).body as {
    images?: string[];
  } & Record<string, unknown>;
  return { images, metadata };
}
