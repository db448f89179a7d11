import type { Localized } from '../../http/messages.js';
import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';
import { explain } from './openai-images.js';

/**
 * Stability's Stable Image API, SD3 family: `POST {base}/v2beta/stable-image/generate/sd3`,
 * multipart, synchronous. `Accept: image/*` answers the picture's bytes (seed and finish reason
 * in the `seed` / `finish-reason` headers); `Accept: application/json` answers
 * `{ image: <base64>, seed, finish_reason }`. A `CONTENT_FILTERED` finish reason (or a 403
 * `content_moderation`) is a refusal: the task fails with the reason and nothing is charged.
 * Errors are `{ id, name, errors: [..] }`. The toolbox's upscale (`upscale/fast|conservative`)
 * and background removal (`edit/remove-background`) are the same family and answer alike.
 */

export const sd3AspectRatios = [
  '16:9',
  '1:1',
  '21:9',
  '2:3',
  '3:2',
  '4:5',
  '5:4',
  '9:16',
  '9:21',
] as const;

export interface Sd3Input {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  prompt: string;
  model: string;
  /** text-to-image without `image`; image-to-image with it (and `strength`). */
  image?: { bytes: Buffer; name: string; mime: string };
  strength?: number;
  aspectRatio?: string;
  seed?: number;
  negativePrompt?: string;
  cfgScale?: number;
  stylePreset?: string;
  outputFormat?: 'png' | 'jpeg';
  /** How the picture comes back: its bytes (default) or base64 in JSON. */
  accept?: 'image' | 'json';
}

export interface Sd3Result {
  bytes: Buffer;
  mime: string;
  seed: number | null;
}

const filtered: Localized = {
  'zh-CN': '内容审核拦截了这张图片（未扣费）',
  'en-US': 'The content filter blocked this picture (nothing was charged)',
  'zh-TW': '內容審核攔截了這張圖片（未扣費）',
};

const base = (url: string) => url.replace(/\/+$/, '');

async function call(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<{ res: Response; bytes: Buffer }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  } catch (error) {
    throw UpstreamError.transient(
      timeout.aborted ? 'no answer in time' : 'unreachable',
      timeout.aborted ? 'timeout' : 'network',
      { sent: mayHaveSent(error, timeout.aborted) },
    );
  }
}

function errorOf(status: number, text: string): UpstreamError {
  let name = '';
  let message = `HTTP ${status}`;
  try {
    const body = JSON.parse(text) as { name?: string; errors?: string[]; message?: string };
    name = body.name ?? '';
    message = body.errors?.join('; ') || body.message || name || message;
  } catch {
    // Not JSON: keep the status.
  }
  if (name === 'content_moderation')
    return UpstreamError.permanent(
      {
        'zh-CN': `${filtered['zh-CN']}：${message}`,
        'en-US': `${filtered['en-US']}: ${message}`,
        'zh-TW': `${filtered['zh-TW']}：${message}`,
      },
      'banned',
      { status },
    );
  return new UpstreamError(message.slice(0, 300), retryOfStatus(status), 'http', { status });
}

/** One SD3 picture, text-to-image or image-to-image. */
export async function generateSd3(input: Sd3Input): Promise<Sd3Result> {
  const form = new FormData();
  form.set('prompt', input.prompt);
  form.set('model', input.model);
  form.set('output_format', input.outputFormat ?? 'png');
  if (input.image) {
    form.set('mode', 'image-to-image');
    form.set(
      'image',
      new Blob([new Uint8Array(input.image.bytes)], { type: input.image.mime }),
      input.image.name,
    );
    form.set('strength', String(input.strength ?? 0.6));
  } else {
    form.set('mode', 'text-to-image');
    if (input.aspectRatio) form.set('aspect_ratio', input.aspectRatio);
  }
  if (input.seed !== undefined) form.set('seed', String(input.seed));
  if (input.negativePrompt) form.set('negative_prompt', input.negativePrompt);
  if (input.cfgScale !== undefined) form.set('cfg_scale', String(input.cfgScale));
  if (input.stylePreset) form.set('style_preset', input.stylePreset);
  return post(input, 'generate/sd3', form, input.outputFormat ?? 'png');
}

/** A toolbox edit of the same family (multipart `image`, `output_format`, answered like SD3). */
export interface StabilityEditInput extends Pick<
  Sd3Input,
  'baseUrl' | 'apiKey' | 'timeoutMs' | 'signal' | 'accept'
> {
  /**
   * `upscale/fast` (4×, no prompt), `upscale/conservative` (up to 4 megapixels, a prompt) or
   * `edit/remove-background` (a PNG with an alpha channel).
   */
  operation: 'upscale/fast' | 'upscale/conservative' | 'edit/remove-background';
  image: { bytes: Buffer; name: string; mime: string };
  /** Conservative upscale only. */
  prompt?: string;
  seed?: number;
}

/** One picture through a Stable Image edit or upscale endpoint. */
export async function editStability(input: StabilityEditInput): Promise<Sd3Result> {
  const form = new FormData();
  form.set(
    'image',
    new Blob([new Uint8Array(input.image.bytes)], { type: input.image.mime }),
    input.image.name,
  );
  // The background is only removable into a format with transparency.
  form.set('output_format', 'png');
  if (input.operation === 'upscale/conservative') {
    form.set('prompt', input.prompt || 'a sharp, detailed, high quality picture');
    if (input.seed !== undefined) form.set('seed', String(input.seed));
  }
  return post(input, input.operation, form, 'png');
}

/** `POST {base}/v2beta/stable-image/{path}` and its picture (bytes, or base64 in JSON). */
async function post(
  input: Pick<Sd3Input, 'baseUrl' | 'apiKey' | 'timeoutMs' | 'signal' | 'accept'>,
  path: string,
  form: FormData,
  format: string,
): Promise<Sd3Result> {
  const json = input.accept === 'json';
  const { res, bytes } = await call(
    `${base(input.baseUrl)}/v2beta/stable-image/${path}`,
    {
      method: 'POST',
      headers: {
        accept: json ? 'application/json' : 'image/*',
        ...(input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {}),
      },
      body: form,
    },
    input.timeoutMs,
    input.signal,
  );
  if (res.status >= 300) throw errorOf(res.status, bytes.toString('utf8'));
  if (json) {
    let body: { image?: string; seed?: number; finish_reason?: string };
    try {
      body = JSON.parse(bytes.toString('utf8')) as typeof body;
    } catch {
      throw UpstreamError.transient('the answer is not JSON', 'answer');
    }
    if (body.finish_reason === 'CONTENT_FILTERED')
      throw UpstreamError.permanent(filtered, 'banned');
    if (!body.image) throw new UpstreamError('the answer has no picture', 'permanent', 'answer');
    return {
      bytes: Buffer.from(body.image, 'base64'),
      mime: `image/${format}`,
      seed: body.seed ?? null,
    };
  }
  if (res.headers.get('finish-reason') === 'CONTENT_FILTERED')
    throw UpstreamError.permanent(filtered, 'banned');
  const mime = res.headers.get('content-type') ?? '';
  if (!mime.startsWith('image/') || !bytes.length)
    throw UpstreamError.transient('the answer is not a picture', 'answer');
  const seed = Number(res.headers.get('seed'));
  return { bytes, mime, seed: Number.isFinite(seed) && res.headers.has('seed') ? seed : null };
}

/** The console's "test connection": `GET {base}/v1/user/balance`, the cheapest read. */
export async function checkConnection(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  const url = `${base(p.baseUrl)}/v1/user/balance`;
  try {
    const { res, bytes } = await call(
      url,
      { method: 'GET', headers: p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {} },
      p.timeoutMs,
      signal,
    );
    if (res.status >= 300) throw errorOf(res.status, bytes.toString('utf8'));
    const credits = (JSON.parse(bytes.toString('utf8')) as { credits?: number }).credits;
    return `connected: ${credits ?? '?'} credits left`;
  } catch (e) {
    if (e instanceof SyntaxError)
      throw UpstreamError.transient(`${url} answered something that is not JSON`, 'answer');
    throw explain(e, p.baseUrl);
  }
}
