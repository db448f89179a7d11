import { UpstreamError } from '../errors.js';
import { bearer, clampProgress, downloadBytes, requestJson, withCamera } from './http.js';
import type { CheckInput, Frame, VideoAdapter, VideoState } from './types.js';

/**
 * Pika's API, as comfyanonymous/ComfyUI `comfy_api_nodes/nodes_pika.py` and
 * `comfy_api_nodes/apis/pika_api.py` call it (through Comfy's proxy, `/proxy/pika` + these):
 * - `POST /generate/2.2/t2v`, form-encoded `promptText` (required), `negativePrompt`, `seed`,
 *   `resolution` 1080p|720p, `duration` 5|10, `aspectRatio` width/height in 0.4–2.5;
 * - `POST /generate/2.2/i2v`, multipart `image` plus the same fields but the ratio (the
 *   picture's own);
 * - `POST /generate/2.2/pikaframes`, multipart two `keyFrames` (first and last), `promptText`
 *   required, 5–10 s;
 * each answering `{video_id}`; then `GET /videos/{id}` → `{id, status
 * queued|started|finished|failed, progress, url}` (`cancelled` ends it too). No callbacks.
 * The source names no sign-in header of Pika's own: the key goes as a Bearer token and as
 * `X-API-KEY`. Pikaffects have no "anime" effect, so an anime model is a plain image-to-video.
 */
interface PikaVideo {
  id?: string;
  status: 'queued' | 'started' | 'finished' | 'failed' | 'cancelled' | string;
  progress?: number | null;
  url?: string | null;
  error?: string;
}

const headers = (key: string | null) => ({ ...bearer(key), ...(key ? { 'x-api-key': key } : {}) });
const errorText = (b: unknown) => {
  const d = (b as { detail?: unknown } | undefined)?.detail;
  return typeof d === 'string' ? d : d ? JSON.stringify(d) : undefined;
};

/** Width / height of our aspects, as Pika's `aspectRatio` takes it. */
const RATIO: Record<string, number> = {
  '16:9': 16 / 9,
  '9:16': 9 / 16,
  '1:1': 1,
  '4:3': 4 / 3,
  '3:4': 3 / 4,
  '21:9': 21 / 9,
};

export function pikaState(v: PikaVideo): VideoState {
  const status = v.status ?? 'queued';
  if (status === 'finished')
    return { phase: 'succeeded', status, progress: 100, ...(v.url ? { videoUrl: v.url } : {}) };
  if (status === 'failed' || status === 'cancelled')
    return {
      phase: 'failed',
      status,
      progress: 0,
      error: v.error || status,
      filtered: /moderat|nsfw|policy/i.test(v.error ?? ''),
    };
  return {
    phase: status === 'queued' ? 'queued' : 'running',
    status,
    progress: clampProgress(v.progress ?? 0),
  };
}

/**
 * The source shows no listing call: an unknown video id is read instead, which a valid key
 * answers 404 and a refused one 401/403.
 */
export async function checkConnection(p: CheckInput, signal?: AbortSignal): Promise<string> {
  try {
    await requestJson<unknown>(p, '/videos/atelier-connection-check', {
      headers: headers(p.apiKey),
      signal,
      errorText,
    });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status !== 404) throw error;
  }
  return 'Pika: the key is accepted';
}

const picture = (f: Frame, name: string) =>
  [new Blob([new Uint8Array(f.bytes)], { type: f.mime }), name] as const;

export const pika: VideoAdapter = {
  protocol: 'pika',
  capabilities: {
    text: true,
    firstFrame: true,
    lastFrame: true,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  nativeExtend: false,
  durations: [5, 10],
  aspects: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
  callbacks: false,
  preferredBy: 'pikaVideo',
  refuse(_model, shape) {
    if (shape.lastFrame && !shape.firstFrame)
      return { field: 'firstFrame', what: 'a last frame alone' };
    return null;
  },
  async submit(up, job, signal) {
    const fields: Array<[string, string]> = [
      ['promptText', withCamera(job.prompt, job.camera)],
      ['duration', String(job.duration)],
      ['resolution', '1080p'],
      ...(job.negativePrompt ? [['negativePrompt', job.negativePrompt] as [string, string]] : []),
      ...(job.seed !== undefined ? [['seed', String(job.seed)] as [string, string]] : []),
    ];
    let path: string;
    let form: FormData | URLSearchParams;
    if (job.firstFrame) {
      const multipart = new FormData();
      for (const [k, v] of fields) multipart.set(k, v);
      if (job.lastFrame) {
        path = '/generate/2.2/pikaframes';
        multipart.append('keyFrames', ...picture(job.firstFrame, 'image_start.png'));
        multipart.append('keyFrames', ...picture(job.lastFrame, 'image_end.png'));
      } else {
        path = '/generate/2.2/i2v';
        multipart.set('image', ...picture(job.firstFrame, 'image.png'));
      }
      form = multipart;
    } else {
      path = '/generate/2.2/t2v';
      form = new URLSearchParams([...fields, ['aspectRatio', String(RATIO[job.aspect] ?? 16 / 9)]]);
    }
    const r = await requestJson<{ video_id: string }>(up, path, {
      form,
      headers: headers(up.apiKey),
      signal,
      errorText,
    });
    return { id: r.video_id };
  },
  async fetch(up, id, signal) {
    return pikaState(
      await requestJson<PikaVideo>(up, `/videos/${encodeURIComponent(id)}`, {
        headers: headers(up.apiKey),
        signal,
        errorText,
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
