import { createHash, createHmac, randomBytes } from 'node:crypto';
import { json, type FakeRequest, type FakeResponse } from './http.js';

/**
 * Volcengine's API gateway checking a request's signature (HMAC-SHA256, "Signature V4"), as
 * the client side is written in QuantumNous/new-api `relay/channel/task/jimeng/adaptor.go`
 * (`signRequest`): it recomputes the signature from what it received — the method, the path,
 * the query sorted and escaped, the headers named in `SignedHeaders` with their received
 * values, the body's SHA-256 (which must equal `X-Content-Sha256`), `X-Date` and the scope
 * `date/region/service/request` — with the secret of the access key named in `Credential`.
 * Refusals are the gateway's own envelope (its error pages, as the signature mismatch is
 * quoted by Volcengine's services): `{ResponseMetadata: {RequestId, Action, Version, Service,
 * Region, Error: {CodeN, Code, Message}}}`, 401 `SignatureDoesNotMatch` (100010) and
 * `InvalidAccessKey` (100009); a request with no signature is a mismatch too. This is written apart from
 * the server's signer (server/src/providers/volc-sign.ts) so that a slip there is caught here.
 */

const hex = (d: string | Buffer) => createHash('sha256').update(d).digest('hex');
const mac = (k: string | Buffer, d: string) => createHmac('sha256', k).update(d).digest();

/** Go's url.QueryEscape of one key or value. */
function goEscape(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function gatewayError(
  status: number,
  req: FakeRequest,
  code: string,
  /** The numeric code where its value is known from Volcengine's pages; null: left out. */
  codeN: number | null,
  message: string,
  service = 'cv',
): FakeResponse {
  return json(status, {
    ResponseMetadata: {
      RequestId: randomBytes(17).toString('hex').toUpperCase(),
      Action: req.query.get('Action') ?? '',
      Version: req.query.get('Version') ?? '',
      Service: service,
      Region: 'cn-north-1',
      Error: { ...(codeN !== null ? { CodeN: codeN } : {}), Code: code, Message: message },
    },
  });
}

/** Null when the request is signed by one of `keys` (AK → SK), else the gateway's refusal. */
export function verifyVolcSignature(
  req: FakeRequest,
  keys: Record<string, string>,
  expect: { region: string; service: string } = { region: 'cn-north-1', service: 'cv' },
): FakeResponse | null {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  const xDate = String(req.headers['x-date'] ?? '');
  const mismatch = () =>
    gatewayError(
      401,
      req,
      'SignatureDoesNotMatch',
      100010,
      'The request signature we calculated does not match the signature you provided. Check your Secret Access Key and signing method. Consult the service documentation for details.',
    );
  if (!m || !/^\d{8}T\d{6}Z$/.test(xDate)) return mismatch();
  const [, ak, date, region, service, signed, signature] = m as unknown as string[];
  const sk = keys[ak!];
  if (!sk)
    return gatewayError(
      401,
      req,
      'InvalidAccessKey',
      100009,
      'The Access Key ID provided does not exist in our records.',
    );
  if (date !== xDate.slice(0, 8) || region !== expect.region || service !== expect.service)
    return mismatch();
  const bodyHash = hex(req.bytes);
  const names = signed!.split(';');
  if (!names.includes('host') || !names.includes('x-date')) return mismatch();
  if (req.headers['x-content-sha256'] && req.headers['x-content-sha256'] !== bodyHash)
    return mismatch();
  const query = [...req.query.entries()]
    .map(([k, v]) => [goEscape(k), goEscape(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerLines = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
  const canonical = `${req.method}\n${req.path || '/'}\n${query}\n${headerLines}\n${signed}\n${bodyHash}`;
  const scope = `${date}/${region}/${service}/request`;
  const toSign = `HMAC-SHA256\n${xDate}\n${scope}\n${hex(canonical)}`;
  const kSigning = mac(mac(mac(mac(sk, date!), region!), service!), 'request');
  const want = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return want === signature ? null : mismatch();
}
