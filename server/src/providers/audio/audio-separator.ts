import type { ProviderCheck } from '../check-http.js';
import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';

/**
 * python-audio-separator's HTTP API (its `audio-separator-remote` server):
 * - `POST /separate`: multipart `file`, `model`, `output_format` (flac by default) → `{task_id,
 *   status: "submitted", …}`;
 * - `GET /status/{task_id}` → `{status: submitted|processing|completed|error|not_found,
 *   progress 0–100, current_model_index, total_models, files: {hash: filename}, error?}`;
 * - `GET /download/{task_id}/{hash}` → the stem's bytes;
 * - `GET /models` → a plain-text table of the models it offers; `GET /health` → `{version}`.
 * Stem files are named `<input>_(Vocals)_<model>.<ext>`, `<input>_(Instrumental)_<model>.<ext>`.
 * It has no authentication of its own; a key, when set, is sent as a Bearer token for the
 * reverse proxy in front of it.
 */
export interface SeparatorConfig {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
}

/** What a separation upstream does, whatever its deployment (index.ts maps them by protocol). */
export interface SeparatorAdapter {
  /**
   * Sends the audio: the upstream's task id, and its last status when the call itself waits
   * for the work to end (the Cloud Run deployment).
   */
  submit(
    c: SeparatorConfig,
    input: SeparationInput,
    signal?: AbortSignal,
  ): Promise<{ id: string; done?: SeparatorStatus }>;
  status(c: SeparatorConfig, taskId: string, signal?: AbortSignal): Promise<SeparatorStatus>;
  download(c: SeparatorConfig, taskId: string, hash: string, signal?: AbortSignal): Promise<Buffer>;
  checkConnection: ProviderCheck;
  /**
   * Its submit answers only once the work is done (Cloud Run): the call is given the
   * provider's whole timeout, within the task's deadline, instead of the step timeout.
   */
  waits?: boolean;
}

/** The audio to separate and how: a model file name (empty: the server's default). */
export interface SeparationInput {
  bytes: Buffer;
  fileName: string;
  model: string;
  outputFormat: string;
}

export interface SeparatorStatus {
  status: string;
  progress: number;
  /** hash → file name (empty until completed). */
  files: Record<string, string>;
  error: string | null;
}

const root = (c: SeparatorConfig) => c.baseUrl.replace(/\/+$/, '');

/** One HTTP call with the timeout, errors worded for logs and the connection test. */
export async function call(
  c: SeparatorConfig,
  method: 'GET' | 'POST',
  path: string,
  init: { body?: FormData; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (c.apiKey) headers.authorization = `Bearer ${c.apiKey}`;
  const timeout = AbortSignal.timeout(c.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const where = `${method} ${path}`;
  let res: Response;
  try {
    res = await fetch(`${root(c)}${path}`, {
      method,
      headers,
      ...(init.body ? { body: init.body } : {}),
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    if (timeout.aborted)
      throw UpstreamError.transient(`${where}: no answer in ${c.timeoutMs} ms`, 'timeout', {
        sent: true,
      });
    throw UpstreamError.transient(`${where}: unreachable (${causeOf(error)})`, 'network', {
      sent: mayHaveSent(error, false),
    });
  }
  if (res.status >= 300 && res.status < 400)
    throw new UpstreamError(`${where}: redirected (not followed)`, 'permanent', 'http', {
      status: res.status,
    });
  if (res.status === 401 || res.status === 403)
    throw new UpstreamError(`${where}: the key was refused (${res.status})`, 'permanent', 'http', {
      status: res.status,
    });
  if (res.status >= 400) {
    const text = await res.text().catch(() => '');
    const retry = retryOfStatus(res.status);
    const shown = retry === 'transient' ? '' : ` ${text.slice(0, 200)}`;
    throw new UpstreamError(`${where}: HTTP ${res.status}${shown}`, retry, 'http', {
      status: res.status,
    });
  }
  return res;
}

/** DNS, TLS or refused connection, in words (fetch hides them in `cause`). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (/CERT|SSL|TLS/i.test(code) || /certificate|TLS/i.test(cause?.message ?? ''))
    return `TLS: ${cause?.message ?? code}`;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export async function jsonOf<T>(res: Response, where: string): Promise<T> {
  const text = await res.text().catch(() => '');
  try {
    return JSON.parse(text) as T;
  } catch {
    throw UpstreamError.transient(`${where}: the answer is not JSON`, 'answer');
  }
}

/** Sends the audio; resolves with the upstream's task id. */
export async function submitSeparation(
  c: SeparatorConfig,
  input: SeparationInput,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(input.bytes)]), input.fileName);
  if (input.model) form.append('model', input.model);
  form.append('output_format', input.outputFormat);
  const res = await call(c, 'POST', '/separate', { body: form, ...(signal ? { signal } : {}) });
  const a = await jsonOf<{ task_id?: unknown; status?: unknown }>(res, 'POST /separate');
  if (typeof a.task_id !== 'string' || !a.task_id)
    throw UpstreamError.transient('POST /separate: accepted without a task id', 'answer');
  return a.task_id;
}

/** Where a separation is. */
export async function separationStatus(
  c: SeparatorConfig,
  taskId: string,
  signal?: AbortSignal,
): Promise<SeparatorStatus> {
  const path = `/status/${encodeURIComponent(taskId)}`;
  const res = await call(c, 'GET', path, signal ? { signal } : {});
  return statusOf(await jsonOf<StatusAnswer>(res, `GET ${path}`));
}

/** A status answer as the server words it (`GET /status/{id}`, Cloud Run's `POST /separate`). */
export interface StatusAnswer {
  task_id?: unknown;
  status?: unknown;
  progress?: unknown;
  files?: unknown;
  error?: unknown;
}

/** A status answer read defensively: unknown fields ignored, progress clamped to 0–100. */
export function statusOf(a: StatusAnswer): SeparatorStatus {
  const files: Record<string, string> = {};
  if (a.files && typeof a.files === 'object' && !Array.isArray(a.files))
    for (const [hash, name] of Object.entries(a.files as Record<string, unknown>))
      if (typeof name === 'string') files[hash] = name;
  const progress = Number(a.progress);
  return {
    status: typeof a.status === 'string' ? a.status : '',
    progress: Number.isFinite(progress) ? Math.max(0, Math.min(100, Math.round(progress))) : 0,
    files,
    error: typeof a.error === 'string' ? a.error : null,
  };
}

/** The bytes of one finished stem. */
export async function downloadStem(
  c: SeparatorConfig,
  taskId: string,
  hash: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const path = `/download/${encodeURIComponent(taskId)}/${encodeURIComponent(hash)}`;
  const res = await call(c, 'GET', path, signal ? { signal } : {});
  return Buffer.from(await res.arrayBuffer());
}

export interface PickedStems {
  vocals: { hash: string; name: string } | null;
  instrumental: { hash: string; name: string } | null;
  /** Other stems (drums, bass… of many-stem models), in the upstream's order. */
  others: Array<{ hash: string; name: string }>;
}

/** Which finished file is which stem, from the `(Vocals)` / `(Instrumental)` in its name. */
export function pickStems(files: Record<string, string>): PickedStems {
  const picked: PickedStems = { vocals: null, instrumental: null, others: [] };
  for (const [hash, name] of Object.entries(files)) {
    if (!picked.vocals && /\((vocals?|voice)\)/i.test(name)) picked.vocals = { hash, name };
    else if (!picked.instrumental && /\((instrumental|inst|no[ _-]?vocals?)\)/i.test(name))
      picked.instrumental = { hash, name };
    else picked.others.push({ hash, name });
  }
  return picked;
}

/**
 * The connection test of the operator console: the model list (`GET /models`), the cheapest
 * read. Resolves with how many models it offers; throws an `UpstreamError` saying what failed.
 */
export async function checkConnection(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  const res = await call(p, 'GET', '/models', signal ? { signal } : {});
  const text = await res.text();
  // A table: a dashed line, the header, a dashed line, then one model per line.
  const lines = text.split('\n').filter((l) => l.trim() && !/^-+$/.test(l.trim()));
  const models = Math.max(0, lines.length - (/Model Filename/.test(text) ? 1 : 0));
  return `audio-separator answered: ${models} model${models === 1 ? '' : 's'} offered`;
}

/** The `audio-separator` protocol: the API server answers at once and the work is polled. */
export const audioSeparator: SeparatorAdapter = {
  submit: async (c, input, signal) => ({ id: await submitSeparation(c, input, signal) }),
  status: separationStatus,
  download: downloadStem,
  checkConnection,
};
