import { bearer, downloadBytes, requestJson, withCamera } from './http.js';
import type { CheckInput, VideoAdapter, VideoJob, VideoState } from './types.js';

/**
 * Luma Dream Machine's official API, as its SDK calls it (lumalabs/lumaai-node `api.md`,
 * `src/resources/generations/`): `POST /dream-machine/v1/generations/video` with `model`
 * (required: ray-2 | ray-flash-2), keyframes (frame0/frame1: an image link, or a generation to
 * extend), `loop`, `duration` `5s|9s` and `callback_url` (Luma POSTs the generation when it is
 * dreaming, completed or failed); `GET /dream-machine/v1/generations/{id}`; `GET
 * /dream-machine/v1/credits` (a balance in USD cents). Errors are `{detail}`, a string or a
 * validation list. Luma fetches the keyframe images itself (our signed PUBLIC_URL links).
 */
interface LumaGeneration {
  id: string;
  state: 'queued' | 'dreaming' | 'completed' | 'failed';
  failure_reason?: string | null;
  assets?: { video?: string | null; image?: string | null } | null;
}

const errorText = (b: unknown) => {
  const d = (b as { detail?: unknown } | undefined)?.detail;
  return typeof d === 'string' ? d : d ? JSON.stringify(d) : undefined;
};

const PROGRESS: Record<string, number> = { queued: 5, dreaming: 50, completed: 100, failed: 0 };

export function lumaState(g: LumaGeneration): VideoState {
  const base = { status: g.state, progress: PROGRESS[g.state] ?? 0 };
  if (g.state === 'completed')
    return { ...base, phase: 'succeeded', videoUrl: g.assets?.video ?? undefined };
  if (g.state === 'failed')
    return {
      ...base,
      phase: 'failed',
      error: g.failure_reason || 'failed',
      filtered: /moderation|policy|safety/i.test(g.failure_reason ?? ''),
    };
  return { ...base, phase: g.state === 'dreaming' ? 'running' : 'queued' };
}

function keyframes(job: VideoJob) {
  const k: Record<string, unknown> = {};
  if (job.action === 'extend' && job.parentUpstreamId)
    k.frame0 = { type: 'generation', id: job.parentUpstreamId };
  else if (job.firstFrame) k.frame0 = { type: 'image', url: job.firstFrame.link };
  if (job.lastFrame) k.frame1 = { type: 'image', url: job.lastFrame.link };
  return Object.keys(k).length ? { keyframes: k } : {};
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  const r = await requestJson<{ credit_balance?: number }>(p, '/dream-machine/v1/credits', {
    headers: bearer(p.apiKey),
    signal,
    errorText,
  });
  // `credit_balance` is "available credits balance in USD cents" (lumaai-node credits.ts).
  return `Luma: signed in, $${((r.credit_balance ?? 0) / 100).toFixed(2)} of credit left`;
}

const isGeneration = (b: unknown): b is LumaGeneration =>
  !!b &&
  typeof (b as LumaGeneration).id === 'string' &&
  typeof (b as LumaGeneration).state === 'string';

export const luma: VideoAdapter = {
  protocol: 'luma',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: true,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [5, 9],
  aspects: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
  nativeExtend: true,
  callbacks: true,
  async submit(up, job, signal) {
    const body = {
      prompt: withCamera(job.prompt, job.camera),
      model: job.model || 'ray-2',
      aspect_ratio: job.aspect,
      loop: job.loop ?? false,
      duration: `${job.duration}s`,
      ...keyframes(job),
      ...(job.callbackUrl ? { callback_url: job.callbackUrl } : {}),
    };
    const g = await requestJson<LumaGeneration>(up, '/dream-machine/v1/generations/video', {
      json: body,
      headers: bearer(up.apiKey),
      signal,
      errorText,
    });
    return { id: g.id };
  },
  async fetch(up, id, signal) {
    return lumaState(
      await requestJson<LumaGeneration>(
        up,
        `/dream-machine/v1/generations/${encodeURIComponent(id)}`,
        { headers: bearer(up.apiKey), signal, errorText },
      ),
    );
  },
  async download(up, _id, state, signal) {
    return downloadBytes(state.videoUrl ?? '', {
      base: up.baseUrl,
      signal,
      timeoutMs: up.timeoutMs * 4,
    });
  },
  callback(body) {
    return isGeneration(body) ? { id: body.id, state: lumaState(body) } : null;
  },
  checkConnection,
};
