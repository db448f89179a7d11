import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  echoedReasoning,
  finishReasonOf,
  reasoningFieldOf,
  refusalOf,
  type ReasoningSettings,
} from './openai-reasoning.js';
import {
  answerText,
  plannedCalls,
  toolCallDeltas,
  writtenQuery,
  type ToolSettings,
} from './openai-tools.js';
import { imageDeltasOf } from './openai-chat-images.js';
import { answerAudio, type AudioRequest, type AudioSettings } from './openai-audio.js';

/**
 * A fake OpenAI-compatible upstream on 127.0.0.1 speaking the real wire format
 * (POST /v1/chat/completions, SSE `data: <chunk>` lines, `data: [DONE]`,
 * `stream_options.include_usage` → a last chunk with `choices: []` and `usage`).
 * It follows OpenAI's API reference, "Create chat completion" and "The chat completion chunk
 * object" (https://platform.openai.com/docs/api-reference/chat/create,
 * https://platform.openai.com/docs/api-reference/chat-streaming) and its error object
 * (https://platform.openai.com/docs/guides/error-codes); the older top-level error body is
 * vLLM's `ErrorResponse` (vllm-project/vllm, `vllm/entrypoints/openai/protocol.py`).
 *
 * The requested `model` picks the behaviour:
 * - anything else: streams `reply` in pieces of `pieceSize` characters;
 * - `fake-500` / `fake-401`: that status with an OpenAI error body;
 * - `fake-old-error`: 400 with an older vLLM top-level error body;
 * - `fake-midstream`: two pieces, then `data: {"error":{…}}`;
 * - `fake-slow`: waits `slowMs` before each piece (abort and timeout tests);
 * - `fake-hang`: sends the headers and then nothing;
 * - reasoning models (o-series and gpt-5 refusals, DeepSeek-like `reasoning_content`, cut
 *   answers): see `openai-reasoning.ts`, which cites the real services;
 * - `fake-tools` (tool calls) and `fake-cite` (cited web sources): see `openai-tools.ts`;
 * - `fake-image`, `fake-image-inline`, `fake-image-link`: answers with a picture, as OpenRouter,
 *   Gemini relays and markdown-link relays send one: see `openai-chat-images.ts`;
 * - `/v1/audio/transcriptions` and `/v1/audio/speech` (`fake-stt`, `fake-tts`…): see
 *   `openai-audio.ts`.
 */
export interface FakeOpenAIRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{
      role: string;
      content: unknown;
      tool_calls?: unknown[];
      tool_call_id?: string;
    }>;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    max_tokens?: number;
    [key: string]: unknown;
  };
}

export interface FakeOpenAI extends ReasoningSettings, ToolSettings, AudioSettings {
  /** The audio calls, as the fake read them. */
  audioRequests: AudioRequest[];
  /** Base URL for the SDK, ending in `/v1`. */
  url: string;
  requests: FakeOpenAIRequest[];
  /** Streams the client closed before the end. */
  aborted: number;
  /** Pieces written before the client left, per aborted stream. */
  piecesBeforeAbort: number[];
  reply: string;
  pieceSize: number;
  slowMs: number;
  usage: { prompt_tokens: number; completion_tokens: number };
  /** When set, every call must carry `Authorization: Bearer <apiKey>` (else OpenAI's 401). */
  apiKey: string | null;
  /** Resolves when `n` streams have been aborted by the client. */
  waitForAborts(n: number): Promise<void>;
  close(): Promise<void>;
}

/** An 8×8 PNG the images endpoint answers with. */
export const FAKE_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4EaCBFTEMLQkAaplQAdEjY8UAAAAASUVORK5CYII=';

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const sockets = new Set<Socket>();
  const abortWaiters: Array<() => void> = [];
  const fake: FakeOpenAI = {
    url: '',
    requests: [],
    aborted: 0,
    piecesBeforeAbort: [],
    reply: 'Hello from the fake upstream: **bold**, `code`, and 中文字符 ✓.',
    pieceSize: 7,
    slowMs: 50,
    usage: { prompt_tokens: 123, completion_tokens: 45 },
    apiKey: null,
    refuseMaxTokens: new Set(),
    refuseMaxCompletionTokens: new Set(),
    reasoning: 'Let me think. The user greets me; a short greeting back fits.',
    reasoningTokens: 60,
    withholdUsage: false,
    thinkingGate: null,
    toolPlan: [[{ arguments: '{"city":"Paris"}' }]],
    queryFails: false,
    transcript: 'What is the weather like in Paris today?',
    speechPieces: 8,
    audioRequests: [],
    async waitForAborts(n) {
      while (fake.aborted < n) await new Promise<void>((r) => abortWaiters.push(r));
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const errorBody = (message: string, type: string, code: string | null) =>
    JSON.stringify({ error: { message, type, param: null, code } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      // Images (`/v1/images/generations`): a tiny real PNG, as b64_json or a url served here.
      if (req.method === 'GET' && path === '/v1/fake-images/picture.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.from(FAKE_PNG_BASE64, 'base64'));
        return;
      }
      if (fake.apiKey !== null && req.headers.authorization !== `Bearer ${fake.apiKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          errorBody(
            'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
        return;
      }
      // The models list (`GET /v1/models`): the cheapest read, used by connection tests.
      if (req.method === 'GET' && path === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            object: 'list',
            data: [{ id: 'fake-model', object: 'model', created: 1700000000, owned_by: 'fake' }],
          }),
        );
        return;
      }
      if (req.method === 'POST' && path.startsWith('/v1/audio/')) {
        void answerAudio(path, req, res, Buffer.concat(chunks), fake, fake.audioRequests);
        return;
      }
      const isImages = path === '/v1/images/generations';
      if (req.method !== 'POST' || (path !== '/v1/chat/completions' && !isImages)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          errorBody(
            `Unknown request URL: ${req.method} ${path}`,
            'invalid_request_error',
            'unknown_url',
          ),
        );
        return;
      }
      let body: FakeOpenAIRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeOpenAIRequest['body'];
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(errorBody('We could not parse the JSON body', 'invalid_request_error', null));
        return;
      }
      fake.requests.push({ path, headers: req.headers, body });
      if (isImages) return answerImage(body, res);
      void answer(body, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  function answerImage(body: FakeOpenAIRequest['body'], res: http.ServerResponse) {
    if (body.model === 'fake-500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(errorBody('The image server had an error.', 'server_error', null));
      return;
    }
    const item =
      body.response_format === 'url'
        ? { url: `${fake.url.replace(/\/v1$/, '')}/v1/fake-images/picture.png` }
        : { b64_json: FAKE_PNG_BASE64 };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        data: [{ ...item, revised_prompt: `revised: ${String(body.prompt ?? '')}` }],
      }),
    );
  }

  async function answer(body: FakeOpenAIRequest['body'], res: http.ServerResponse) {
    if (body.model === 'fake-500' || body.model === 'fake-401') {
      const status = body.model === 'fake-500' ? 500 : 401;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 500
          ? errorBody(
              'The server had an error while processing your request.',
              'server_error',
              null,
            )
          : errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      );
      return;
    }
    const refusal =
      refusalOf(body, fake) ??
      (reasoningFieldOf(body.model) && echoedReasoning(body.messages)
        ? {
            status: 400,
            body: errorBody(
              'The reasoning_content is an intermediate result for display purposes only and will not be included in the context for inference. Please remove the reasoning_content from your message to reduce network traffic.',
              'invalid_request_error',
              'invalid_request_error',
            ),
          }
        : null);
    if (refusal) {
      res.writeHead(refusal.status, { 'content-type': 'application/json' });
      res.end(refusal.body);
      return;
    }
    if (body.model === 'fake-old-error') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'error',
          message: 'model not loaded',
          type: 'BadRequestError',
          code: 400,
        }),
      );
      return;
    }
    const query = writtenQuery(body);
    if (query !== null && fake.queryFails) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        errorBody('The server had an error while processing your request.', 'server_error', null),
      );
      return;
    }
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: query ?? fake.reply },
              finish_reason: 'stop',
            },
          ],
          usage: {
            ...fake.usage,
            total_tokens: fake.usage.prompt_tokens + fake.usage.completion_tokens,
          },
        }),
      );
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    if (body.model === 'fake-hang') return;
    let written = 0;
    let closed = false;
    res.on('close', () => {
      if (!res.writableFinished) {
        closed = true;
        fake.aborted++;
        fake.piecesBeforeAbort.push(written);
        for (const w of abortWaiters.splice(0)) w();
      }
    });
    const includeUsage = body.stream_options?.include_usage === true && !fake.withholdUsage;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...(includeUsage ? { usage: null } : {}),
      })}\n\n`;
    // The last chunk before [DONE] when the caller asked `stream_options.include_usage`.
    const usageChunk = (usage: object) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [],
        usage,
      })}\n\n`;
    const piecesOf = (text: string) => {
      const chars = [...text];
      const out: string[] = [];
      for (let i = 0; i < chars.length; i += fake.pieceSize)
        out.push(chars.slice(i, i + fake.pieceSize).join(''));
      return out;
    };
    const calls = plannedCalls(body, fake);
    if (calls) {
      for (const delta of toolCallDeltas(calls)) res.write(chunk(delta, null));
      res.write(chunk({}, 'tool_calls'));
      if (includeUsage)
        res.write(usageChunk({ prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 }));
      res.end('data: [DONE]\n\n');
      return;
    }
    const pieces = piecesOf(answerText(body, fake.reply));
    const thoughtField = reasoningFieldOf(body.model);
    const pictured = imageDeltasOf(body.model, fake.url.replace(/\/v1$/, ''), FAKE_PNG_BASE64);
    if (pictured) {
      res.write(chunk({ role: 'assistant', content: '' }, null));
      for (const delta of pictured) res.write(chunk(delta, null));
      res.write(chunk({}, 'stop'));
      if (includeUsage)
        res.write(
          usageChunk({
            ...fake.usage,
            total_tokens: fake.usage.prompt_tokens + fake.usage.completion_tokens,
          }),
        );
      res.end('data: [DONE]\n\n');
      return;
    }
    res.write(chunk({ role: 'assistant', content: thoughtField ? null : '' }, null));
    if (thoughtField)
      for (const thought of piecesOf(fake.reasoning)) {
        if (closed) return;
        res.write(chunk({ content: null, [thoughtField]: thought }, null));
      }
    if (thoughtField && fake.thinkingGate) await fake.thinkingGate;
    for (const [i, piece] of pieces.entries()) {
      if (body.model === 'fake-slow') await new Promise((r) => setTimeout(r, fake.slowMs));
      if (closed) return;
      if (body.model === 'fake-midstream' && i === 2) {
        res.end(
          `data: ${errorBody('The upstream model crashed mid-answer', 'server_error', 'internal')}\n\n`,
        );
        return;
      }
      res.write(
        chunk(thoughtField ? { content: piece, [thoughtField]: null } : { content: piece }, null),
      );
      written++;
    }
    res.write(chunk({}, finishReasonOf(body.model)));
    const reasoningTokens = thoughtField ? fake.reasoningTokens : 0;
    if (includeUsage)
      res.write(
        usageChunk({
          prompt_tokens: fake.usage.prompt_tokens,
          completion_tokens: fake.usage.completion_tokens + reasoningTokens,
          total_tokens: fake.usage.prompt_tokens + fake.usage.completion_tokens + reasoningTokens,
          completion_tokens_details: { reasoning_tokens: reasoningTokens },
        }),
      );
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
