import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import sharp from 'sharp';

/**
 * A loopback HTTP server that keeps request bodies as bytes and reads multipart forms the way
 * the real upstreams do (fields and files by name), for the image fakes (OpenAI images edits,
 * Stability SD3).
 */
export interface RawRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** A JSON body, parsed; null otherwise. */
  json: Record<string, unknown> | null;
  /** A multipart body: text fields (repeated names keep every value). */
  fields: Record<string, string[]>;
  /** A multipart body: files by field name. */
  files: Record<string, Array<{ name: string; type: string; bytes: Buffer }>>;
}

export interface RawResponse {
  status: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export interface RawServer {
  url: string;
  requests: RawRequest[];
  close(): Promise<void>;
}

async function parse(req: http.IncomingMessage, body: Buffer): Promise<RawRequest> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const type = req.headers['content-type'] ?? '';
  const out: RawRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    headers: req.headers,
    body,
    json: null,
    fields: {},
    files: {},
  };
  if (type.startsWith('application/json')) {
    try {
      out.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      out.json = null;
    }
  } else if (type.startsWith('multipart/form-data')) {
    // The platform's own multipart reader: a malformed body throws, as a real server refuses it.
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': type },
    }).formData();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') (out.fields[name] ??= []).push(value);
      else
        (out.files[name] ??= []).push({
          name: value.name,
          type: value.type,
          bytes: Buffer.from(await value.arrayBuffer()),
        });
    }
  }
  return out;
}

export async function startRawServer(
  handle: (req: RawRequest) => RawResponse | Promise<RawResponse>,
): Promise<RawServer> {
  const requests: RawRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let answer: RawResponse;
        try {
          const r = await parse(req, Buffer.concat(chunks));
          requests.push(r);
          answer = await handle(r);
        } catch (error) {
          answer = { status: 400, body: JSON.stringify({ error: String(error) }) };
        }
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' });
        res.end(answer.body);
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A real picture whose colours follow the text (each prompt its own), of the given size. */
export async function pictureOf(
  text: string,
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const w = Math.max(8, Math.min(width, 256));
  const ht = Math.max(8, Math.round((w * height) / width));
  const raw = Buffer.alloc(w * ht * 3);
  for (let y = 0; y < ht; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      raw[i] = (h + x * 3) & 255;
      raw[i + 1] = ((h >>> 8) + y * 3) & 255;
      raw[i + 2] = ((h >>> 16) + x + y) & 255;
    }
  return sharp(raw, { raw: { width: w, height: ht, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
