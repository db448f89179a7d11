import { UpstreamError } from '../errors.js';
import { bearer, clampProgress, downloadBytes, requestJson, withCamera } from './http.js';
import type { CheckInput, VideoAdapter, VideoState } from './types.js';

/**
 * The widely relayed Luma reverse-proxy format (LumaAI-API/Luma-API `router.go`, `models.go`):
 * `POST /luma/generations/` (user_prompt, image_url, image_end_url…), extend `POST
 * /luma/generations/{id}/extend`, poll `GET /luma/generations/{id}` → `{state, video{url…},
 * estimate_wait_seconds}`; `GET /luma/users/me` the signed-in account. No callbacks: polled.
 */
interface RelayGeneration {
  id: string;
  state: string;
  video?: { url?: string; download_url?: string; thumbnail?: string } | null;
  estimate_wait_seconds?: number | null;
  progress?: number;
  failure_reason?: string;
}

export function relayState(g: RelayGeneration): VideoState {
  const s = g.state;
  if (s === 'completed')
    return {
      phase: 'succeeded',
      status: s,
      progress: 100,
      videoUrl: g.video?.download_url || g.video?.url,
    };
  if (s === 'failed')
    return {
      phase: 'failed',
      status: s,
      progress: 0,
      error: g.failure_reason || 'failed',
      filtered: /moderation|policy|safety/i.test(g.failure_reason ?? ''),
    };
  const progress =
    g.progress !== undefined ? clampProgress(g.progress) : s === 'processing' ? 50 : 5;
  return { phase: s === 'processing' ? 'running' : 'queued', status: s, progress };
}

/** Relays (New API, One API and their kin) answer the model list cheaply. */
export async function relayCheck(p: CheckInput, name: string, signal?: AbortSignal) {
  const r = await requestJson<{ data?: unknown[] }>(p, '/v1/models', {
    headers: bearer(p.apiKey),
    signal,
  });
  return `${name}: the relay answers, ${r.data?.length ?? 0} models listed`;
}

/**
 * Luma-API's own cheapest read is `GET /luma/users/me` (behind its secret); a gateway that
 * carries the same `/luma` routes without it (a 404) is asked for its model list instead.
 */
export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  try {
    await requestJson<unknown>(p, '/luma/users/me', { headers: bearer(p.apiKey), signal });
    return 'Luma relay: the relay answers, signed in';
  } catch (e) {
    if (e instanceof UpstreamError && e.status === 404) return relayCheck(p, 'Luma relay', signal);
    throw e;
  }
}

export const lumaRelay: VideoAdapter = {
  protocol: 'luma-relay',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: true,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [5],
  aspects: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
  nativeExtend: true,
  callbacks: false,
  async submit(up, job, signal) {
    const body = {
      user_prompt: withCamera(job.prompt, job.camera),
      aspect_ratio: job.aspect,
      expand_prompt: true,
      loop: job.loop ?? false,
      ...(job.firstFrame ? { image_url: job.firstFrame.link } : {}),
      ...(job.lastFrame ? { image_end_url: job.lastFrame.link } : {}),
    };
    const path =
      job.action === 'extend' && job.parentUpstreamId
        ? `/luma/generations/${encodeURIComponent(job.parentUpstreamId)}/extend`
        : '/luma/generations/';
    const g = await requestJson<RelayGeneration | RelayGeneration[]>(up, path, {
      json: body,
      headers: bearer(up.apiKey),
      signal,
    });
    return { id: (Array.isArray(g) ? g[0]! : g).id };
  },
  async fetch(up, id, signal) {
    return relayState(
      await requestJson<RelayGeneration>(up, `/luma/generations/${encodeURIComponent(id)}`, {
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
