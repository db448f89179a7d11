import { amzDateOf, sha256Hex, signRequest, uriEncode, type SigV4Credentials } from './sigv4.js';
import { assertKey, type Storage } from './storage.js';

export interface S3Location extends SigV4Credentials {
  /** http(s)://host[:port] of the S3 API (path-style addressing: works with every S3 clone). */
  endpoint: string;
  bucket: string;
}

/** s3+http(s)://KEY:SECRET@host[:port]/bucket?region=… (s3:// means https). */
export function parseStorageUrl(url: string): S3Location {
  const u = new URL(url);
  const scheme = u.protocol === 's3+http:' ? 'http' : 'https';
  const bucket = u.pathname.replace(/^\/+|\/+$/g, '');
  if (!u.username || !u.password || !bucket)
    throw new Error('STORAGE_URL needs KEY:SECRET@host/bucket');
  return {
    endpoint: `${scheme}://${u.host}`,
    bucket,
    accessKeyId: decodeURIComponent(u.username),
    secretAccessKey: decodeURIComponent(u.password),
    region: u.searchParams.get('region') ?? 'us-east-1',
  };
}

export function s3Storage(loc: S3Location): Storage {
  const host = new URL(loc.endpoint).host;
  const call = async (method: string, key: string, body?: Buffer, mime?: string) => {
    assertKey(key);
    const path = `/${uriEncode(loc.bucket)}/${uriEncode(key, true)}`;
    const payloadHash = sha256Hex(body ?? '');
    const amzDate = amzDateOf(new Date());
    const headers: Record<string, string> = {
      host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(mime ? { 'content-type': mime } : {}),
    };
    const authorization = signRequest(loc, { method, path, headers, payloadHash, amzDate });
    // fetch sets Host itself (from the same URL, so it matches the signed one).
    const { host: _signedHost, ...sent } = headers;
    const res = await fetch(`${loc.endpoint}${path}`, {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes, mime: res.headers.get('content-type') ?? '' };
  };
  return {
    async put(key, bytes, mime) {
      const r = await call('PUT', key, bytes, mime);
      if (r.status !== 200)
        throw new Error(`S3 PUT ${key}: ${r.status} ${r.bytes.toString('utf8', 0, 200)}`);
    },
    async get(key) {
      const r = await call('GET', key);
      if (r.status === 404) return null;
      if (r.status !== 200) throw new Error(`S3 GET ${key}: ${r.status}`);
      return { bytes: r.bytes, mime: r.mime || 'application/octet-stream' };
    },
    async delete(key) {
      const r = await call('DELETE', key);
      if (r.status !== 204 && r.status !== 200 && r.status !== 404)
        throw new Error(`S3 DELETE ${key}: ${r.status}`);
    },
  };
}
