import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReasoningFamily, openaiAdapter, refusedLimit, SseParser } from './openai.js';
import { UpstreamError, type ChatChunk, type ChatRequest } from './types.js';

/**
 * The OpenAI-compatible adapter against a loopback server whose answers are scripted down to
 * the byte: how a stream is cut into network reads, error bodies, broken connections.
 */
type Script = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
let script: Script = () => undefined;
let lastRequest: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> } | null = null;
let closedByClient = 0;
const sockets = new Set<Socket>();
const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (piece: string) => (body += piece));
  req.on('end', () => {
    lastRequest = { headers: req.headers, body: JSON.parse(body) as Record<string, unknown> };
    res.on('close', () => {
      if (!res.writableFinished) closedByClient++;
    });
    script(req, res, body);
  });
});
server.on('connection', (s) => {
  sockets.add(s);
  s.on('close', () => sockets.delete(s));
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => server.close(() => r()));
});

const sse = (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
const chunk = (content: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }], usage: null })}\n\n`;
const usageChunk = `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } })}\n\n`;

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'gpt-test',
    messages: [{ role: 'user', content: 'hello' }],
    maxTokens: 64,
    signal: new AbortController().signal,
    timeoutMs: 2000,
    ...overrides,
  };
}

async function collect(
  apiKey: string | null,
  req: ChatRequest = request(),
): Promise<{ text: string; chunks: ChatChunk[]; error: unknown }> {
  const chunks: ChatChunk[] = [];
  let error: unknown = null;
  try {
    for await (const c of openaiAdapter({ baseUrl: `${base}/`, apiKey }).stream(req))
      chunks.push(c);
  } catch (e) {
    error = e;
  }
  const text = chunks.map((c) => ('delta' in c ? c.delta : '')).join('');
  return { text, chunks, error };
}

describe('SseParser', () => {
  it('reads LF, CRLF and CR line ends, split anywhere, and skips comments and other fields', () => {
    const seen: string[] = [];
    const parser = new SseParser((d) => seen.push(d));
    const input =
      ': keep-alive\r\n\r\ndata: one\r\n\r\nevent: x\ndata:two\n\ndata: a\rdata: b\r\rid: 3\n\ndata: [DONE]\n\n';
    for (const piece of input.split('')) parser.feed(piece);
    expect(seen).toEqual(['one', 'two', 'a\nb', '[DONE]']);
  });
});

describe('openaiAdapter', () => {
  it('sends the request the protocol names and relays a stream cut at every byte', async () => {
    const text = 'Hello, 世界 ✓ — and a long enough tail to cross several reads.';
    const pieces = ['Hello, 世', '界 ✓ — and', ' a long enough tail', ' to cross several reads.'];
    expect(pieces.join('')).toBe(text);
    script = (_req, res) => {
      sse(res);
      // One byte per write: multi-byte characters and CRLFs arrive split.
      const bytes = Buffer.from(
        pieces.map(chunk).join('').replaceAll('\n', '\r\n') + usageChunk + 'data: [DONE]\n\n',
      );
      let i = 0;
      const next = () => {
        if (i >= bytes.length) return res.end();
        res.write(bytes.subarray(i, ++i));
        setImmediate(next);
      };
      next();
    };
    const r = await collect('sk-test', request({ temperature: 0.5, topP: 0.9 }));
    expect(r.error).toBeNull();
    expect(r.text).toBe(text);
    expect(r.chunks.at(-1)).toEqual({ usage: { promptTokens: 11, completionTokens: 7 } });
    expect(lastRequest!.headers.authorization).toBe('Bearer sk-test');
    expect(lastRequest!.body).toEqual({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 64,
      temperature: 0.5,
      top_p: 0.9,
    });
  });

  it('sends no key when none is set, and reads a server that answered in one JSON body', async () => {
    script = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: 'whole answer' } }],
          usage: { prompt_tokens: 3, completion_tokens: 2 },
        }),
      );
    };
    const r = await collect(null);
    expect(lastRequest!.headers.authorization).toBeUndefined();
    expect(r.chunks).toEqual([
      { delta: 'whole answer' },
      { usage: { promptTokens: 3, completionTokens: 2 } },
    ]);
  });

  it.each([
    [401, { error: { message: 'Incorrect API key provided.' } }, /answered 401: Incorrect API key/],
    [400, { object: 'error', message: 'model not loaded' }, /answered 400: model not loaded/],
    [502, '<html>Bad Gateway</html>', /answered 502: <html>Bad Gateway<\/html>/],
  ])('reads the message of a %i error body', async (status, body, expected) => {
    script = (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const r = await collect('sk');
    expect(r.error).toBeInstanceOf(UpstreamError);
    expect(r.error).toMatchObject({ kind: 'http', status });
    expect((r.error as Error).message).toMatch(expected);
  });

  it('keeps what came before a mid-stream error event, then fails', async () => {
    script = (_req, res) => {
      sse(res);
      res.write(chunk('partial '));
      res.end(`data: ${JSON.stringify({ error: { message: 'model crashed' } })}\n\n`);
    };
    const r = await collect('sk');
    expect(r.text).toBe('partial ');
    expect(r.error).toMatchObject({ kind: 'stream' });
    expect((r.error as Error).message).toMatch(/model crashed/);
  });

  it('fails when the connection breaks mid-answer', async () => {
    script = (_req, res) => {
      sse(res);
      res.write(chunk('cut '), () => setTimeout(() => res.socket?.destroy(), 20));
    };
    const r = await collect('sk');
    expect(r.text).toBe('cut ');
    expect(r.error).toMatchObject({ kind: 'stream' });
  });

  it('fails as unreachable when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const adapter = openaiAdapter({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk' });
    await expect(async () => {
      for await (const c of adapter.stream(request())) void c;
    }).rejects.toMatchObject({ kind: 'network' });
  });

  it('times out when no byte comes for timeoutMs, before and between chunks', async () => {
    script = (_req, res) => sse(res);
    const before = await collect('sk', request({ timeoutMs: 150 }));
    expect(before.error).toMatchObject({ kind: 'timeout' });
    script = (_req, res) => {
      sse(res);
      res.write(chunk('one '));
      setTimeout(() => res.write(chunk('two ')), 100);
    };
    // The limit is many times the gap, so that a busy machine's late timers do not end the
    // stream before the second piece is read; the stall after it is what must time out.
    const between = await collect('sk', request({ timeoutMs: 1_500 }));
    expect(between.text).toBe('one two ');
    expect(between.error).toMatchObject({ kind: 'timeout' });
  });

  it('ends quietly and cuts the upstream when the caller aborts', async () => {
    const controller = new AbortController();
    const closedBefore = closedByClient;
    script = (_req, res) => {
      sse(res);
      res.write(chunk('first '));
      const timer = setInterval(() => res.write(chunk('more ')), 20);
      res.on('close', () => clearInterval(timer));
    };
    const chunks: ChatChunk[] = [];
    const adapter = openaiAdapter({ baseUrl: base, apiKey: 'sk' });
    for await (const c of adapter.stream(request({ signal: controller.signal }))) {
      chunks.push(c);
      if (chunks.length === 2) controller.abort();
    }
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    while (closedByClient === closedBefore) await new Promise((r) => setTimeout(r, 5));
    expect(closedByClient).toBe(closedBefore + 1);
  });
});

describe('reasoning families and refused limit names', () => {
  it('knows the o-series and gpt-5 by name, behind a vendor prefix too', () => {
    for (const name of [
      'o1',
      'o1-mini',
      'o3-mini',
      'o4-mini-high',
      'gpt-5',
      'gpt-5-mini',
      'openai/o3',
    ])
      expect(isReasoningFamily(name), name).toBe(true);
    for (const name of ['gpt-4o', 'gpt-4.1', 'deepseek-reasoner', 'ollama-o1x', 'omni', 'qwen3'])
      expect(isReasoningFamily(name), name).toBe(false);
  });

  it('reads a 400 that refuses the limit it was sent, and nothing else', () => {
    const body = (param: string, code = 'unsupported_parameter') =>
      JSON.stringify({
        error: {
          message: `Unsupported parameter: '${param}' is not supported with this model.`,
          type: 'invalid_request_error',
          param,
          code,
        },
      });
    expect(refusedLimit(body('max_tokens'), 'max_tokens')).toBe('max_completion_tokens');
    expect(refusedLimit(body('max_completion_tokens'), 'max_completion_tokens')).toBe('max_tokens');
    // Another parameter, another code, or not JSON: no second ask.
    expect(refusedLimit(body('temperature'), 'max_tokens')).toBeNull();
    expect(refusedLimit(body('max_tokens', 'unsupported_value'), 'max_tokens')).toBeNull();
    expect(refusedLimit(body('max_tokens'), 'max_completion_tokens')).toBeNull();
    expect(refusedLimit('Bad Request', 'max_tokens')).toBeNull();
  });
});
