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

function verify(req: http.IncomingMessage, body: Buffer, secret: string): string | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'malformed Authorization';
  const [, access, day, region, signedHeaders, signature] = m;
  if (access !== ACCESS) return 'unknown access key';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return 'date mismatch';
  const when = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (!(Math.abs(Date.now() - when) < 15 * 60_000)) return 'request time too skewed';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'payload hash';
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date'))
    return 'host and date must be signed';
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams.entries()]
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
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(day!).digest();
  for (const part of [region!, 's3', 'aws4_request'])
    key = createHmac('sha256', key).update(part).digest();
  const want = createHmac('sha256', key).update(toSign).digest();
  return timingSafeEqual(want, Buffer.from(signature!, 'hex')) ? null : 'SignatureDoesNotMatch';
}

export async function startFakeS3(bucket = 'atelier'): Promise<FakeS3> {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const state = { rejected: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const problem = verify(req, body, SECRET);
      const xml = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      if (problem) {
        state.rejected++;
        return xml(403, problem);
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
        res.writeHead(200, { 'content-type': o.type || 'application/octet-stream' });
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
