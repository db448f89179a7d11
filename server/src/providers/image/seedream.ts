import { retryOfStatus, UpstreamError } from '../errors.js';
import { callText as call, parseJson } from '../json-call.js';
import { explain } from './openai-images.js';

/**
 * Doubao Seedream on Volcengine Ark (Ark's "Image generation API", `POST /api/v3/images/
 * generations`; as New API's Volcengine channel passes `/v1/images/generations` on,
 * QuantumNous/new-api `relay/channel/volcengine/adaptor.go`): a Bearer Ark API key, body
 * `{model, prompt, size "WxH", seed, guidance_scale, watermark, response_format "url" |
 * "b64_json", image}` → `{model, created, data: [{url} | {b64_json}], usage}`. Seedream 3.0
 * (`doubao-seedream-3-0-t2i-…`) draws from words with `guidance_scale` 1–10; Seedream 4.0
 * (`doubao-seedream-4-0-…`) also edits from `image` (one data URL or a list, up to 10) and takes
 * no guidance; SeedEdit (`doubao-seededit-…`) edits one picture. Errors are `{error: {code,
 * message, param, type}}`: `InvalidParameter` (400), `InputTextSensitiveContentDetected`,
 * `InputImageSensitiveContentDetected`, `OutputImageSensitiveContentDetected` (400, the
 * filter), `QuotaExceeded` / `AccountOverdueError` (429 / 403: the account). The `url` is a
 * signed TOS link valid 24 h: the engine copies it at once.
 */

export interface SeedreamInput {
  /** The full endpoint: `{ark}/api/v3/images/generations` or `{relay}/v1/images/generations`. */
  url: string;
  apiKey: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  model: string;
  prompt: string;
  aspectRatio?: string;
  seed?: number;
  guidance?: number;
  images?: Array<{ bytes: Buffer; mime: string }>;
}

export type SeedreamResult = { url: string } | { bytes: Buffer };

/** 4.0 (and later) takes references and 2K sizes; 3.0 a guidance scale. */
export const seedreamTakesImages = (model: string) => /seedream-4|seededit/i.test(model);
export const seedreamTakesGuidance = (model: string) => !/seedream-4/i.test(model);

/** Ark's recommended sizes per aspect ratio (3.0: about 1 MP; 4.0: about 4 MP). */
const SIZES: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '4:3': [1152, 864],
  '3:4': [864, 1152],
  '16:9': [1280, 720],
  '9:16': [720, 1280],
  '3:2': [1248, 832],
  '2:3': [832, 1248],
  '21:9': [1512, 648],
};
export const SEEDREAM_ASPECTS = Object.keys(SIZES);

export function seedreamSize(model: string, aspect = '1:1'): string {
  const [w, h] = SIZES[aspect] ?? SIZES['1:1']!;
  const k = /seedream-4/i.test(model) ? 2 : 1;
  return `${w * k}x${h * k}`;
}

const FILTERED = /SensitiveContentDetected|RiskDetected/;
const QUOTA = /QuotaExceeded|AccountOverdue|InsufficientBalance|SetLimitExceeded/;

function errorOf(status: number, text: string): UpstreamError {
  let code = '';
  let message = `HTTP ${status}`;
  try {
    const e = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
    if (e) {
      code = e.code ?? '';
      message = `${code}${code ? ': ' : ''}${e.message ?? ''}`;
    }
  } catch {
    // Not JSON: keep the status.
  }
  if (FILTERED.test(code)) return new UpstreamError(message, 'permanent', 'banned', { status });
  if (QUOTA.test(code)) return new UpstreamError(message, 'permanent', 'refused', { status });
  return new UpstreamError(message.slice(0, 300), retryOfStatus(status), 'http', { status });
}

export function seedreamBody(input: SeedreamInput): Record<string, unknown> {
  const refs = (input.images ?? []).map(
    (i) => `data:${i.mime};base64,${i.bytes.toString('base64')}`,
  );
  return {
    model: input.model,
    prompt: input.prompt,
    size: seedreamSize(input.model, input.aspectRatio),
    ...(input.seed !== undefined ? { seed: input.seed % 2 ** 31 } : {}),
    ...(input.guidance !== undefined && seedreamTakesGuidance(input.model)
      ? { guidance_scale: input.guidance }
      : {}),
    ...(refs.length ? { image: refs.length === 1 ? refs[0] : refs } : {}),
    ...(/seedream-4/i.test(input.model) ? { sequential_image_generation: 'disabled' } : {}),
    response_format: 'url',
    watermark: false,
  };
}

/** One picture (synchronous): its signed link, or its bytes when answered as base64. */
export async function generateSeedream(input: SeedreamInput): Promise<SeedreamResult> {
  const { status, text } = await call(
    input.url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {}),
      },
      body: JSON.stringify(seedreamBody(input)),
    },
    input,
  );
  if (status >= 300) throw errorOf(status, text);
  const answer = parseJson<{
    data?: Array<{ url?: string; b64_json?: string }>;
    error?: { code?: string; message?: string };
  }>(text);
  const first = answer.data?.[0];
  if (first?.url) return { url: first.url };
  if (first?.b64_json) return { bytes: Buffer.from(first.b64_json, 'base64') };
  // 4.0 answers a failed picture of a batch as an item with its `error`.
  if (answer.error) throw errorOf(400, JSON.stringify({ error: answer.error }));
  throw new UpstreamError('the answer has no picture', 'permanent', 'answer');
}

/**
 * The console's "test connection": the cheapest read Ark answers with the key (its content
 * generation tasks, one per page; the same key draws pictures).
 */
export async function checkSeedream(
  p: { baseUrl: string; apiKey: string | null; timeoutMs: number },
  signal?: AbortSignal,
): Promise<string> {
  const url = `${p.baseUrl.replace(/\/+$/, '')}/api/v3/contents/generations/tasks?page_num=1&page_size=1`;
  try {
    const { status, text } = await call(
      url,
      {
        method: 'GET',
        headers: p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {},
      },
      { timeoutMs: p.timeoutMs, signal },
    );
    if (status >= 300) throw errorOf(status, text);
    parseJson(text, false);
    return 'Seedream (Ark): signed in';
  } catch (e) {
    throw explain(e, p.baseUrl);
  }
}
