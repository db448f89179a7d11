import { createHash, createHmac } from 'node:crypto';

/*
 * AWS Signature Version 4 for S3 requests (header signing), small enough to read in one go:
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SignInput {
  method: string;
  /** Already URI-encoded path, e.g. /bucket/a%20b.png. */
  path: string;
  query?: Record<string, string>;
  /** Lower-case names; `host` is required. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  /** YYYYMMDDTHHMMSSZ */
  amzDate: string;
}

export const sha256Hex = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (unreserved characters only). */
export const uriEncode = (s: string, keepSlash = false): string =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /(?!)/g, '/');

export const amzDateOf = (d: Date): string => d.toISOString().replace(/[:-]|\.\d{3}/g, '');

export function canonicalRequest(input: SignInput): { text: string; signedHeaders: string } {
  const names = Object.keys(input.headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(
    Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signedHeaders = names.join(';');
  const text = [
    input.method,
    input.path,
    query,
    ...names.map((n) => `${n}:${lower[n]!.trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  return { text, signedHeaders };
}

/** The Authorization header value for a request. */
export function signRequest(creds: SigV4Credentials, input: SignInput): string {
  const service = creds.service ?? 's3';
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const { text, signedHeaders } = canonicalRequest(input);
  const toSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(text)].join('\n');
  const kDate = hmac(`AWS4${creds.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, creds.region), service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
