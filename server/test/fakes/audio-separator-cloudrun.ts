import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decodeWav, encodeWav } from '../../src/lib/wav.js';

/**
 * A fake of python-audio-separator's Cloud Run GPU deployment on 127.0.0.1, after its source:
 * `audio_separator/remote/deploy_cloudrun.py` of github.com/nomadkaraoke/python-audio-separator
 * (formerly karaokenerds/python-audio-separator). What it imitates from there:
 * - `POST /separate` (multipart `file` or `gcs_uri`, `model` | `models` (JSON list) | `preset`,
 *   `output_format`…) keeps the request open while it separates, then answers the job's last
 *   status `{task_id, status: completed|error, progress, original_filename, models_used,
 *   total_models, current_model_index, files: {hash: name}, error?}` (HTTP 200 also for an
 *   error). Its refusals, as FastAPI words them: neither file nor `gcs_uri` → 400 `{detail:
 *   "Must provide either a file upload or gcs_uri parameter"}`; both → 400 `{detail: "Provide
 *   either file upload or gcs_uri, not both"}`; `models` not JSON → 400 `{detail: "Invalid
 *   JSON in models parameter: …"}`.
 * - `GET /status/{id}` → the stored status, or `{status: "not_found", progress: 0, error:
 *   "Job not found - may have been cleaned up or never existed"}`; the store is in memory, so
 *   `forget()` plays an instance that was replaced.
 * - `GET /download/{id}/{hash}` → the stem (`Content-Disposition: attachment`); unknown task →
 *   404 `{detail: "Task not found"}`, unknown hash → 404 `{detail: "File with hash … not found"}`.
 * - `GET /health` → `{status: "healthy", service, version, models_ready, platform: "cloud-run"}`.
 * Its own client, `audio_separator/remote/api_client.py` `separate_audio`, waits up to 1,800 s
 * for that answer ("Server processes synchronously; 1800s matches Cloud Run request timeout"):
 * `workMs` plays a long separation, `dropNext` a connection lost while the job runs on.
 * File hashes are the first 16 hex digits of the name's SHA-256, stem names
 * `<input>_(Vocals)_<model>.<ext>`. Not from that file but from Cloud Run itself: a private
 * service refuses a request without the invoker's identity token with 403 (`token`).
 * The stems are real audio: a stereo WAV is split into (L+R)/2 and (L−R)/2, written as WAV
 * whatever `output_format` asks (tests ask for `wav`).
 */
export interface FakeCloudRunSeparator {
  url: string;
  /** What each `POST /separate` sent: its form fields and the file's name. */
  submits: Array<{ fields: Record<string, string>; filename: string | null }>;
  /** Separations started (each a GPU instance's job). */
  started: number;
  /** The next N jobs run on, but their request's connection is dropped without an answer. */
  dropNext: number;
  /** How long a separation keeps the request open. */
  workMs: number;
  /** The next N jobs end in `error`. */
  failNext: number;
  /** The identity token a request must carry (null: a public service). */
  token: string | null;
  /** Forgets every job, as a new instance would. */
  forget(): void;
  close(): Promise<void>;
}

interface Job {
  status: Record<string, unknown>;
  stems: Map<string, { name: string; bytes: Buffer }>;
}

const hashOf = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 16);
const DEFAULT_MODEL = 'model_bs_roformer_ep_317_sdr_12.9755.ckpt';

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The form as FastAPI reads it (Node's own multipart parser). */
async function formOf(req: http.IncomingMessage, body: Buffer) {
  const form = await new Request('http://fake/separate', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  }).formData();
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [k, v] of form.entries())
    if (typeof v === 'string') fields[k] = v;
    else if (k === 'file') file = v;
  return { fields, file };
}

function stemsOf(input: Buffer, filename: string, model: string, ext: string): Job['stems'] {
  const pcm = decodeWav(input);
  const l = pcm.channels[0]!;
  const r = pcm.channels[1] ?? l;
  const base = filename.replace(/\.[^.]+$/, '').replace(/_\([^)]+\)_/g, '_');
  const stems: Job['stems'] = new Map();
  for (const [stem, sign] of [
    ['Vocals', 1],
    ['Instrumental', -1],
  ] as const) {
    const data = l.map((v, i) => (v + sign * r[i]!) / 2);
    const name = `${base}_(${stem})_${model.replace(/\.[^.]+$/, '')}.${ext}`;
    stems.set(hashOf(name), {
      name,
      bytes: encodeWav({ sampleRate: pcm.sampleRate, channels: [data, data] }),
    });
  }
  return stems;
}

export async function startFakeCloudRunSeparator(
  options: { workMs?: number; token?: string } = {},
): Promise<FakeCloudRunSeparator> {
  const jobs = new Map<string, Job>();
  const fake: Omit<FakeCloudRunSeparator, 'url' | 'close'> = {
    submits: [],
    started: 0,
    dropNext: 0,
    workMs: options.workMs ?? 50,
    failNext: 0,
    token: options.token ?? null,
    forget: () => jobs.clear(),
  };

  async function separate(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    const { fields, file } = await formOf(req, body);
    fake.submits.push({ fields, filename: file?.name ?? null });
    const hasFile = file !== null && file.name !== '';
    const hasGcs = Boolean(fields.gcs_uri?.trim());
    if (!hasFile && !hasGcs)
      return json(res, 400, { detail: 'Must provide either a file upload or gcs_uri parameter' });
    if (hasFile && hasGcs)
      return json(res, 400, { detail: 'Provide either file upload or gcs_uri, not both' });
    let models: string[] | null = fields.model ? [fields.model] : null;
    if (fields.models) {
      try {
        models = JSON.parse(fields.models) as string[];
      } catch (error) {
        return json(res, 400, { detail: `Invalid JSON in models parameter: ${String(error)}` });
      }
    }
    // The fake reads no bucket: a gcs_uri fails as an unreachable one does there.
    if (!file) return json(res, 400, { detail: 'Failed to download from GCS: not reachable' });
    const id = randomUUID();
    const used = fields.preset ? [`preset:${fields.preset}`] : (models ?? ['default']);
    const common = {
      task_id: id,
      original_filename: file.name,
      models_used: used,
      total_models: used.length,
      current_model_index: 0,
    };
    const job: Job = {
      status: { ...common, status: 'processing', progress: 5, files: {} },
      stems: new Map(),
    };
    jobs.set(id, job);
    fake.started++;
    if (fake.dropNext > 0) {
      fake.dropNext--;
      req.socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, fake.workMs));
    const fails = fake.failNext > 0;
    if (fails) fake.failNext--;
    try {
      if (fails) throw new Error('CUDA out of memory');
      const model = fields.preset ?? models?.[0] ?? DEFAULT_MODEL;
      const bytes = Buffer.from(await file.arrayBuffer());
      job.stems = stemsOf(bytes, file.name, model, fields.output_format || 'flac');
      const files = Object.fromEntries([...job.stems].map(([h, s]) => [h, s.name]));
      job.status = { ...common, status: 'completed', progress: 100, files };
    } catch (error) {
      job.status = { ...common, status: 'error', progress: 0, files: {}, error: String(error) };
    }
    if (!res.destroyed) json(res, 200, job.status);
  }

  async function handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (fake.token && req.headers.authorization !== `Bearer ${fake.token}`) {
      res.writeHead(403, { 'content-type': 'text/html; charset=UTF-8' });
      return res.end('<h1>Error: Forbidden</h1><h2>Your client does not have permission</h2>');
    }
    if (req.method === 'POST' && path === '/separate') return separate(req, body, res);
    const status = /^\/status\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && status) {
      const id = decodeURIComponent(status[1]!);
      const job = jobs.get(id);
      if (job) return json(res, 200, job.status);
      return json(res, 200, {
        task_id: id,
        status: 'not_found',
        progress: 0,
        error: 'Job not found - may have been cleaned up or never existed',
      });
    }
    const download = /^\/download\/([^/]+)\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && download) {
      const job = jobs.get(decodeURIComponent(download[1]!));
      if (!job) return json(res, 404, { detail: 'Task not found' });
      const stem = job.stems.get(download[2]!);
      if (!stem) return json(res, 404, { detail: `File with hash ${download[2]} not found` });
      res.writeHead(200, {
        'content-type': 'audio/x-wav',
        'content-disposition': `attachment; filename="${stem.name}"`,
      });
      return res.end(stem.bytes);
    }
    if (req.method === 'GET' && path === '/health')
      return json(res, 200, {
        status: 'healthy',
        service: 'audio-separator-api',
        version: '0.41.1',
        models_ready: true,
        platform: 'cloud-run',
      });
    return json(res, 404, { detail: 'Not Found' });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks), res).catch((error: unknown) =>
        json(res, 500, { detail: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
