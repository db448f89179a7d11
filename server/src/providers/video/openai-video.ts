import type { video as V } from '@atelier/contracts';
import { frameSized } from './frames.js';
import { bearer, clampProgress, downloadBytes, joinUrl, requestJson, withCamera } from './http.js';
import { relayCheck } from './luma-relay.js';
import type { CheckInput, VideoAdapter, VideoState } from './types.js';

/**
 * OpenAI's video API, which New API also serves for the vendors it relays (Kling, Vidu…:
 * QuantumNous/new-api `router/video-router.go`), so the adapter takes any model name.
 * Source: openai/openai-node `src/resources/videos.ts`:
 * - `POST /v1/videos` (multipart `prompt`, `model`, `seconds` '4'|'8'|'12', `size`
 *   '720x1280'|'1280x720'|'1024x1792'|'1792x1024', `input_reference` a picture that must be
 *   the asked size) → a Video `{id, status queued|in_progress|completed|failed, progress…}`;
 * - `GET /v1/videos/{id}`; `GET /v1/videos/{id}/content` (the MP4, with the key);
 * - `POST /v1/videos/{id}/remix {prompt}` makes an edited copy of a finished video: it does
 *   not continue one, so extend here sends the parent's last frame as `input_reference`.
 * No callbacks: polled.
 */
interface OpenAiVideo {
  id: string;
  object?: string;
  status: 'queued' | 'in_progress' | 'completed' | 'failed';
  progress?: number;
  seconds?: string;
  size?: string;
  error?: { message?: string; code?: string } | null;
  /** New API's conversion of a relayed vendor's task puts the result link here. */
  metadata?: { url?: string } | null;
}

/** The sizes `VideoSize` allows, by our aspect (the larger two are the same shapes). */
export const OPENAI_SIZES: Partial<Record<V.VideoAspect, [number, number]>> = {
  '16:9': [1280, 720],
  '9:16': [720, 1280],
};
/** `VideoSeconds`. */
export const OPENAI_SECONDS = [4, 8, 12];

const errorText = (b: unknown) =>
  (b as { error?: { message?: string } } | undefined)?.error?.message;

export function openAiState(v: OpenAiVideo): VideoState {
  if (v.status === 'completed')
    return {
      phase: 'succeeded',
      status: v.status,
      progress: 100,
      ...(v.metadata?.url ? { videoUrl: v.metadata.url } : {}),
    };
  if (v.status === 'failed')
    return {
      phase: 'failed',
      status: v.status,
      progress: 0,
      error: v.error?.message || 'failed',
      filtered: /moderation|policy|safety|sensitive|inspection/i.test(
        `${v.error?.code ?? ''} ${v.error?.message ?? ''}`,
      ),
    };
  return {
    phase: v.status === 'in_progress' ? 'running' : 'queued',
    status: v.status,
    progress: clampProgress(v.progress ?? 0),
  };
}

export const checkConnection = (p: CheckInput, signal?: AbortSignal) =>
  relayCheck(p, 'OpenAI-style video', signal);

export const openAiVideo: VideoAdapter = {
  protocol: 'openai-video',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: false,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  nativeExtend: false,
  durations: OPENAI_SECONDS,
  aspects: ['16:9', '9:16'],
  callbacks: false,
  async submit(up, job, signal) {
    const [width, height] = OPENAI_SIZES[job.aspect] ?? [1280, 720];
    const form = new FormData();
    form.set('model', job.model || 'sora-2');
    form.set('prompt', withCamera(job.prompt, job.camera));
    form.set('seconds', String(job.duration));
    form.set('size', `${width}x${height}`);
    if (job.firstFrame) {
      // The reference must be the asked size exactly, or the upstream refuses it (400).
      const f = await frameSized(job.firstFrame, width, height);
      form.set(
        'input_reference',
        new Blob([new Uint8Array(f.bytes)], { type: f.mime }),
        'frame.png',
      );
    }
    const r = await requestJson<OpenAiVideo>(up, '/v1/videos', {
      form,
      headers: bearer(up.apiKey),
      signal,
      errorText,
    });
    return { id: r.id };
  },
  async fetch(up, id, signal) {
    return openAiState(
      await requestJson<OpenAiVideo>(up, `/v1/videos/${encodeURIComponent(id)}`, {
        headers: bearer(up.apiKey),
        signal,
        errorText,
      }),
    );
  },
  async download(up, id, state, signal) {
    // A relayed vendor's link (New API's `metadata.url`) is fetched as it is.
    if (state.videoUrl)
      return downloadBytes(state.videoUrl, { signal, timeoutMs: up.timeoutMs * 4 });
    return downloadBytes(joinUrl(up.baseUrl, `/v1/videos/${encodeURIComponent(id)}/content`), {
      base: up.baseUrl,
      headers: bearer(up.apiKey),
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  checkConnection,
};
