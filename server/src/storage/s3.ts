import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertKey, type Storage } from './storage.js';

export interface S3Location {
  /** http(s)://host[:port] of the S3 API (path-style addressing: works with every S3 clone). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS, IAM roles) come with a session token. */
  sessionToken?: string;
  region: string;
}

export interface S3Options {
  /** Each attempt's time limit, headers and body included. */
  timeoutMs?: number;
  /** Further attempts after a network error, a timeout, a 429 or a 5xx (503 SlowDown). */
  retries?: number;
  /** The first backoff; each retry waits a random time up to twice the previous limit. */
  backoffMs?: number;
}

/** s3+http(s)://KEY:SECRET@host[:port]/bucket?region=…&sessionToken=… (s3:// means https). */
export function parseStorageUrl(url: string): S3Location {
  const u = new URL(url);
  const scheme = u.protocol === 's3+http:' ? 'http' : 'https';
  const bucket = u.pathname.replace(/^\/+|\/+$/g, '');
  if (!u.username || !u.password || !bucket)
    throw new Error('STORAGE_URL needs KEY:SECRET@host/bucket');
  const sessionToken = u.searchParams.get('sessionToken');
  return {
    endpoint: `${scheme}://${u.host}`,
    bucket,
    accessKeyId: decodeURIComponent(u.username),
    secretAccessKey: decodeURIComponent(u.password),
    ...(sessionToken ? { sessionToken } : {}),
    region: u.searchParams.get('region') ?? 'us-east-1',
  };
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const EMPTY_HASH = sha256Hex('');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retryable = (status: number) => status === 429 || status >= 500;

class S3Failure extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'S3Failure';
  }
}

type Body = { bytes: Buffer } | { stream: Readable; size: number };
type Call = (
  method: string,
  key: string,
  body?: Body,
  mime?: string,
) => Promise<{ res: Response; done: () => void }>;

function caller(
  client: AwsClient,
  urlOf: (key: string) => string,
  { timeoutMs, retries, backoffMs }: Required<S3Options>,
): Call {
  /**
   * One call, tried again while that may help. A streamed body cannot be sent twice: it gets
   * one attempt. The time limit covers the answer's headers; `done` ends it once the caller
   * has read what it needs (a streamed read has no limit once it has started).
   */
  async function call(
    method: string,
    key: string,
    body?: Body,
    mime?: string,
  ): Promise<{ res: Response; done: () => void }> {
    const url = urlOf(key);
    const once = body !== undefined && 'stream' in body;
    const headers: Record<string, string> = {
      // Bytes are signed with their hash (S3 checks it); a stream is sent unsigned, over TLS.
      'x-amz-content-sha256': !body
        ? EMPTY_HASH
        : once
          ? 'UNSIGNED-PAYLOAD'
          : sha256Hex(body.bytes),
      ...(mime ? { 'content-type': mime } : {}),
      ...(once ? { 'content-length': String(body.size) } : {}),
    };
    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new Error(`no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      const done = () => clearTimeout(timer);
      const init: RequestInit & { duplex?: 'half' } = {
        method,
        headers,
        signal: controller.signal,
      };
      if (body && 'bytes' in body) init.body = new Uint8Array(body.bytes);
      if (once) {
        init.body = Readable.toWeb(body.stream) as ReadableStream;
        init.duplex = 'half';
      }
      try {
        const res = await fetch(await client.sign(url, init));
        if (once || !retryable(res.status) || attempt >= retries) return { res, done };
        done();
        await res.body?.cancel();
      } catch (error) {
        done();
        if (once || attempt >= retries) {
          const why = controller.signal.aborted
            ? `no answer in ${timeoutMs} ms`
            : (error as Error).message;
          throw new Error(`S3 ${method} ${key}: ${why}`, { cause: error });
        }
      }
      await sleep(Math.random() * backoffMs * 2 ** attempt);
    }
  }
  return call;
}

/**
 * An S3-compatible bucket, signed by aws4fetch (SigV4, session tokens, presigned links). Every
 * attempt has a time limit; network errors, timeouts, 429 and 5xx are tried again with full
 * jitter; bodies are streamed both ways.
 */
export function s3Storage(loc: S3Location, options: S3Options = {}): Storage {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 100;
  const client = new AwsClient({
    accessKeyId: loc.accessKeyId,
    secretAccessKey: loc.secretAccessKey,
    ...(loc.sessionToken ? { sessionToken: loc.sessionToken } : {}),
    region: loc.region,
    service: 's3',
    retries: 0,
  });
  const urlOf = (key: string) => {
    assertKey(key);
    return `${loc.endpoint}/${encodeURIComponent(loc.bucket)}/${key}`;
  };

  const call = caller(client, urlOf, { timeoutMs, retries, backoffMs });

  const excerpt = async (res: Response) => (await res.text().catch(() => '')).slice(0, 200);

  return {
    async put(key, bytes, mime, size) {
      const { res, done } = Buffer.isBuffer(bytes)
        ? await call('PUT', key, { bytes }, mime)
        : await call('PUT', key, { stream: bytes, size: size ?? 0 }, mime);
      try {
        if (res.status !== 200)
          throw new S3Failure(`S3 PUT ${key}: ${res.status} ${await excerpt(res)}`, res.status);
        await res.body?.cancel();
      } finally {
        done();
      }
    },
    async get(key) {
      const { res, done } = await call('GET', key);
      try {
        if (res.status === 404) return (await res.body?.cancel(), null);
        if (res.status !== 200) throw new S3Failure(`S3 GET ${key}: ${res.status}`, res.status);
        const bytes = Buffer.from(await res.arrayBuffer());
        return { bytes, mime: res.headers.get('content-type') || 'application/octet-stream' };
      } finally {
        done();
      }
    },
    async stream(key) {
      const { res, done } = await call('GET', key);
      done();
      if (res.status === 404) return (await res.body?.cancel(), null);
      if (res.status !== 200 || !res.body)
        throw new S3Failure(`S3 GET ${key}: ${res.status}`, res.status);
      const length = res.headers.get('content-length');
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        mime: res.headers.get('content-type') || 'application/octet-stream',
        size: length === null ? null : Number(length),
      };
    },
    async delete(key) {
      const { res, done } = await call('DELETE', key);
      done();
      await res.body?.cancel();
      if (res.status !== 204 && res.status !== 200 && res.status !== 404)
        throw new S3Failure(`S3 DELETE ${key}: ${res.status}`, res.status);
    },
    async presign(key, seconds, answer) {
      const url = new URL(urlOf(key));
      url.searchParams.set('X-Amz-Expires', String(Math.max(1, Math.min(seconds, 604_800))));
      url.searchParams.set('response-content-type', answer.mime);
      if (answer.download)
        url.searchParams.set(
          'response-content-disposition',
          `attachment; filename="${answer.download.replace(/[^\w.-]/g, '_')}"`,
        );
      const signed = await client.sign(url.toString(), { method: 'GET', aws: { signQuery: true } });
      return signed.url;
    },
  };
}
