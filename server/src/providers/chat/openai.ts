import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { urlToHttpOptions } from 'node:url';
import type { ChatAdapter, ChatChunk, ChatRequest, FinishReason } from './types.js';
import { getJson, httpFailure, type ProviderCheck } from '../check-http.js';
import { retryOfStatus, UpstreamError } from '../errors.js';
import { ChunkQueue, SseParser } from './sse.js';
import { errorMessage, errorText, ToolCallAssembler, type UpstreamToolCall } from './wire.js';
import { imagesOf, piecesOf, type UpstreamPart } from './parts.js';
import { textOfChunk } from './text-chunk.js';

export { SseParser } from './sse.js';

/**
 * OpenAI-compatible chat (OpenAI, DeepSeek, Ollama, vLLM, One API) spoken directly over
 * `node:http(s)` with a keep-alive pool per endpoint: `POST {base}/chat/completions` with
 * `stream_options.include_usage`, so the last chunk carries the real usage.
 *
 * Not the `openai` SDK: its fetch, web-streams and async-generator SSE path cost about 1 ms of
 * latency and 2 ms of CPU per answer, which is most of what a relay may add (docs/providers.md).
 * The wire format is small and fixed (docs/protocols.md); the parser below reads
 * each network read synchronously.
 */
export function openaiAdapter(options: {
  baseUrl: string;
  apiKey: string | null;
  /** How the host name becomes the address connected to (users' own endpoints are guarded). */
  lookup?: LookupFunction;
}): ChatAdapter {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const secure = url.protocol.startsWith('https');
  const target = urlToHttpOptions(url);
  const agent = new (secure ? https : http).Agent({
    keepAlive: true,
    scheduling: 'lifo',
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
    'user-agent': 'Atelier',
    // Ollama and vLLM ignore the key; a missing one is simply not sent.
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };
  const limits = new Map<string, LimitName>();
  return {
    stream: (request) => streamCompletion(request, { target, secure, agent, headers, limits }),
  };
}

interface Endpoint {
  /** The endpoint's URL as request options, worked out once (not at every request). */
  target: http.RequestOptions;
  secure: boolean;
  agent: http.Agent;
  headers: http.OutgoingHttpHeaders;
  /** Models of this endpoint that refused the limit their family takes: the name they took. */
  limits: Map<string, LimitName>;
}

/** The two names of the answer's token limit. */
type LimitName = 'max_tokens' | 'max_completion_tokens';
const otherName = (name: LimitName): LimitName =>
  name === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';

/**
 * The reasoning families by model name (o1, o3, o4-mini…, gpt-5…; a relay's `openai/o3` too):
 * they take `max_completion_tokens` and refuse `max_tokens` and sampling settings other than
 * the default, as OpenAI's reference and New API's `ConvertOpenAIRequest` say
 * (docs/providers.md, Reasoning models).
 */
export function isReasoningFamily(model: string): boolean {
  const name = model.toLowerCase().split('/').pop() ?? '';
  return /^o\d/.test(name) || name.startsWith('gpt-5');
}

/** The request's body, with the limit under the given name. */
function bodyOf(request: ChatRequest, limit: LimitName): string {
  // Sampling settings are left out for the reasoning families: they refuse any but the default.
  const sampling = !isReasoningFamily(request.model);
  return JSON.stringify({
    model: request.model,
    messages: request.messages,
    ...(request.once
      ? { stream: false }
      : { stream: true, stream_options: { include_usage: true } }),
    [limit]: request.maxTokens,
    ...(sampling && request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(sampling && request.topP !== undefined ? { top_p: request.topP } : {}),
    ...(request.tools?.length ? { tools: request.tools } : {}),
  });
}

/**
 * A 400 that refuses the limit's name (`code: unsupported_parameter` naming it, OpenAI's answer
 * to `max_tokens` for the o-series): the other name, to ask once more with. Null otherwise.
 */
export function refusedLimit(text: string, sent: LimitName): LimitName | null {
  let error: { code?: unknown; param?: unknown; message?: unknown } | undefined;
  try {
    error = (JSON.parse(text) as { error?: typeof error }).error;
  } catch {
    return null;
  }
  if (!error || error.code !== 'unsupported_parameter') return null;
  const named =
    error.param === sent ||
    (typeof error.message === 'string' && error.message.includes(`'${sent}'`));
  return named ? otherName(sent) : null;
}

/** Error bodies are read up to this size; the rest is of no use in a message. */
const MAX_ERROR_BODY = 64 * 1024;

/**
 * An error answer, or a server that ignored `stream: true` and answered in one JSON body: read
 * whole (an error's body up to MAX_ERROR_BODY), then relayed or turned into an UpstreamError.
 */
function readWhole(
  res: http.IncomingMessage,
  status: number,
  on: {
    refresh: () => void;
    queue: ChunkQueue;
    finish: (error?: UpstreamError) => void;
    /** Offered a 400's body: true when it asks again instead (the stream goes on there). */
    retry: (text: string) => boolean;
  },
): void {
  const { queue, finish } = on;
  let text = '';
  res.on('data', (piece: string) => {
    on.refresh();
    if (text.length < MAX_ERROR_BODY || status === 200) text += piece;
  });
  res.on('end', () => {
    if (status >= 200 && status <= 299) {
      try {
        const whole = JSON.parse(text) as WholeCompletion;
        const choice = whole.choices?.[0];
        const thought = reasoningOf(choice?.message);
        if (thought) queue.push({ reasoning: thought });
        const content = choice?.message?.content;
        for (const piece of piecesOf(content)) queue.push(piece);
        for (const image of imagesOf(choice?.message)) queue.push({ image });
        const calls = new ToolCallAssembler();
        calls.add(choice?.message?.tool_calls);
        if (calls.any()) queue.push({ toolCalls: calls.take() });
        const cut = finishOf(choice?.finish_reason);
        if (cut) queue.push({ finish: cut });
        if (whole.usage) queue.push({ usage: usageOf(whole.usage) });
        finish();
      } catch {
        finish(UpstreamError.transient('The model service sent an unreadable answer', 'stream'));
      }
      return;
    }
    if (status === 400 && on.retry(text)) return;
    finish(
      new UpstreamError(
        `The model service answered ${status}: ${errorMessage(text, res.statusMessage)}`,
        retryOfStatus(status),
        'http',
        { status },
      ),
    );
  });
}

/** Reads the SSE events of a streamed answer into the queue; a bad event throws. */
function chunkParser(queue: ChunkQueue): SseParser {
  const calls = new ToolCallAssembler();
  return new SseParser((data) => {
    if (data === '[DONE]') {
      if (calls.any()) queue.push({ toolCalls: calls.take() });
      return;
    }
    // Most chunks are text alone: read without building the chunk's objects (text-chunk.ts).
    const text = textOfChunk(data);
    if (text !== undefined) {
      if (text) queue.push({ delta: text });
      return;
    }
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(data) as StreamChunk;
    } catch {
      throw UpstreamError.transient(
        `The model service sent an unreadable chunk: ${data.slice(0, 100)}`,
        'stream',
      );
    }
    if (chunk.error !== undefined && chunk.error !== null)
      throw UpstreamError.transient(
        `The model service failed: ${errorText(chunk.error) ?? 'unknown error'}`,
        'stream',
      );
    const choice = chunk.choices?.[0];
    // DeepSeek's `reasoning_content`; vLLM and OpenRouter name it `reasoning`.
    const thought = reasoningOf(choice?.delta);
    if (thought) queue.push({ reasoning: thought });
    for (const piece of piecesOf(choice?.delta?.content)) queue.push(piece);
    for (const image of imagesOf(choice?.delta)) queue.push({ image });
    calls.add(choice?.delta?.tool_calls);
    // The calls are whole when the choice says why it stopped (`tool_calls`).
    if (choice?.finish_reason && calls.any()) queue.push({ toolCalls: calls.take() });
    const finish = finishOf(choice?.finish_reason);
    if (finish) queue.push({ finish });
    if (chunk.usage) queue.push({ usage: usageOf(chunk.usage) });
  });
}

function streamCompletion(request: ChatRequest, endpoint: Endpoint): AsyncIterable<ChatChunk> {
  const queue = new ChunkQueue();
  if (request.signal.aborted) {
    queue.end();
    return queue;
  }
  let req: http.ClientRequest;
  let settled = false;
  const finish = (error?: UpstreamError) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
    if (error) queue.fail(error);
    else queue.end();
  };
  // The caller left: the upstream request is cut and the stream ends quietly.
  const onAbort = () => {
    finish();
    req.destroy();
  };
  request.signal.addEventListener('abort', onAbort, { once: true });
  // No byte for `timeoutMs` (before the answer starts or between chunks) is a timeout.
  const timer = setTimeout(() => {
    finish(
      UpstreamError.transient(
        `The model did not answer within ${Math.round(request.timeoutMs / 1000)} s`,
        'timeout',
      ),
    );
    req.destroy();
  }, request.timeoutMs);

  const first =
    endpoint.limits.get(request.model) ??
    (isReasoningFamily(request.model) ? 'max_completion_tokens' : 'max_tokens');
  const send = (limit: LimitName, mayRetry: boolean) => {
    const body = bodyOf(request, limit);
    req = (endpoint.secure ? https.request : http.request)({
      ...endpoint.target,
      method: 'POST',
      agent: endpoint.agent,
      headers: { ...endpoint.headers, 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', (error) =>
      finish(UpstreamError.transient(`The model service cannot be reached: ${error.message}`)),
    );
    req.on('response', (res) => {
      res.setEncoding('utf8');
      const status = res.statusCode ?? 0;
      const json = /application\/json/i.test(res.headers['content-type'] ?? '');
      // An error, or a server that ignored `stream: true` and answered in one JSON body.
      if (status < 200 || status > 299 || json) {
        readWhole(res, status, {
          refresh: () => timer.refresh(),
          queue,
          finish,
          // The limit's name refused: asked once more under the other name (nothing was
          // streamed, and the caller's hold is one), which this endpoint then keeps for it.
          retry: (text) => {
            const other = mayRetry && !settled ? refusedLimit(text, limit) : null;
            if (!other) return false;
            rememberLimit(endpoint.limits, request.model, other);
            send(other, false);
            return true;
          },
        });
        return;
      }
      relayEvents(res, {
        queue,
        finish,
        refresh: () => timer.refresh(),
        isSettled: () => settled,
        destroy: () => req.destroy(),
      });
    });
    req.end(body);
  };
  send(first, true);
  return queue;
}

/** What an endpoint remembers of its models' limit names stays small. */
const MAX_REMEMBERED = 200;
function rememberLimit(limits: Map<string, LimitName>, model: string, name: LimitName): void {
  if (limits.size >= MAX_REMEMBERED) limits.clear();
  limits.set(model, name);
}

/** Relays a streamed (SSE) answer's events into the queue until it ends or breaks. */
function relayEvents(
  res: http.IncomingMessage,
  on: {
    queue: ChunkQueue;
    finish: (error?: UpstreamError) => void;
    refresh: () => void;
    isSettled: () => boolean;
    destroy: () => void;
  },
): void {
  const { finish } = on;
  const parser = chunkParser(on.queue);
  res.on('data', (piece: string) => {
    if (on.isSettled()) return;
    on.refresh();
    try {
      parser.feed(piece);
    } catch (error) {
      finish(error as UpstreamError);
      on.destroy();
    }
  });
  res.on('end', () => {
    if (on.isSettled()) return;
    try {
      parser.feed('\n\n');
      finish();
    } catch (error) {
      finish(error as UpstreamError);
    }
  });
  // The connection broke before the response was complete.
  res.on('close', () => {
    if (!res.complete)
      finish(UpstreamError.transient('The model service closed the stream mid-answer', 'stream'));
  });
}

interface UpstreamUsage {
  prompt_tokens?: number;
  /** The reasoning included (OpenAI, DeepSeek). */
  completion_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}
/** A message or a delta: the answer's text and, from reasoning models, their reasoning. */
interface UpstreamMessage {
  /** Text, or (relays of Gemini and gpt-image) a list of text and picture parts. */
  content?: string | UpstreamPart[] | null;
  /** OpenRouter's pictures of an image model's answer. */
  images?: UpstreamPart[] | null;
  tool_calls?: UpstreamToolCall[] | null;
  reasoning_content?: unknown;
  reasoning?: unknown;
}
interface StreamChunk {
  choices?: Array<{ delta?: UpstreamMessage; finish_reason?: string | null }>;
  usage?: UpstreamUsage | null;
  error?: unknown;
}
interface WholeCompletion {
  choices?: Array<{ message?: UpstreamMessage; finish_reason?: string | null }>;
  usage?: UpstreamUsage | null;
}

function usageOf(usage: UpstreamUsage) {
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    promptTokens: usage.prompt_tokens ?? 0,
    completionTokens: usage.completion_tokens ?? 0,
    ...(typeof reasoning === 'number' ? { reasoningTokens: reasoning } : {}),
  };
}

/** The reasoning text of a message or delta (`reasoning` being an object elsewhere: none). */
function reasoningOf(message: UpstreamMessage | undefined): string {
  const value = message?.reasoning_content ?? message?.reasoning;
  return typeof value === 'string' ? value : '';
}

const finishOf = (reason: string | null | undefined): FinishReason | null =>
  reason === 'length' || reason === 'content_filter' ? reason : null;

/** The connection test: GET {base}/models, the cheapest read of an OpenAI-compatible API. */
export const checkConnection: ProviderCheck = async (p, signal) => {
  const base = p.baseUrl.replace(/\/+$/, '');
  const res = await getJson(
    `${base}/models`,
    p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {},
    p.timeoutMs,
    signal,
  );
  if (res.status !== 200) throw httpFailure(res.status, 'GET /models');
  const data = (res.body as { data?: unknown[] } | null)?.data;
  return `${Array.isArray(data) ? data.length : 0} models listed`;
};
