import { UpstreamError } from '../errors.js';
import { bearer, clampProgress, downloadBytes, requestJson, withCamera } from './http.js';
import type { CheckInput, VideoAdapter, VideoState, VideoUpstream } from './types.js';

/**
 * Runway's official API: `POST /v1/image_to_video` (first and last frame as `promptImage`
 * positions), `GET /v1/tasks/{id}`; Bearer key and `X-Runway-Version`. No callbacks: polled
 * no faster than every 5 s. Output links expire (we copy them at once).
 */
export const RUNWAY_VERSION = '2024-11-06';

const ratios: Record<string, string> = {
  '16:9': '1280:720',
  '9:16': '720:1280',
  '1:1': '960:960',
  '4:3': '1104:832',
  '3:4': '832:1104',
  '21:9': '1584:672',
};

const headers = (key: string | null) => ({ ...bearer(key), 'x-runway-version': RUNWAY_VERSION });
const errorText = (b: unknown) => (b as { error?: string } | undefined)?.error;

interface RunwayTask {
  id: string;
  status: 'PENDING' | 'THROTTLED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  progress?: number;
  output?: string[];
  failure?: string;
  failureCode?: string;
}

export function runwayState(t: RunwayTask): VideoState {
  const base = { status: t.status, progress: clampProgress(t.progress ?? 0, 100) };
  switch (t.status) {
    case 'SUCCEEDED':
      return { ...base, phase: 'succeeded', progress: 100, videoUrl: t.output?.[0] };
    case 'FAILED':
    case 'CANCELLED':
      return {
        ...base,
        phase: 'failed',
        error: t.failure || t.status,
        filtered: /SAFETY/i.test(t.failureCode ?? ''),
      };
    case 'RUNNING':
      return { ...base, phase: 'running' };
    default:
      return { ...base, phase: 'queued' };
  }
}

export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  const org = await requestJson<{ creditBalance?: number }>(p, '/v1/organization', {
    headers: headers(p.apiKey),
    signal,
    errorText,
  });
  return `Runway: signed in, ${org.creditBalance ?? 0} credits left`;
}

export const runway: VideoAdapter = {
  protocol: 'runway',
  capabilities: {
    text: false,
    firstFrame: true,
    lastFrame: true,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  durations: [5, 10],
  aspects: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
  callbacks: false,
  async submit(up: VideoUpstream, job, signal) {
    if (!job.firstFrame)
      throw new UpstreamError('Runway needs a first frame', 'permanent', 'refused');
    const promptImage = job.lastFrame
      ? [
          { uri: dataUri(job.firstFrame), position: 'first' },
          { uri: dataUri(job.lastFrame), position: 'last' },
        ]
      : dataUri(job.firstFrame);
    const body = {
      model: job.model || 'gen4_turbo',
      promptImage,
      ratio: ratios[job.aspect] ?? '1280:720',
      duration: job.duration,
      ...(job.prompt || job.camera ? { promptText: withCamera(job.prompt, job.camera) } : {}),
      ...(job.seed !== undefined ? { seed: job.seed } : {}),
    };
    const r = await requestJson<{ id: string }>(up, '/v1/image_to_video', {
      json: body,
      headers: headers(up.apiKey),
      signal,
      errorText,
    });
    return { id: r.id };
  },
  async fetch(up, id, signal) {
    const t = await requestJson<RunwayTask>(up, `/v1/tasks/${encodeURIComponent(id)}`, {
      headers: headers(up.apiKey),
      signal,
      errorText,
    });
    return runwayState(t);
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

const dataUri = (f: { bytes: Buffer; mime: string }) =>
  `data:${f.mime};base64,${f.bytes.toString('base64')}`;
