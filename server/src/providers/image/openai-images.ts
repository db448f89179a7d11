/**
 * OpenAI-compatible images: `POST {base}/images/generations` (synchronous) answering
 * `{ data: [{ b64_json | url, revised_prompt }] }`. The key goes only to the configured base.
 */
export class ImagesError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'ImagesError';
  }
}

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
    throw new ImagesError(timeout.aborted ? 'no answer in time' : 'unreachable', true);
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
    throw new ImagesError(message.slice(0, 300), res.status === 429 || res.status >= 500);
  }
  let body: { data?: Array<{ b64_json?: string; url?: string; revised_prompt?: string }> };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new ImagesError('the answer is not JSON', true);
  }
  const first = body.data?.[0];
  if (first?.b64_json)
    return {
      bytes: Buffer.from(first.b64_json, 'base64'),
      revisedPrompt: first.revised_prompt ?? null,
    };
  if (first?.url) return { url: first.url, revisedPrompt: first.revised_prompt ?? null };
  throw new ImagesError('the answer has no picture', false);
}
