import type { Localized } from '../../http/messages.js';
import { retryOfStatus, UpstreamError } from '../errors.js';
import { callText as call, parseJson } from '../json-call.js';
import { explain } from './openai-images.js';

/**
 * Replicate's HTTP API for FLUX models (replicate.com/docs/reference/http; the client's shapes
 * as replicate/replicate-javascript `lib/predictions.js`, `index.d.ts` write them):
 * - `POST {base}/v1/models/{owner}/{name}/predictions` `{input}` (an official model), or
 *   `POST {base}/v1/predictions` `{version, input}` for `owner/name:version`; `Authorization:
 *   Bearer <token>` → 201 `{id, model, version, input, status: "starting", output: null, error:
 *   null, urls: {get, cancel, stream?, web}}`;
 * - `GET urls.get` → `status` starting | processing | succeeded | failed | canceled, `output`
 *   (a file link, or a list of them: served from replicate.delivery, deleted after an hour),
 *   `error` (a failed one: E005 "flagged as sensitive" is the safety filter), `metrics`;
 * - errors are problem details `{title, detail, status}`: 401 Unauthenticated, 402 Insufficient
 *   credit, 404, 422 Input validation failed (with `invalid_fields`), 429 Request was
 *   throttled (tried again).
 * The FLUX inputs: `prompt`, `aspect_ratio`, `seed`, `output_format`, `input_image` (Kontext)
 * or `image_prompt` (FLUX 1.1 pro) as a data URI, `safety_tolerance`.
 */

export interface ReplicateInput {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  model: string;
  prompt: string;
  aspectRatio?: string;
  seed?: number;
  outputFormat?: 'png' | 'jpg' | 'webp';
  images?: Array<{ bytes: Buffer; mime: string }>;
}

export interface ReplicatePrediction {
  id?: string;
  status?: string;
  output?: string | string[] | null;
  error?: string | null;
  urls?: { get?: string };
  logs?: string;
}

export type ReplicateStatus =
  { state: 'pending'; progress: number } | { state: 'ready'; url: string };

const noCredit: Localized = {
  'zh-CN': 'Replicate 账户余额不足（未扣费）',
  'en-US': 'The Replicate account has no credit left (nothing was charged)',
  'zh-TW': 'Replicate 帳戶餘額不足（未扣費）',
};
const filtered: Localized = {
  'zh-CN': '内容审核拦截了这张图片（未扣费）',
  'en-US': 'The content filter blocked this picture (nothing was charged)',
  'zh-TW': '內容審核攔截了這張圖片（未扣費）',
};

const base = (url: string) => url.replace(/\/+$/, '');
const headers = (key: string | null) => ({
  'content-type': 'application/json',
  ...(key ? { authorization: `Bearer ${key}` } : {}),
});

function errorOf(status: number, text: string): UpstreamError {
  let message = `HTTP ${status}`;
  try {
    const p = JSON.parse(text) as { title?: string; detail?: string };
    message = [p.title, p.detail].filter(Boolean).join(': ') || message;
  } catch {
    // Not JSON: keep the status.
  }
  if (status === 402) return UpstreamError.permanent(noCredit, 'refused', { status });
  return new UpstreamError(message.slice(0, 300), retryOfStatus(status), 'http', { status });
}

const SENSITIVE = /E005|flagged as sensitive|NSFW/i;

/** The input of a FLUX model on Replicate. */
export function replicateInput(input: ReplicateInput): Record<string, unknown> {
  const refs = (input.images ?? []).map(
    (i) => `data:${i.mime};base64,${i.bytes.toString('base64')}`,
  );
  return {
    prompt: input.prompt,
    aspect_ratio: input.aspectRatio ?? '1:1',
    ...(input.seed !== undefined ? { seed: input.seed % 2 ** 31 } : {}),
    output_format: input.outputFormat ?? 'png',
    ...(refs[0]
      ? { [/kontext/i.test(input.model) ? 'input_image' : 'image_prompt']: refs[0] }
      : {}),
  };
}

/** Creates the prediction: its id and where to read it. */
export async function submitReplicate(
  input: ReplicateInput,
): Promise<{ id: string; getUrl: string }> {
  const [ref, version] = input.model.split(':') as [string, string | undefined];
  const url = version
    ? `${base(input.baseUrl)}/v1/predictions`
    : `${base(input.baseUrl)}/v1/models/${ref.split('/').map(encodeURIComponent).join('/')}/predictions`;
  const body = { ...(version ? { version } : {}), input: replicateInput(input) };
  const { status, text } = await call(
    url,
    { method: 'POST', headers: headers(input.apiKey), body: JSON.stringify(body) },
    input,
  );
  if (status >= 300) throw errorOf(status, text);
  const p = parseJson<ReplicatePrediction>(text);
  if (!p.id) throw UpstreamError.transient('the answer has no id', 'answer', { sent: true });
  return { id: p.id, getUrl: getUrlOf(input.baseUrl, p.id, p.urls?.get) };
}

/** `urls.get` when it is on the configured API's origin, else the base's own prediction URL. */
export function getUrlOf(baseUrl: string, id: string, given?: string): string {
  const fallback = `${base(baseUrl)}/v1/predictions/${encodeURIComponent(id)}`;
  try {
    return given && new URL(given).origin === new URL(baseUrl).origin ? given : fallback;
  } catch {
    return fallback;
  }
}

/** One look at the prediction. */
export async function pollReplicate(
  p: { apiKey: string | null; timeoutMs: number; signal?: AbortSignal },
  getUrl: string,
): Promise<ReplicateStatus> {
  const { status, text } = await call(getUrl, { method: 'GET', headers: headers(p.apiKey) }, p);
  if (status >= 300) throw errorOf(status, text);
  const r = parseJson<ReplicatePrediction>(text, false);
  switch (r.status) {
    case 'succeeded': {
      const url = Array.isArray(r.output) ? r.output[0] : r.output;
      if (!url) throw new UpstreamError('succeeded without an output', 'permanent', 'answer');
      return { state: 'ready', url };
    }
    case 'failed':
    case 'canceled': {
      const why = r.error ?? r.status;
      if (SENSITIVE.test(why))
        throw UpstreamError.permanent(filtered, 'banned').withText({
          'zh-CN': `${filtered['zh-CN']}：${why}`,
          'en-US': `${filtered['en-US']}: ${why}`,
          'zh-TW': `${filtered['zh-TW']}：${why}`,
        });
      throw new UpstreamError(why.slice(0, 300), 'permanent', 'answer');
    }
    default:
      return { state: 'pending', progress: r.status === 'processing' ? 50 : 10 };
  }
}

/** The console's "test connection": `GET /v1/account` with the token. */
export async function checkReplicate(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  try {
    const { status, text } = await call(
      `${base(p.baseUrl)}/v1/account`,
      { method: 'GET', headers: headers(p.apiKey) },
      { timeoutMs: p.timeoutMs, signal },
    );
    if (status >= 300) throw errorOf(status, text);
    const a = parseJson<{ username?: string }>(text, false);
    return `Replicate: signed in as ${a.username ?? '?'}`;
  } catch (e) {
    throw explain(e, p.baseUrl);
  }
}
