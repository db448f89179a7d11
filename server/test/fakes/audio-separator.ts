import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mediaTools, runTool } from '../../src/lib/ffmpeg.js';
import { decodeWav, encodeWav, type PcmAudio } from '../../src/lib/wav.js';

/**
 * A fake python-audio-separator API server on 127.0.0.1 speaking its wire format, after its
 * FastAPI deployment `audio_separator/remote/deploy_modal.py` of
 * github.com/nomadkaraoke/python-audio-separator (job status `{task_id, status, progress,
 * original_filename, models_used, total_models, current_model_index, files}`, `not_found` for
 * an unknown id, file hashes the first 16 hex digits of the name's SHA-256), which its
 * `audio-separator-remote` client (`api_client.py`) calls:
 * - `POST /separate` (multipart `file`, `model`, `output_format`, …) → `{task_id, status:
 *   "submitted", message, models_used, total_models, original_filename}`; no file → 400
 *   `{detail}` as FastAPI answers;
 * - `GET /status/{task_id}` → `{task_id, status: submitted|processing|completed|error,
 *   progress, original_filename, models_used, total_models, current_model_index, files}`, the
 *   progress walking 0 → 5 → 10 → 30 → 50 → 70 → 95 → 100 one step every `stepMs` (slow mode:
 *   a step every `slowStepMs`); files are `{hash: name}` once completed, `[]` before; an
 *   unknown id → `status: "not_found"`;
 * - `GET /download/{task_id}/{hash}` → the stem's bytes (`Content-Disposition: attachment`),
 *   unknown → 404 `{"detail":"File not found"}`;
 * - `GET /models` → the plain-text model table; `GET /health` → `{status, service, version}`.
 * The stems are real audio: a stereo WAV upload is split into (L+R)/2 "vocals" and (L−R)/2
 * "instrumental" (16-bit WAV; FLAC/MP3 through ffmpeg when asked and present).
 */
export interface FakeSeparatorJob {
  id: string;
  filename: string;
  model: string;
  format: string;
  started: number;
  /** The next N jobs end in `error` at 50 %. */
  fails: boolean;
  stems: Map<string, { name: string; bytes: Buffer }>;
}

export interface FakeSeparatorSubmit {
  model: string | null;
  outputFormat: string | null;
  filename: string;
  bytes: Buffer;
  authorization: string | undefined;
}

export interface FakeAudioSeparator {
  url: string;
  submits: FakeSeparatorSubmit[];
  jobs: Map<string, FakeSeparatorJob>;
  requests: Array<{ method: string; path: string }>;
  stepMs: number;
  /** Slow mode: steps this long (a separation that outlives a test's patience). */
  slow: boolean;
  slowStepMs: number;
  /** The next N jobs fail (status `error`, "CUDA out of memory"). */
  failNext: number;
  /** The next N requests answer HTTP 500. */
  http500Next: number;
  close(): Promise<void>;
}

const PROGRESS = [0, 5, 10, 30, 50, 70, 95, 100];
const DEFAULT_MODEL = 'model_bs_roformer_ep_317_sdr_12.9755.ckpt';
const MODELS: Array<[string, string, string, string]> = [
  [
    DEFAULT_MODEL,
    'MDXC',
    'vocals* (12.9), instrumental (17.0)',
    'Roformer Model: BS-Roformer-Viperx-1297',
  ],
  [
    'UVR-MDX-NET-Inst_HQ_3.onnx',
    'MDX',
    'instrumental* (16.0), vocals (10.3)',
    'MDX-Net Model: UVR-MDX-NET Inst HQ 3',
  ],
];

const fileHash = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 16);

/** Minimal multipart/form-data reader (fields and one file), as FastAPI's parser sees it. */
function readForm(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields = new Map<string, string>();
  let file: { name: string; bytes: Buffer } | null = null;
  if (!boundary) return { fields, file };
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(sep);
  while (at !== -1) {
    const start = at + sep.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(sep, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // skip CRLF after the boundary and before the next
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    const content = part.subarray(headEnd + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) file = { name: filename, bytes: Buffer.from(content) };
    else fields.set(name, content.toString('utf8'));
    at = next;
  }
  return { fields, file };
}

async function encodeAs(audio: PcmAudio, format: string): Promise<Buffer> {
  const wav = encodeWav(audio);
  const tools = mediaTools();
  if (format === 'wav' || !tools) return wav;
  return runTool(
    tools.ffmpeg,
    ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-f', format, 'pipe:1'],
    {
      stdin: wav,
    },
  );
}

/** The separation itself: mid and side of a stereo WAV (a mono one: all "vocals"). */
async function separate(job: FakeSeparatorJob, input: Buffer): Promise<void> {
  const pcm = decodeWav(input);
  const l = pcm.channels[0]!;
  const r = pcm.channels[1] ?? l;
  const mid = l.map((v, i) => (v + r[i]!) / 2);
  const side = l.map((v, i) => (v - r[i]!) / 2);
  const base = job.filename.replace(/\.[^.]+$/, '');
  const model = job.model.replace(/\.[^.]+$/, '');
  for (const [stem, data] of [
    ['Vocals', mid],
    ['Instrumental', side],
  ] as const) {
    const name = `${base}_(${stem})_${model}.${job.format}`;
    const bytes = await encodeAs(
      { sampleRate: pcm.sampleRate, channels: [data, data] },
      job.format,
    );
    job.stems.set(fileHash(name), { name, bytes });
  }
}

const reply = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
) => {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

export async function startFakeAudioSeparator(
  options: { stepMs?: number; slowStepMs?: number } = {},
): Promise<FakeAudioSeparator> {
  const fake: Omit<FakeAudioSeparator, 'url' | 'close'> = {
    submits: [],
    jobs: new Map(),
    requests: [],
    stepMs: options.stepMs ?? 30,
    slow: false,
    slowStepMs: options.slowStepMs ?? 60_000,
    failNext: 0,
    http500Next: 0,
  };
  const statusOf = (job: FakeSeparatorJob) => {
    const step = Math.floor(
      (Date.now() - job.started) / (fake.slow ? fake.slowStepMs : fake.stepMs),
    );
    const i = Math.min(PROGRESS.length - 1, step);
    const common = {
      task_id: job.id,
      original_filename: job.filename,
      models_used: [job.model],
      total_models: 1,
      current_model_index: 0,
    };
    if (job.fails && PROGRESS[i]! >= 50)
      return { ...common, status: 'error', progress: 0, files: [], error: 'CUDA out of memory' };
    if (i === PROGRESS.length - 1)
      return {
        ...common,
        status: 'completed',
        progress: 100,
        files: Object.fromEntries([...job.stems].map(([h, s]) => [h, s.name])),
      };
    return {
      ...common,
      status: i === 0 ? 'submitted' : 'processing',
      progress: PROGRESS[i],
      files: [],
    };
  };

  async function handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    fake.requests.push({ method: req.method ?? 'GET', path });
    if (fake.http500Next > 0) {
      fake.http500Next--;
      return reply(res, 500, { detail: 'Internal Server Error' });
    }
    if (req.method === 'POST' && path === '/separate') {
      const { fields, file } = readForm(body, req.headers['content-type'] ?? '');
      if (!file || !file.name) return reply(res, 400, { detail: 'No file provided' });
      fake.submits.push({
        model: fields.get('model') ?? null,
        outputFormat: fields.get('output_format') ?? null,
        filename: file.name,
        bytes: file.bytes,
        authorization: req.headers.authorization,
      });
      const job: FakeSeparatorJob = {
        id: randomUUID(),
        filename: file.name,
        model: fields.get('model') || DEFAULT_MODEL,
        format: fields.get('output_format') || 'flac',
        started: Date.now(),
        fails: fake.failNext > 0,
        stems: new Map(),
      };
      if (fake.failNext > 0) fake.failNext--;
      try {
        await separate(job, file.bytes);
      } catch {
        job.fails = true; // not audio it can read: the job errors, as the real one does
      }
      fake.jobs.set(job.id, job);
      return reply(res, 200, {
        task_id: job.id,
        status: 'submitted',
        message: 'Job submitted for processing. Use /status/{task_id} to check progress.',
        models_used: [job.model],
        total_models: 1,
        original_filename: job.filename,
      });
    }
    const status = /^\/status\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && status) {
      const job = fake.jobs.get(decodeURIComponent(status[1]!));
      if (!job)
        return reply(res, 200, {
          task_id: status[1],
          status: 'not_found',
          progress: 0,
          error: 'Job not found - may have been cleaned up or never existed',
        });
      return reply(res, 200, statusOf(job));
    }
    const download = /^\/download\/([^/]+)\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && download) {
      const job = fake.jobs.get(decodeURIComponent(download[1]!));
      const stem =
        job && statusOf(job).status === 'completed' ? job.stems.get(download[2]!) : undefined;
      if (!stem) return reply(res, 404, { detail: 'File not found' });
      res.writeHead(200, {
        'content-type': job!.format === 'wav' ? 'audio/x-wav' : `audio/${job!.format}`,
        'content-disposition': `attachment; filename="${stem.name}"`,
      });
      return res.end(stem.bytes);
    }
    if (req.method === 'GET' && path === '/models') {
      const lines = [
        '-'.repeat(100),
        'Model Filename  Arch  Output Stems (SDR)  Friendly Name',
        '-'.repeat(100),
      ];
      for (const m of MODELS) lines.push(m.join('  '));
      return reply(res, 200, lines.join('\n'), 'text/plain; charset=utf-8');
    }
    if (req.method === 'GET' && path === '/health')
      return reply(res, 200, {
        status: 'healthy',
        service: 'audio-separator-api',
        version: '0.35.2',
      });
    return reply(res, 404, { detail: 'Not Found' });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks), res).catch((error: unknown) =>
        reply(res, 500, { detail: String(error) }),
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
