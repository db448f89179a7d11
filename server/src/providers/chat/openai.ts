import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ChatAdapter, ChatChunk, ChatRequest } from './types.js';
import { getJson, httpFailure, type ProviderCheck } from '../check-http.js';
import { retryOfStatus, UpstreamError } from '../errors.js';

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
  return {
    stream: (request) => streamCompletion(request, { url, secure, agent, headers }),
  };
}

interface Endpoint {
  url: URL;
  secure: boolean;
  agent: http.Agent;
  headers: http.OutgoingHttpHeaders;
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
  on: { refresh: () => void; queue: ChunkQueue; finish: (error?: UpstreamError) => void },
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
        const content = whole.choices?.[0]?.message?.content;
        if (content) queue.push({ delta: content });
        if (whole.usage) queue.push({ usage: usageOf(whole.usage) });
        finish();
      } catch {
        finish(UpstreamError.transient('The model service sent an unreadable answer', 'stream'));
      }
      return;
    }
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
  return new SseParser((data) => {
    if (data === '[DONE]') return;
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
    const delta = chunk.choices?.[0]?.delta?.content;
    if (delta) queue.push({ delta });
    if (chunk.usage) queue.push({ usage: usageOf(chunk.usage) });
  });
}

function streamCompletion(request: ChatRequest, endpoint: Endpoint): AsyncIterable<ChatChunk> {
  const body = JSON.stringify({
    model: request.model,
    messages: request.messages,
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: request.maxTokens,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.topP !== undefined ? { top_p: request.topP } : {}),
  });
  const queue = new ChunkQueue();
  if (request.signal.aborted) {
    queue.end();
    return queue;
  }

  const send = endpoint.secure ? https.request : http.request;
  const req = send(endpoint.url, {
    method: 'POST',
    agent: endpoint.agent,
    headers: { ...endpoint.headers, 'content-length': Buffer.byteLength(body) },
  });
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

  req.on('error', (error) =>
    finish(UpstreamError.transient(`The model service cannot be reached: ${error.message}`)),
  );
  req.on('response', (res) => {
    res.setEncoding('utf8');
    const status = res.statusCode ?? 0;
    const json = /application\/json/i.test(res.headers['content-type'] ?? '');
    // An error, or a server that ignored `stream: true` and answered in one JSON body.
    if (status < 200 || status > 299 || json) {
      readWhole(res, status, { refresh: () => timer.refresh(), queue, finish });
      return;
    }
    const parser = chunkParser(queue);
    res.on('data', (piece: string) => {
      if (settled) return;
      timer.refresh();
      try {
        parser.feed(piece);
      } catch (error) {
        finish(error as UpstreamError);
        req.destroy();
      }
    });
    res.on('end', () => {
      if (settled) return;
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
  });
  req.end(body);
  return queue;
}

interface UpstreamUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}
interface StreamChunk {
  choices?: Array<{ delta?: { content?: string | null } }>;
  usage?: UpstreamUsage | null;
  error?: unknown;
}
interface WholeCompletion {
  choices?: Array<{ message?: { content?: string | null } }>;
  usage?: UpstreamUsage | null;
}

const usageOf = (usage: UpstreamUsage) => ({
  promptTokens: usage.prompt_tokens ?? 0,
  completionTokens: usage.completion_tokens ?? 0,
});

/** The readable part of an error body: `{error:{message}}`, older vLLM's `{message}`, or text. */
function errorMessage(text: string, statusMessage: string | undefined): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    const message = errorText(parsed.error) ?? errorText(parsed);
    if (message) return message.slice(0, 300);
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  return (text.trim() || statusMessage || 'no details').slice(0, 300);
}

function errorText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (
    value &&
    typeof value === 'object' &&
    typeof (value as { message?: unknown }).message === 'string'
  )
    return (value as { message: string }).message;
  return undefined;
}

/**
 * Server-sent events (the subset OpenAI-compatible servers send): `data:` lines, joined with a
 * newline within one event, dispatched at a blank line; comments and other fields are skipped;
 * LF, CRLF and CR line ends. Text arrives decoded, so split multi-byte characters are whole.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  constructor(private readonly onData: (data: string) => void) {}

  feed(text: string): void {
    const input = this.buffer + text;
    let start = 0;
    for (;;) {
      const lf = input.indexOf('\n', start);
      const cr = input.indexOf('\r', start);
      let end: number;
      let next: number;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        // A CR at the very end may be the first half of a CRLF: wait for the next read.
        if (cr === input.length - 1) break;
        end = cr;
        next = input[cr + 1] === '\n' ? cr + 2 : cr + 1;
      } else if (lf >= 0) {
        end = lf;
        next = lf + 1;
      } else break;
      this.line(input.slice(start, end));
      start = next;
    }
    this.buffer = input.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length) {
        const data = this.data.join('\n');
        this.data = [];
        this.onData(data);
      }
      return;
    }
    if (!line.startsWith('data:')) return;
    this.data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
  }
}

/**
 * What the adapter hands to the chat stream: chunks pushed as the network delivers them, read
 * with `for await`. Ending or failing wakes a waiting reader.
 */
class ChunkQueue implements AsyncIterable<ChatChunk> {
  private readonly items: ChatChunk[] = [];
  private done = false;
  private error: UpstreamError | null = null;
  private wake: (() => void) | null = null;

  push(chunk: ChatChunk): void {
    this.items.push(chunk);
    this.notify();
  }
  end(): void {
    this.done = true;
    this.notify();
  }
  fail(error: UpstreamError): void {
    this.error = error;
    this.done = true;
    this.notify();
  }
  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ChatChunk> {
    let read = 0;
    for (;;) {
      if (read < this.items.length) {
        yield this.items[read++]!;
        continue;
      }
      // Caught up: what was read is let go.
      this.items.length = 0;
      read = 0;
      if (this.done) {
        if (this.error) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

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
