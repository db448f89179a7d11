import { json, type FakeRequest, type FakeResponse } from './http.js';

/**
 * Pika's API for the fake video upstream. Source: comfyanonymous/ComfyUI
 * `comfy_api_nodes/apis/pika_api.py` (request models, `PikaGenerateResponse {video_id}`,
 * `PikaVideoResponse {id, progress, status queued|started|finished|failed, url}`) and
 * `comfy_api_nodes/nodes_pika.py` (`/generate/2.2/t2v` form-encoded, `/generate/2.2/i2v` and
 * `/generate/2.2/pikaframes` multipart with `image` / two `keyFrames`, `GET /videos/{id}`;
 * durations 5 and 10, resolutions 1080p and 720p, `aspectRatio` 0.4–2.5). The models are
 * pydantic, so a bad field is FastAPI's 422 `{detail:[{type, loc, msg}]}`.
 */
export interface PikaRequest {
  path: string;
  fields: Record<string, string>;
  files: Record<string, Array<{ type: string; size: number }>>;
}

const unprocessable = (field: string, msg: string, type = 'value_error') =>
  json(422, { detail: [{ type, loc: ['body', field], msg, input: null }] });

async function readForm(req: FakeRequest): Promise<PikaRequest> {
  const type = String(req.headers['content-type'] ?? '');
  const out: PikaRequest = { path: req.path, fields: {}, files: {} };
  if (type.startsWith('application/x-www-form-urlencoded'))
    for (const [k, v] of new URLSearchParams(req.body)) out.fields[k] = v;
  else if (type.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(req.bytes), {
      headers: { 'content-type': type },
    }).formData();
    for (const [k, v] of form.entries())
      if (typeof v === 'string') out.fields[k] = v;
      else (out.files[k] ??= []).push({ type: v.type, size: v.size });
  }
  return out;
}

/** Reads a generate call; a refusal is the answer to send. */
export async function readPikaGenerate(
  req: FakeRequest,
): Promise<{ refused: FakeResponse } | { request: PikaRequest }> {
  const r = await readForm(req);
  const f = r.fields;
  const kind = req.path.split('/').at(-1);
  if (kind === 't2v' || kind === 'pikaframes')
    if (!f.promptText) return { refused: unprocessable('promptText', 'Field required', 'missing') };
  if (kind === 'i2v' && !r.files.image?.length)
    return { refused: unprocessable('image', 'Field required', 'missing') };
  if (kind === 'pikaframes' && r.files.keyFrames?.length !== 2)
    return { refused: unprocessable('keyFrames', 'Two key frames are required') };
  const duration = Number(f.duration ?? 5);
  if (![5, 10].includes(duration))
    return { refused: unprocessable('duration', 'Input should be 5 or 10') };
  if (f.resolution && !['1080p', '720p'].includes(f.resolution))
    return { refused: unprocessable('resolution', "Input should be '1080p' or '720p'") };
  if (kind === 't2v' && f.aspectRatio !== undefined) {
    const ratio = Number(f.aspectRatio);
    if (!(ratio >= 0.4 && ratio <= 2.5))
      return { refused: unprocessable('aspectRatio', 'Input should be between 0.4 and 2.5') };
  }
  return { request: r };
}

/** A video as `GET /videos/{id}` shows it. */
export function pikaVideo(
  id: string,
  phase: 'queued' | 'running' | 'done' | 'failed',
  o: { progress: number; url?: string },
) {
  const status = { queued: 'queued', running: 'started', done: 'finished', failed: 'failed' }[
    phase
  ];
  return {
    id,
    status,
    progress: phase === 'done' ? 100 : o.progress,
    url: phase === 'done' ? (o.url ?? null) : null,
  };
}
