import OpenAI from 'openai';
import type { ChatAdapter, ChatChunk, ChatRequest } from './types.js';
import { UpstreamError } from './types.js';

/**
 * OpenAI-compatible chat (OpenAI, DeepSeek, Ollama, vLLM, One API) through the `openai` SDK
 * with a base URL such as `https://api.openai.com/v1`. Streams with
 * `stream_options.include_usage`, so the last chunk carries the real usage.
 */
export function openaiAdapter(options: { baseUrl: string; apiKey: string | null }): ChatAdapter {
  const client = new OpenAI({
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    // Ollama and vLLM ignore the key; the SDK insists on one.
    apiKey: options.apiKey || 'none',
    maxRetries: 0,
    fetch: compatibleErrors,
  });
  return {
    async *stream(request: ChatRequest): AsyncIterable<ChatChunk> {
      const controller = new AbortController();
      const onAbort = () => controller.abort(request.signal.reason);
      if (request.signal.aborted) onAbort();
      request.signal.addEventListener('abort', onAbort, { once: true });
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort(new Error('timeout'));
        }, request.timeoutMs);
      };
      arm();
      try {
        const stream = await client.chat.completions.create(
          {
            model: request.model,
            // The SDK's message type is a union our ChatMessage is a member of.
            messages: request.messages as OpenAI.Chat.ChatCompletionMessageParam[],
            stream: true,
            stream_options: { include_usage: true },
            max_tokens: request.maxTokens,
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            ...(request.topP !== undefined ? { top_p: request.topP } : {}),
          },
          { signal: controller.signal, timeout: request.timeoutMs },
        );
        for await (const chunk of stream) {
          arm();
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) yield { delta };
          if (chunk.usage)
            yield {
              usage: {
                promptTokens: chunk.usage.prompt_tokens,
                completionTokens: chunk.usage.completion_tokens,
              },
            };
        }
        // The SDK ends an aborted stream quietly: a timeout must still read as a failure.
        if (timedOut && !request.signal.aborted) throw new Error('timeout');
      } catch (error) {
        if (request.signal.aborted) return;
        if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError)
          throw new UpstreamError(
            `The model did not answer within ${Math.round(request.timeoutMs / 1000)} s`,
            'timeout',
          );
        if (error instanceof OpenAI.APIError && error.status !== undefined)
          throw new UpstreamError(
            `The model service answered ${error.status}: ${upstreamMessage(error)}`,
            'http',
            error.status,
          );
        if (error instanceof OpenAI.APIError && !(error instanceof OpenAI.APIConnectionError))
          throw new UpstreamError(`The model service failed: ${upstreamMessage(error)}`, 'stream');
        throw new UpstreamError(
          `The model service cannot be reached: ${(error as Error).message}`,
          'network',
        );
      } finally {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

/**
 * Older vLLM and some relays answer errors as a top-level `{object:"error", message}`; the SDK
 * reads only `{error:{message}}`, so such bodies are reshaped to keep their message readable.
 */
const compatibleErrors: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (res.ok) return res;
  const text = await res.text();
  let body = text;
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown; type?: unknown };
    if (parsed && parsed.error === undefined && typeof parsed.message === 'string')
      body = JSON.stringify({ error: { message: parsed.message, type: parsed.type ?? null } });
  } catch {
    // Not JSON: the SDK shows the text as it is.
  }
  return new Response(body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
};

function upstreamMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message;
  return text.slice(0, 300);
}
