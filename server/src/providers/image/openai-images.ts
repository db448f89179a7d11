import { mayHaveSent, retryOfStatus, UpstreamError } from '../errors.js';

/**
 * OpenAI-compatible images (OpenAI itself, One API / New API relays): `POST {base}/images/generations`
 * (JSON) and `POST {base}/images/edits` (multipart `image[]`, `mask`), both synchronous,
 * answering `{ created, data: [{ b64_json | url, revised_prompt }] }`. gpt-image models answer
 * only `b64_json` and take `background` / `output_format`; DALL·E answers a `url` (it expires in
 * about an hour: the task engine copies it into our storage at once). The key goes only to the
 * configured base.
 */

export interface GeneratedImage {
  bytes?: Buffer;
  url?: string;
  revisedPrompt: string | null;
}

interface Common {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  prompt: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface GenerationOptions {
  n?: number;
  size?: string;
  quality?: string;
  /** DALL·E 3: vivid | natural. */
  style?: string;
  /** gpt-image: transparent | opaque | auto. */
  background?: string;
  /** gpt-image: png | jpeg | webp. */
  outputFormat?: string;
  /** DALL·E only (gpt-image refuses the field): url (its default) or b64_json. */
  responseFormat?: 'url' | 'b64_json';
}

export interface EditInput extends Common, Pick<GenerationOptions, 'n' | 'size' | 'quality'> {
  images: Array<{ bytes: Buffer; name: string; mime: string }>;
  /** PNG, transparent where the picture is painted. */
  mask?: { bytes: Buffer; name: string };
}

/**
 * The GPT image models answer base64 only, take the newer fields and refuse DALL·E's
 * (`response_format`, `style`). openai-node `src/resources/images.ts` (`ImageModel`) names them:
 * `gpt-image-1`, `gpt-image-1-mini`, `gpt-image-1.5`, `gpt-image-2`, `gpt-image-2-2026-04-21`
 * and `chatgpt-image-latest`, beside `dall-e-2` and `dall-e-3`; relays' aliases of them
 * (`openai/gpt-image-1`, `GPT-Image-1`) count too.
 */
export const isGptImage = (model: string) =>
  /(?:^|[^a-z])(?:chatgpt-image|gpt-image)(?:[-.]|$)/i.test(model);

const base = (url: string) => url.replace(/\/+$/, '');
const auth = (key: string | null): Record<string, string> =>
  key ? { authorization: `Bearer ${key}` } : {};

async function send(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<string> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal });
    text = await res.text();
  } catch (error) {
    throw UpstreamError.transient(
      timeout.aborted ? 'no answer in time' : 'unreachable',
      timeout.aborted ? 'timeout' : 'network',
      { sent: mayHaveSent(error, timeout.aborted) },
    );
  }
  if (res.status >= 300) throw errorOf(res.status, text);
  return text;
}

function errorOf(status: number, text: string): UpstreamError {
  let message = `HTTP ${status}`;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; code?: string };
      message?: string;
    };
    message = body.error?.message ?? body.message ?? message;
    code = body.error?.code;
  } catch {
    // Not JSON: keep the status.
  }
  // OpenAI's safety system refuses a prompt with 400 `content_policy_violation`.
  const banned = code === 'content_policy_violation' || code === 'moderation_blocked';
  return new UpstreamError(
    message.slice(0, 300),
    retryOfStatus(status),
    banned ? 'banned' : 'http',
    {
      status,
    },
  );
}

function imagesOf(text: string): GeneratedImage[] {
  let body: { data?: Array<{ b64_json?: string; url?: string; revised_prompt?: string }> };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw UpstreamError.transient('the answer is not JSON', 'answer');
  }
  const out: GeneratedImage[] = [];
  for (const d of body.data ?? []) {
    const revisedPrompt = d.revised_prompt ?? null;
    if (d.b64_json) out.push({ bytes: Buffer.from(d.b64_json, 'base64'), revisedPrompt });
    else if (d.url) out.push({ url: d.url, revisedPrompt });
  }
  if (!out.length) throw new UpstreamError('the answer has no picture', 'permanent', 'answer');
  return out;
}

/** `POST /images/generations`: every picture asked for (`n`), as bytes or upstream links. */
export async function generateImages(input: Common & GenerationOptions): Promise<GeneratedImage[]> {
  const gpt = isGptImage(input.model);
  const body: Record<string, unknown> = {
    model: input.model,
    prompt: input.prompt,
    n: input.n ?? 1,
    ...(input.size ? { size: input.size } : {}),
    ...(input.quality ? { quality: input.quality } : {}),
    ...(input.style && !gpt ? { style: input.style } : {}),
    ...(input.background && gpt ? { background: input.background } : {}),
    ...(input.outputFormat && gpt ? { output_format: input.outputFormat } : {}),
    ...(input.responseFormat && !gpt ? { response_format: input.responseFormat } : {}),
  };
  const text = await send(
    `${base(input.baseUrl)}/images/generations`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(input.apiKey) },
      body: JSON.stringify(body),
    },
    input.timeoutMs,
    input.signal,
  );
  return imagesOf(text);
}

/** One picture (chat drawings): the first of `generateImages`, as base64. */
export async function generateImage(input: Common & { size: string }): Promise<GeneratedImage> {
  const [first] = await generateImages({ ...input, n: 1, responseFormat: 'b64_json' });
  return first!;
}

/** `POST /images/edits`: multipart `image[]` (one or more), optional `mask`, the prompt. */
export async function editImages(input: EditInput): Promise<GeneratedImage[]> {
  const form = new FormData();
  form.set('model', input.model);
  form.set('prompt', input.prompt);
  form.set('n', String(input.n ?? 1));
  if (input.size) form.set('size', input.size);
  if (input.quality) form.set('quality', input.quality);
  // DALL·E 2 takes one `image`; gpt-image takes several as `image[]`.
  const field = isGptImage(input.model) ? 'image[]' : 'image';
  for (const img of input.images)
    form.append(field, new Blob([new Uint8Array(img.bytes)], { type: img.mime }), img.name);
  if (input.mask)
    form.set(
      'mask',
      new Blob([new Uint8Array(input.mask.bytes)], { type: 'image/png' }),
      input.mask.name,
    );
  const text = await send(
    `${base(input.baseUrl)}/images/edits`,
    { method: 'POST', headers: auth(input.apiKey), body: form },
    input.timeoutMs,
    input.signal,
  );
  return imagesOf(text);
}

/**
 * The cheapest read for the console's "test connection": `GET {base}/models` (OpenAI, One API,
 * New API all answer it), saying in words what is wrong.
 */
export async function checkConnection(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  let text: string;
  try {
    text = await send(
      `${base(p.baseUrl)}/models`,
      { method: 'GET', headers: auth(p.apiKey) },
      p.timeoutMs,
      signal,
    );
  } catch (e) {
    throw explain(e, p.baseUrl);
  }
  let count = 0;
  try {
    count = ((JSON.parse(text) as { data?: unknown[] }).data ?? []).length;
  } catch {
    throw UpstreamError.transient(`${p.baseUrl} answered something that is not JSON`, 'answer');
  }
  return `connected: ${count} models listed`;
}

/** A failed check in words (shared with the Stability adapter). */
export function explain(e: unknown, url: string): UpstreamError {
  if (!(e instanceof UpstreamError)) return UpstreamError.transient(String(e));
  const words =
    e.kind === 'timeout'
      ? `no answer from ${url} in time (timeout)`
      : e.kind === 'network'
        ? `cannot reach ${url} (DNS, TLS or connection refused)`
        : e.status === 401 || e.status === 403
          ? `the key was refused (${e.status}): ${e.message}`
          : e.status === 404
            ? `nothing at ${url} (404): is the base address right?`
            : `${url} answered ${e.status ?? ''} ${e.message}`.trim();
  return new UpstreamError(words, e.retry, e.kind, { ...e.detail });
}
