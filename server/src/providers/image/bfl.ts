import type { Localized } from '../../http/messages.js';
import { retryOfStatus, UpstreamError } from '../errors.js';
import { callText as call } from '../json-call.js';
import { explain } from './openai-images.js';

/**
 * Black Forest Labs' FLUX API (docs.bfl.ai; the request and status models as
 * comfyanonymous/ComfyUI `comfy_api_nodes/apis/bfl.py` writes them): `POST {base}/v1/{model}`
 * with the key in `x-key` answers `{ id, polling_url, cost? }`; `GET polling_url` answers
 * `{ id, status, result, progress }` with status `Pending`, `Ready` (`result.sample`: a signed
 * link that expires after about ten minutes, copied into our storage at once), `Request
 * Moderated` / `Content Moderated` (the prompt or the picture was refused), `Error` or `Task not
 * found`. Errors are `{ detail }` (a 422 lists the fields). The model is the endpoint's name:
 * `flux-pro-1.1` and `flux-dev` take `width` / `height` (multiples of 32) and one `image_prompt`;
 * `flux-pro-1.1-ultra` and `flux-kontext-*` take `aspect_ratio`; Kontext and FLUX.2 take the
 * references as `input_image`, `input_image_2`…; FLUX.2 takes `width` / `height`.
 */

export interface FluxInput {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  model: string;
  prompt: string;
  aspectRatio?: string;
  seed?: number;
  outputFormat?: 'png' | 'jpeg';
  /** Reference pictures (Kontext and FLUX.2 take up to 4; the others the first only). */
  images?: Array<{ bytes: Buffer; mime: string }>;
}

export interface FluxSubmitted {
  id: string;
  pollingUrl: string;
}

export type FluxStatus =
  | { state: 'pending'; progress: number | null }
  | { state: 'ready'; url: string; seed: number | null };

const moderated: Localized = {
  'zh-CN': '内容审核拦截了这张图片（未扣费）',
  'en-US': 'The content filter blocked this picture (nothing was charged)',
  'zh-TW': '內容審核攔截了這張圖片（未扣費）',
};
const noCredits: Localized = {
  'zh-CN': '绘图服务的账户余额不足（未扣费）',
  'en-US': 'The drawing service’s account has no credits left (nothing was charged)',
  'zh-TW': '繪圖服務的帳戶餘額不足（未扣費）',
};

const base = (url: string) => url.replace(/\/+$/, '');

/** Which request shape a FLUX endpoint takes. */
export function fluxShape(model: string): 'aspect' | 'size' {
  return /ultra|kontext/i.test(model) ? 'aspect' : 'size';
}

/** References as `input_image…` (Kontext, FLUX.2) or one `image_prompt` (the others). */
const multiRef = (model: string) => /kontext|flux-2/i.test(model);

/** About one megapixel in the ratio asked, each side a multiple of 32 within 256–1440. */
export function fluxSize(aspect: string | undefined): { width: number; height: number } {
  const [w, h] = (aspect ?? '1:1').split(':').map(Number) as [number, number];
  const scale = Math.sqrt((1024 * 1024) / (w * h));
  const side = (v: number) => Math.min(1440, Math.max(256, Math.round((v * scale) / 32) * 32));
  return { width: side(w), height: side(h) };
}

function errorOf(status: number, text: string): UpstreamError {
  let message = `HTTP ${status}`;
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    if (typeof detail === 'string') message = detail;
    else if (Array.isArray(detail))
      message = detail
        .map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).join('.')}: ${d.msg}`)
        .join('; ');
  } catch {
    // Not JSON: keep the status.
  }
  if (status === 402) return UpstreamError.permanent(noCredits, 'refused', { status });
  return new UpstreamError(message.slice(0, 300), retryOfStatus(status), 'http', { status });
}

const headers = (key: string | null) => ({
  'content-type': 'application/json',
  accept: 'application/json',
  ...(key ? { 'x-key': key } : {}),
});

/** Starts one picture: its id and where to ask for it. */
export async function submitFlux(input: FluxInput): Promise<FluxSubmitted> {
  const body: Record<string, unknown> = {
    prompt: input.prompt,
    output_format: input.outputFormat ?? 'png',
  };
  if (input.seed !== undefined) body.seed = input.seed;
  if (fluxShape(input.model) === 'aspect') body.aspect_ratio = input.aspectRatio ?? '1:1';
  else Object.assign(body, fluxSize(input.aspectRatio));
  const refs = (input.images ?? []).map((i) => i.bytes.toString('base64'));
  if (refs.length && multiRef(input.model))
    refs.slice(0, 4).forEach((b64, i) => (body[i ? `input_image_${i + 1}` : 'input_image'] = b64));
  else if (refs[0]) body.image_prompt = refs[0];
  const { status, text } = await call(
    `${base(input.baseUrl)}/v1/${encodeURIComponent(input.model)}`,
    { method: 'POST', headers: headers(input.apiKey), body: JSON.stringify(body) },
    input,
  );
  if (status >= 300) throw errorOf(status, text);
  let answer: { id?: string; polling_url?: string };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw UpstreamError.transient('the answer is not JSON', 'answer', { sent: true });
  }
  if (!answer.id) throw UpstreamError.transient('the answer has no id', 'answer', { sent: true });
  return {
    id: answer.id,
    pollingUrl: pollingUrlOf(input.baseUrl, answer.id, answer.polling_url),
  };
}

/**
 * Where the key may be sent: the polling URL BFL answered when it is on the configured base's
 * origin or one of BFL's regional hosts (`api.us1.bfl.ai`…), else the base's `get_result`.
 */
export function pollingUrlOf(baseUrl: string, id: string, given?: string): string {
  const fallback = `${base(baseUrl)}/v1/get_result?id=${encodeURIComponent(id)}`;
  if (!given) return fallback;
  try {
    const u = new URL(given);
    const own = new URL(baseUrl);
    const bfl = u.protocol === 'https:' && /(^|\.)bfl\.ai$/i.test(u.hostname);
    return u.origin === own.origin || bfl ? u.toString() : fallback;
  } catch {
    return fallback;
  }
}

/** One look at a picture in the making. */
export async function pollFlux(
  p: Pick<FluxInput, 'apiKey' | 'timeoutMs' | 'signal'>,
  pollingUrl: string,
): Promise<FluxStatus> {
  const { status, text } = await call(pollingUrl, { method: 'GET', headers: headers(p.apiKey) }, p);
  if (status >= 300) throw errorOf(status, text);
  let answer: {
    status?: string;
    progress?: number | null;
    result?: { sample?: string; seed?: number } | null;
    details?: unknown;
  };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw UpstreamError.transient('the answer is not JSON', 'answer');
  }
  switch (answer.status) {
    case 'Ready':
      if (!answer.result?.sample)
        throw new UpstreamError('ready without a picture', 'permanent', 'answer');
      return {
        state: 'ready',
        url: answer.result.sample,
        seed: typeof answer.result.seed === 'number' ? answer.result.seed : null,
      };
    case 'Pending':
      return {
        state: 'pending',
        progress: typeof answer.progress === 'number' ? answer.progress : null,
      };
    case 'Request Moderated':
    case 'Content Moderated':
      throw UpstreamError.permanent(moderated, 'banned').withText({
        'zh-CN': `${moderated['zh-CN']}：${answer.status}`,
        'en-US': `${moderated['en-US']}: ${answer.status}`,
        'zh-TW': `${moderated['zh-TW']}：${answer.status}`,
      });
    default:
      // `Error`, `Task not found`: the upstream gave up on it; trying again would not help.
      throw new UpstreamError(
        `${answer.status ?? 'no status'}${answer.details ? `: ${JSON.stringify(answer.details).slice(0, 200)}` : ''}`,
        'permanent',
        'answer',
      );
  }
}

/** The console's "test connection": `GET {base}/v1/credits`, the cheapest read. */
export async function checkConnection(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  const url = `${base(p.baseUrl)}/v1/credits`;
  try {
    const { status, text } = await call(
      url,
      { method: 'GET', headers: headers(p.apiKey) },
      { timeoutMs: p.timeoutMs, ...(signal ? { signal } : {}) },
    );
    if (status >= 300) throw errorOf(status, text);
    const credits = (JSON.parse(text) as { credits?: number }).credits;
    return `${credits ?? '?'} credits left`;
  } catch (e) {
    if (e instanceof SyntaxError)
      throw UpstreamError.transient(`${url} answered something that is not JSON`, 'answer');
    throw explain(e, p.baseUrl);
  }
}
