import { UpstreamError } from '../errors.js';
import { downloadBytes, requestJson, withCamera } from './http.js';
import { refusing } from './refusals.js';
import type {
  CheckInput,
  ModelSpec,
  VideoAdapter,
  VideoJob,
  VideoState,
  VideoUpstream,
} from './types.js';

/**
 * Google Veo through the Gemini API (ai.google.dev/gemini-api/docs/video; as New API relays
 * it, QuantumNous/new-api `relay/channel/task/gemini/adaptor.go`, `dto.go`):
 * - `POST /v1beta/models/{model}:predictLongRunning` with `x-goog-api-key`: `{instances:
 *   [{prompt, image?: {bytesBase64Encoded, mimeType}, lastFrame?: {…}}], parameters:
 *   {aspectRatio "16:9" | "9:16", durationSeconds, resolution "720p" | "1080p",
 *   negativePrompt, seed, generateAudio}}` → a long-running operation `{name:
 *   "models/{model}/operations/{id}"}`;
 * - `GET /v1beta/{name}` → `{name, done, response: {generateVideoResponse: {generatedSamples:
 *   [{video: {uri}}], raiMediaFilteredCount, raiMediaFilteredReasons}}, error: {code,
 *   message}}`; the `uri` is read with the same key;
 * - refusals: google.rpc.Status `{error: {code, message, status}}` — `INVALID_ARGUMENT`
 *   (400), `RESOURCE_EXHAUSTED` (429: quota), `PERMISSION_DENIED` (403); the safety filter
 *   leaves no sample and says why in `raiMediaFilteredReasons`.
 * No callbacks: polled.
 */
interface Operation {
  name: string;
  done?: boolean;
  error?: { code?: number; message?: string } | null;
  response?: {
    generateVideoResponse?: {
      generatedSamples?: Array<{ video?: { uri?: string } }>;
      raiMediaFilteredCount?: number;
      raiMediaFilteredReasons?: string[];
    };
  } | null;
}

const errorText = (b: unknown) => {
  const e = (b as { error?: { status?: string; message?: string } } | undefined)?.error;
  return e ? `${e.status ?? ''}: ${e.message ?? ''}` : undefined;
};
const CODES = {
  filtered: /violat|sensitive|safety|blocked/i,
  quota: /RESOURCE_EXHAUSTED.*quota|billing/i,
};
const key = (up: { apiKey: string | null }) => ({ 'x-goog-api-key': up.apiKey ?? '' });

export function veoState(op: Operation): VideoState {
  if (op.error?.message)
    return {
      phase: 'failed',
      status: 'error',
      progress: 0,
      error: op.error.message,
      filtered: CODES.filtered.test(op.error.message),
    };
  if (!op.done) return { phase: 'running', status: 'running', progress: 50 };
  const r = op.response?.generateVideoResponse;
  const uri = r?.generatedSamples?.[0]?.video?.uri;
  if (uri) return { phase: 'succeeded', status: 'done', progress: 100, videoUrl: uri };
  const why = r?.raiMediaFilteredReasons?.join(' ') || 'no video in the answer';
  return {
    phase: 'failed',
    status: 'done',
    progress: 0,
    error: why,
    filtered: (r?.raiMediaFilteredCount ?? 0) > 0,
  };
}

/** veo-3.1: 4/6/8 s and a last frame; veo-3.0: 8 s; both with sound and 1080p; veo-2: 5–8 s. */
export function veoSpec(model: string): Partial<ModelSpec> {
  const v3 = /veo-3/.test(model);
  const v31 = /veo-3\.1/.test(model);
  return {
    capabilities: {
      text: true,
      firstFrame: true,
      lastFrame: v31,
      extend: true,
      camera: false,
      motionBrush: false,
    },
    durations: v31 ? [4, 6, 8] : v3 ? [8] : [5, 8],
    options: { resolutions: v3 ? ['720p', '1080p'] : [], cameraFixed: false, audio: v3 },
  };
}

const image = (f: { bytes: Buffer; mime: string }) => ({
  bytesBase64Encoded: f.bytes.toString('base64'),
  mimeType: f.mime,
});

export function veoBody(job: VideoJob) {
  return {
    instances: [
      {
        prompt: withCamera(job.prompt, job.camera),
        ...(job.firstFrame ? { image: image(job.firstFrame) } : {}),
        ...(job.lastFrame ? { lastFrame: image(job.lastFrame) } : {}),
      },
    ],
    parameters: {
      aspectRatio: job.aspect,
      durationSeconds: job.duration,
      ...(job.resolution ? { resolution: job.resolution } : {}),
      ...(job.negativePrompt ? { negativePrompt: job.negativePrompt } : {}),
      ...(job.seed !== undefined ? { seed: job.seed % 2 ** 31 } : {}),
      ...(job.audio !== undefined ? { generateAudio: job.audio } : {}),
    },
  };
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  const r = await requestJson<{ models?: unknown[] }>(p, '/v1beta/models?pageSize=50', {
    headers: key(p),
    signal,
    errorText,
  });
  return `Veo (Gemini API): signed in, ${r.models?.length ?? 0} models listed`;
}

const opPath = (name: string) => {
  if (!/^models\/[\w.-]+\/operations\/[\w-]+$/.test(name))
    throw new UpstreamError(
      `Veo: not an operation name: ${name.slice(0, 80)}`,
      'permanent',
      'answer',
    );
  return `/v1beta/${name}`;
};

export const veo: VideoAdapter = {
  protocol: 'veo',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: false,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [8],
  aspects: ['16:9', '9:16'],
  spec: veoSpec,
  nativeExtend: false,
  callbacks: false,
  async submit(up, job, signal) {
    const op = await refusing(CODES, () =>
      requestJson<Operation>(
        up,
        `/v1beta/models/${encodeURIComponent(job.model || 'veo-3.0-generate-001')}:predictLongRunning`,
        {
          json: veoBody(job),
          headers: key(up),
          signal,
          errorText,
        },
      ),
    );
    opPath(op.name);
    return { id: op.name };
  },
  async fetch(up, id, signal) {
    return veoState(
      await requestJson<Operation>(up, opPath(id), { headers: key(up), signal, errorText }),
    );
  },
  download: (up: VideoUpstream, _id, state, signal) => {
    const url = state.videoUrl ?? '';
    // The key goes only to the API's own host (the file's `uri` is there), never elsewhere.
    const own = URL.canParse(url) && new URL(url).origin === new URL(up.baseUrl).origin;
    return downloadBytes(url, {
      base: up.baseUrl,
      ...(own ? { headers: key(up) } : {}),
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  checkConnection,
};

/** New API's Gemini channel reads `metadata` into Veo's `parameters` (`task/gemini/adaptor.go`). */
export const veoMetadata = (job: VideoJob): Record<string, unknown> => veoBody(job).parameters;
