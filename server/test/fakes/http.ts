import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's bytes (a multipart form with pictures is not text). */
  bytes: Buffer;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  /** Text, or bytes (a picture). */
  body: string | Buffer;
}

export interface FakeServer {
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (a random port unless told), answering with `handle`. */
export async function startFakeServer(
  handle: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>,
  /** A fixed port (a server started before the fake must know it), else a random one. */
  port = 0,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        bytes: Buffer.concat(chunks),
      };
      requests.push(request);
      Promise.resolve(handle(request)).then(
        (answer) => {
          res.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' });
          res.end(answer.body);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});

/** What our server answered to a notification a fake sent. */
export interface Delivery {
  status: number;
  body: string;
}

/** Sends a notification the way a gateway does: a real HTTP request to the notify URL. */
export async function deliver(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<Delivery> {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.text() };
}
