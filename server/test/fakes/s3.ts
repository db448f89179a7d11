import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake S3 (path-style: /bucket/key) on 127.0.0.1 that checks every request's AWS Signature
 * Version 4 itself, written apart from the server's signer so a mistake in one shows in the
 * other: the canonical request is rebuilt from what actually arrived on the wire.
 */
export interface FakeS3 {
  url: string;
  /** STORAGE_URL for this fake. */
  storageUrl: string;
  objects: Map<string, { bytes: Buffer; type: string }>;
  rejected: number;
  /** Requests that reached the fake, signed or not. */
  requests: number;
  /** The next N requests answer 503 SlowDown (after their signature is checked). */
  slowDownNext: number;
  /** The next N requests wait this long before answering anything. */
  stall: { next: number; ms: number };
  /** Temporary credentials: set, every request must carry (and sign) this token. */
  sessionToken: string | null;
  close(): Promise<void>;
}

const ACCESS = 'AKIDFAKE';
const SECRET = 'fake/secret+key';
const REGION = 'us-east-1';

const enc = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The request's signature, from its Authorization header or its query (a presigned link). */
function signatureOf(req: http.IncomingMessage, url: URL) {
  const q = url.searchParams;
  if (q.has('X-Amz-Signature')) {
    const cred = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/.exec(
      q.get('X-Amz-Credential') ?? '',
    );
    if (!cred || q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return null;
    const amzDate = q.get('X-Amz-Date') ?? '';
    const expires = Number(q.get('X-Amz-Expires'));
    return {
      access: cred[1]!,
      day: cred[2]!,
      region: cred[3]!,
      signedHeaders: q.get('X-Amz-SignedHeaders') ?? '',
      signature: q.get('X-Amz-Signature') ?? '',
      amzDate,
      payloadHash: 'UNSIGNED-PAYLOAD',
      token: q.get('X-Amz-Security-Token'),
      expiresAt: Number.isInteger(expires) ? dateOf(amzDate) + expires * 1000 : NaN,
    };
  }
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!m) return null;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  return {
    access: m[1]!,
    day: m[2]!,
    region: m[3]!,
    signedHeaders: m[4]!,
    signature: m[5]!,
    amzDate,
    payloadHash: String(req.headers['x-amz-content-sha256'] ?? ''),
    token: (req.headers['x-amz-security-token'] as string | undefined) ?? null,
    expiresAt: dateOf(amzDate) + 15 * 60_000,
  };
}

const dateOf = (amzDate: string) =>
  Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );

function verify(
  req: http.IncomingMessage,
  body: Buffer,
  secret: string,
  sessionToken: string | null,
): string | null {
  const url = new URL(req.url ?? '/', 'http://x');
  const sig = signatureOf(req, url);
  if (!sig) return 'malformed Authorization';
  const { access, day, region, signedHeaders, signature, amzDate, payloadHash } = sig;
  if (access !== ACCESS) return 'unknown access key';
  if (!amzDate.startsWith(day)) return 'date mismatch';
  const when = dateOf(amzDate);
  if (!(when - Date.now() < 15 * 60_000 && Date.now() <= sig.expiresAt))
    return 'request time too skewed';
  if (sessionToken !== null && sig.token !== sessionToken) return 'InvalidToken';
  // A stream is sent unsigned (S3 accepts it over TLS); signed bytes must match their hash.
  if (
    payloadHash !== 'UNSIGNED-PAYLOAD' &&
    payloadHash !== createHash('sha256').update(body).digest('hex')
  )
    return 'payload hash';
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'host must be signed';
  if (!url.searchParams.has('X-Amz-Signature') && !names.includes('x-amz-date'))
    return 'host and date must be signed';
  if (
    sig.token !== null &&
    !url.searchParams.has('X-Amz-Signature') &&
    !names.includes('x-amz-security-token')
  )
    return 'the session token must be signed';
  const query = [...url.searchParams.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
  const canonical = [
    req.method,
    url.pathname,
    query,
    ...names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(day).digest();
  for (const part of [region, 's3', 'aws4_request'])
    key = createHmac('sha256', key).update(part).digest();
  const want = createHmac('sha256', key).update(toSign).digest();
  const got = Buffer.from(signature, 'hex');
  return got.length === want.length && timingSafeEqual(want, got) ? null : 'SignatureDoesNotMatch';
}

export async function startFakeS3(
  bucket = 'atelier',
  options: { sessionToken?: string } = {},
): Promise<FakeS3> {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const state = {
    rejected: 0,
    requests: 0,
    slowDownNext: 0,
    stall: { next: 0, ms: 0 },
    sessionToken: options.sessionToken ?? null,
  };
  const server = http.createServer((req, res) => {
    state.requests++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (state.stall.next > 0) {
        state.stall.next--;
        await new Promise((resolve) => setTimeout(resolve, state.stall.ms));
        if (res.destroyed) return;
      }
      const body = Buffer.concat(chunks);
      const problem = verify(req, body, SECRET, state.sessionToken);
      const xml = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      if (problem) {
        state.rejected++;
        return xml(403, problem);
      }
      if (state.slowDownNext > 0) {
        state.slowDownNext--;
        return xml(503, 'SlowDown');
      }
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (!path.startsWith(`/${bucket}/`)) return xml(404, 'NoSuchBucket');
      const key = path.slice(bucket.length + 2);
      if (req.method === 'PUT') {
        objects.set(key, { bytes: body, type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return void res.end();
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return xml(404, 'NoSuchKey');
        const q = new URL(req.url ?? '/', 'http://x').searchParams;
        res.writeHead(200, {
          'content-type': q.get('response-content-type') ?? (o.type || 'application/octet-stream'),
          'content-length': o.bytes.length,
          ...(q.has('response-content-disposition')
            ? { 'content-disposition': q.get('response-content-disposition')! }
            : {}),
        });
        return void res.end(o.bytes);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return void res.end();
      }
      xml(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    storageUrl: `s3+http://${ACCESS}:${encodeURIComponent(SECRET)}@127.0.0.1:${port}/${bucket}?region=${REGION}`,
    objects,
    get rejected() {
      return state.rejected;
    },
    get requests() {
      return state.requests;
    },
    get slowDownNext() {
      return state.slowDownNext;
    },
    set slowDownNext(n: number) {
      state.slowDownNext = n;
    },
    get stall() {
      return state.stall;
    },
    set stall(s: { next: number; ms: number }) {
      state.stall = s;
    },
    get sessionToken() {
      return state.sessionToken;
    },
    set sessionToken(token: string | null) {
      state.sessionToken = token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
