import type { video as V } from '@atelier/contracts';
import { UpstreamError } from '../errors.js';
import { frameWithin } from './frames.js';
import { bearer, clampProgress, downloadBytes, requestJson, withCamera } from './http.js';
import type { CheckInput, VideoAdapter, VideoState, VideoUpstream } from './types.js';

/**
 * Runway's official API: `POST /v1/image_to_video`, `GET /v1/tasks/{id}`; Bearer key and
 * `X-Runway-Version`. No callbacks: polled no faster than every 5 s. Output links expire (we
 * copy them at once). Per model (runwayml/sdk-node `src/resources/image-to-video.ts`):
 * - `gen4_turbo`: ratios 1280:720, 720:1280, 1104:832, 832:1104, 960:960, 1584:672; 5 or 10 s;
 * - `gen3a_turbo`: ratios 1280:768, 768:1280; 5 or 10 s; the only one taking a `last` frame;
 * - `veo3`: ratios 1280:720, 720:1280; 8 s.
 * `promptImage` is an HTTPS URL or a data URI; Runway refuses data URIs over 5 MB, so larger
 * pictures are re-encoded smaller first. Extend sends the parent's last frame as the first.
 */
export const RUNWAY_VERSION = '2024-11-06';

/** Data URIs Runway takes, at most (its docs on image inputs). */
export const RUNWAY_MAX_DATA_URI = 5 * 1024 * 1024;

interface RunwayModel {
  ratios: Partial<Record<V.VideoAspect, string>>;
  durations: number[];
  lastFrame: boolean;
}

const GEN4_RATIOS = {
  '16:9': '1280:720',
  '9:16': '720:1280',
  '4:3': '1104:832',
  '3:4': '832:1104',
  '1:1': '960:960',
  '21:9': '1584:672',
} as const;

const MODELS: Record<string, RunwayModel> = {
  gen4_turbo: { ratios: GEN4_RATIOS, durations: [5, 10], lastFrame: false },
  gen3a_turbo: {
    ratios: { '16:9': '1280:768', '9:16': '768:1280' },
    durations: [5, 10],
    lastFrame: true,
  },
  veo3: { ratios: { '16:9': '1280:720', '9:16': '720:1280' }, durations: [8], lastFrame: false },
};

/** An unknown (newer) model name is taken as gen4_turbo takes things. */
export const runwayModel = (name: string): RunwayModel => MODELS[name] ?? MODELS.gen4_turbo!;

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
    lastFrame: false,
    extend: true,
    camera: false,
    motionBrush: false,
  },
  nativeExtend: false,
  durations: [5, 10],
  aspects: Object.keys(GEN4_RATIOS) as V.VideoAspect[],
  callbacks: false,
  spec(name) {
    const m = runwayModel(name);
    return {
      capabilities: { ...runway.capabilities, lastFrame: m.lastFrame },
      durations: m.durations,
      aspects: Object.keys(m.ratios) as V.VideoAspect[],
    };
  },
  async submit(up: VideoUpstream, job, signal) {
    if (!job.firstFrame)
      throw new UpstreamError('Runway needs a first frame', 'permanent', 'refused');
    const model = job.model || 'gen4_turbo';
    const spec = runwayModel(model);
    const first = dataUri(await frameWithin(job.firstFrame, RUNWAY_MAX_DATA_URI));
    // Only the models that take a last frame get one (the server refused it for the others).
    const promptImage =
      job.lastFrame && spec.lastFrame
        ? [
            { uri: first, position: 'first' },
            {
              uri: dataUri(await frameWithin(job.lastFrame, RUNWAY_MAX_DATA_URI)),
              position: 'last',
            },
          ]
        : first;
    const body = {
      model,
      promptImage,
      ratio: spec.ratios[job.aspect] ?? Object.values(spec.ratios)[0],
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
