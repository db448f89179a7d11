import { createHash, createHmac } from 'node:crypto';

/*
 * Volcengine's request signature (its "Signature V4" for OpenAPI: HMAC-SHA256), byte for byte as
 * New API signs its Jimeng calls (QuantumNous/new-api `relay/channel/task/jimeng/adaptor.go`,
 * `signRequest`), which Volcengine's gateway checks (test/fakes/volc-signature.ts recomputes it):
 *
 *   canonical request = METHOD \n PATH \n sorted query (key=value, Go's QueryEscape) \n
 *                       "name:value\n" per signed header (sorted, lower case) \n
 *                       signed header names joined by ";" \n hex sha256(body)
 *   string to sign    = "HMAC-SHA256" \n X-Date \n date/region/service/request \n
 *                       hex sha256(canonical request)
 *   signing key       = HMAC(HMAC(HMAC(HMAC(SK, date), region), service), "request")
 *   Authorization     = HMAC-SHA256 Credential=AK/date/region/service/request,
 *                       SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=hex
 *
 * X-Date is `YYYYMMDDTHHMMSSZ` (UTC), the date its first eight digits. The visual API (Jimeng)
 * is region `cn-north-1`, service `cv`.
 */

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** Go's `url.QueryEscape`: every byte but A–Z a–z 0–9 `-_.~` escaped, a space as `+`. */
export const queryEscape = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** The query sorted by key (values sorted too), each pair escaped: the canonical query string. */
export function canonicalQuery(search: URLSearchParams): string {
  const keys = [...new Set(search.keys())].sort();
  return keys
    .flatMap((k) =>
      search
        .getAll(k)
        .sort()
        .map((v) => `${queryEscape(k)}=${queryEscape(v)}`),
    )
    .join('&');
}

export interface VolcCredentials {
  accessKey: string;
  secretKey: string;
  region: string;
  service: string;
}

/** `20251129T014512Z` of a date. */
export const xDateOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The signature of one request, from its parts (also what a verifier recomputes). */
export function volcSignature(p: {
  method: string;
  path: string;
  query: string;
  /** The signed headers, names in lower case, values as sent. */
  headers: Record<string, string>;
  bodySha256: string;
  xDate: string;
  secretKey: string;
  region: string;
  service: string;
}): { signature: string; signedHeaders: string; scope: string } {
  const names = Object.keys(p.headers).sort();
  const canonical = [
    p.method.toUpperCase(),
    p.path || '/',
    p.query,
    names.map((n) => `${n}:${p.headers[n]!.trim()}\n`).join(''),
    names.join(';'),
    p.bodySha256,
  ].join('\n');
  const date = p.xDate.slice(0, 8);
  const scope = `${date}/${p.region}/${p.service}/request`;
  const toSign = ['HMAC-SHA256', p.xDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(p.secretKey, date), p.region), p.service), 'request');
  return {
    signature: createHmac('sha256', key).update(toSign).digest('hex'),
    signedHeaders: names.join(';'),
    scope,
  };
}

/**
 * The headers that sign a JSON POST to `url` (with `content-type: application/json`, the body
 * exactly as it will be sent): `X-Date`, `X-Content-Sha256`, `Authorization`.
 */
export function signVolcRequest(
  url: string,
  body: string,
  c: VolcCredentials,
  now = new Date(),
): Record<string, string> {
  const u = new URL(url);
  const xDate = xDateOf(now);
  const bodySha256 = sha256(body);
  const contentType = 'application/json';
  const { signature, signedHeaders, scope } = volcSignature({
    method: 'POST',
    path: u.pathname,
    query: canonicalQuery(u.searchParams),
    headers: {
      'content-type': contentType,
      host: u.host,
      'x-content-sha256': bodySha256,
      'x-date': xDate,
    },
    bodySha256,
    xDate,
    secretKey: c.secretKey,
    region: c.region,
    service: c.service,
  });
  return {
    'content-type': contentType,
    'x-date': xDate,
    'x-content-sha256': bodySha256,
    authorization: `HMAC-SHA256 Credential=${c.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/**
 * The key as operators paste it: `AK|SK` (New API's own format for a Jimeng channel), also
 * `AK:SK`; null when it is neither (a New API token, or nothing).
 */
export function volcKeyOf(apiKey: string | null): { accessKey: string; secretKey: string } | null {
  const m = /^\s*([^|:\s]+)\s*[|:]\s*(\S+)\s*$/.exec(apiKey ?? '');
  return m ? { accessKey: m[1]!, secretKey: m[2]! } : null;
}
