import { retryOfStatus, UpstreamError } from '../errors.js';

/**
 * OpenAI-compatible images: `POST {base}/images/generations` (synchronous) answering
 * `{ data: [{ b64_json | url, revised_prompt }] }`. The key goes only to the configured base.
 */

export interface GeneratedImage {
  bytes?: Buffer;
  url?: string;
  revisedPrompt: string | null;
}

export async function generateImage(input: {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  prompt: string;
  size: string;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<GeneratedImage> {
  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(`${input.baseUrl.replace(/\/+$/, '')}/images/generations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: input.model,
        prompt: input.prompt,
        n: 1,
        size: input.size,
        response_format: 'b64_json',
      }),
      redirect: 'manual',
      signal,
    });
  } catch {
    throw UpstreamError.transient(
      timeout.aborted ? 'no answer in time' : 'unreachable',
      timeout.aborted ? 'timeout' : 'network',
    );
  }
  const text = await res.text().catch(() => '');
  if (res.status >= 300) {
    let message = `HTTP ${res.status}`;
    try {
      const body = JSON.parse(text) as { error?: { message?: string }; message?: string };
      message = body.error?.message ?? body.message ?? message;
    } catch {
      // Not JSON: keep the status.
    }
    throw new UpstreamError(message.slice(0, 300), retryOfStatus(res.status), 'http', {
      status: res.status,
    });
  }
  let body: { data?: Array<{ b64_json?: string; url?: string; revised_prompt?: string }> };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw UpstreamError.transient('the answer is not JSON', 'answer');
  }
  const first = body.data?.[0];
  if (first?.b64_json)
    return {
      bytes: Buffer.from(first.b64_json, 'base64'),
      revisedPrompt: first.revised_prompt ?? null,
    };
  if (first?.url) return { url: first.url, revisedPrompt: first.revised_prompt ?? null };
  throw new UpstreamError('the answer has no picture', 'permanent', 'answer');
}
