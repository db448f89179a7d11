import { bearer, clampProgress, downloadBytes, joinUrl, requestJson, withCamera } from './http.js';
import { relayCheck } from './luma-relay.js';
import type { CheckInput, VideoAdapter, VideoState } from './types.js';

/**
 * The OpenAI-style video API New API relays for many vendors: `POST /v1/videos` (multipart
 * model, prompt, seconds, size, input_reference) → `{id, status, progress}`;
 * `GET /v1/videos/{id}`; `GET /v1/videos/{id}/content` (the file, with the key);
 * `POST /v1/videos/{id}/remix` continues one. No callbacks: polled.
 */
interface OpenAiVideo {
  id: string;
  object?: string;
  status: 'queued' | 'in_progress' | 'completed' | 'failed';
  progress?: number;
  seconds?: string;
  size?: string;
  error?: { message?: string; code?: string } | null;
}

const SIZES: Record<string, string> = {
  '16:9': '1280x720',
  '9:16': '720x1280',
  '1:1': '1024x1024',
  '4:3': '1024x768',
  '3:4': '768x1024',
  '21:9': '1680x720',
};

const errorText = (b: unknown) =>
  (b as { error?: { message?: string } } | undefined)?.error?.message;

export function openAiState(v: OpenAiVideo): VideoState {
  if (v.status === 'completed') return { phase: 'succeeded', status: v.status, progress: 100 };
  if (v.status === 'failed')
    return {
      phase: 'failed',
      status: v.status,
      progress: 0,
      error: v.error?.message || 'failed',
      filtered: /moderation|policy|safety/i.test(
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
  durations: [4, 8, 12],
  aspects: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
  callbacks: false,
  async submit(up, job, signal) {
    const prompt = withCamera(job.prompt, job.camera);
    if (job.action === 'extend' && job.parentUpstreamId) {
      const r = await requestJson<OpenAiVideo>(
        up,
        `/v1/videos/${encodeURIComponent(job.parentUpstreamId)}/remix`,
        { json: { prompt }, headers: bearer(up.apiKey), signal, errorText },
      );
      return { id: r.id };
    }
    const form = new FormData();
    form.set('model', job.model || 'sora-2');
    form.set('prompt', prompt);
    form.set('seconds', String(job.duration));
    form.set('size', SIZES[job.aspect] ?? '1280x720');
    if (job.firstFrame)
      form.set(
        'input_reference',
        new Blob([new Uint8Array(job.firstFrame.bytes)], { type: job.firstFrame.mime }),
        `frame.${job.firstFrame.mime.split('/')[1] ?? 'png'}`,
      );
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
  async download(up, id, _state, signal) {
    return downloadBytes(joinUrl(up.baseUrl, `/v1/videos/${encodeURIComponent(id)}/content`), {
      base: up.baseUrl,
      headers: bearer(up.apiKey),
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  checkConnection,
};
