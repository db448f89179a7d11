import { bearer, clampProgress, downloadBytes, requestJson, withCamera } from './http.js';
import { relayCheck } from './luma-relay.js';
import type { CheckInput, VideoAdapter, VideoState } from './types.js';

/**
 * Pika as relays serve it: `POST /pika/generate {promptText, image, model, pikaffect,
 * options{aspectRatio, parameters{negativePrompt}}}` → `{id}`; poll `GET /pika/feed/{id}`
 * until `videos[0].status` is finished or error. No callbacks.
 */
interface PikaVideo {
  id?: string;
  status: 'queued' | 'pending' | 'started' | 'finished' | 'error' | string;
  progress?: number;
  resultUrl?: string;
  error?: string;
}
interface PikaFeed {
  id: string;
  videos?: PikaVideo[];
}

export function pikaState(feed: PikaFeed): VideoState {
  const v = feed.videos?.[0];
  const status = v?.status ?? 'queued';
  if (status === 'finished')
    return { phase: 'succeeded', status, progress: 100, videoUrl: v?.resultUrl };
  if (status === 'error')
    return {
      phase: 'failed',
      status,
      progress: 0,
      error: v?.error || 'error',
      filtered: /moderat|nsfw|policy/i.test(v?.error ?? ''),
    };
  return {
    phase: status === 'queued' || status === 'pending' ? 'queued' : 'running',
    status,
    progress: clampProgress(v?.progress ?? 0),
  };
}

export const checkConnection = (p: CheckInput, signal?: AbortSignal) =>
  relayCheck(p, 'Pika relay', signal);

export const pika: VideoAdapter = {
  protocol: 'pika',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: false,
    extend: false,
    camera: false,
    motionBrush: false,
  },
  durations: [3, 5],
  aspects: ['16:9', '9:16', '1:1', '4:3', '3:4'],
  callbacks: false,
  preferredBy: 'pikaVideo',
  async submit(up, job, signal) {
    const body = {
      promptText: withCamera(job.prompt, job.camera),
      ...(job.firstFrame ? { image: job.firstFrame.link } : {}),
      model: job.model || '2.2',
      ...(job.action === 'anime' ? { pikaffect: 'Anime' } : {}),
      options: {
        aspectRatio: job.aspect,
        frameRate: 24,
        parameters: {
          ...(job.negativePrompt ? { negativePrompt: job.negativePrompt } : {}),
          ...(job.seed !== undefined ? { seed: job.seed } : {}),
        },
      },
    };
    const r = await requestJson<{ id: string }>(up, '/pika/generate', {
      json: body,
      headers: bearer(up.apiKey),
      signal,
    });
    return { id: r.id };
  },
  async fetch(up, id, signal) {
    return pikaState(
      await requestJson<PikaFeed>(up, `/pika/feed/${encodeURIComponent(id)}`, {
        headers: bearer(up.apiKey),
        signal,
      }),
    );
  },
  async download(up, _id, state, signal) {
    return downloadBytes(state.videoUrl ?? '', {
      base: up.baseUrl,
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  checkConnection,
};
