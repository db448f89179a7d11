import { createPublicKey, createVerify, type JsonWebKey as NodeJwk } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { checkPublicUrl, guardedLookup, type GuardOptions } from '../../lib/url-guard.js';

/**
 * The relying-party half of OpenID Connect (OpenID Connect Core 1.0 section 3.1, the authorization
 * code flow; Discovery 1.0 section 4; RFC 7636 PKCE; RFC 7517/7518 JWKS): every request to the
 * issuer passes the URL guard (no private networks unless the operator allows them), the
 * client secret goes only to the token endpoint, and nothing here logs a code or a token.
 */

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;
/** Clock skew allowed on `exp` and `iat` (seconds). */
export const SKEW_S = 60;

export class OidcError extends Error {
  override readonly name = 'OidcError';
}

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

type FetchInit = { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/** Fetches a JSON object from the issuer's side, each address checked (`allowPrivate` skips it). */
export async function fetchJson(
  url: string,
  opts: { allowPrivate: boolean; guard?: GuardOptions },
  init: FetchInit = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const { status, json } = await fetchJsonValue(url, opts, init);
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new OidcError(`${url.split('?')[0]} did not answer JSON`);
  return { status, json: json as Record<string, unknown> };
}

/** As fetchJson, any JSON value (GitHub's `/user/emails` is an array). */
export async function fetchJsonValue(
  url: string,
  opts: { allowPrivate: boolean; guard?: GuardOptions },
  init: FetchInit = {},
): Promise<{ status: number; json: unknown }> {
  const guard = opts.allowPrivate ? { isBlocked: () => false } : (opts.guard ?? {});
  const refused = await checkPublicUrl(url, guard);
  if (refused) throw new OidcError(refused);
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method: init.method ?? 'GET',
        lookup: guardedLookup(guard),
        timeout: TIMEOUT_MS,
        headers: { accept: 'application/json', 'user-agent': 'Atelier', ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) req.destroy(new OidcError('answer too large'));
          else chunks.push(c);
        });
        res.on('end', () => {
          try {
            const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: res.statusCode ?? 0, json: parsed });
          } catch {
            reject(new OidcError(`${url.split('?')[0]} did not answer JSON`));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new OidcError('the provider did not answer in time')));
    req.on('error', (e) => reject(e instanceof OidcError ? e : new OidcError(e.message)));
    if (init.body) req.end(init.body);
    else req.end();
  });
}

export const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The issuer's discovery document; its `issuer` must be the configured one exactly. */
export async function discover(issuer: string, allowPrivate: boolean): Promise<Discovery> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const { status, json } = await fetchJson(url, { allowPrivate });
  if (status !== 200) throw new OidcError(`discovery answered ${status}`);
  const d: Discovery = {
    issuer: str(json.issuer),
    authorization_endpoint: str(json.authorization_endpoint),
    token_endpoint: str(json.token_endpoint),
    jwks_uri: str(json.jwks_uri),
    ...(Array.isArray(json.token_endpoint_auth_methods_supported)
      ? {
          token_endpoint_auth_methods_supported:
            json.token_endpoint_auth_methods_supported.map(str),
        }
      : {}),
  };
  if (d.issuer !== issuer) throw new OidcError('the discovery document names another issuer');
  if (!d.authorization_endpoint || !d.token_endpoint || !d.jwks_uri)
    throw new OidcError('the discovery document lacks an endpoint');
  return d;
}

/** Exchanges the code (with the PKCE verifier) at the token endpoint; answers the ID token. */
export async function exchangeCode(
  d: Discovery,
  client: { id: string; secret: string | null },
  input: { code: string; verifier: string; redirectUri: string },
  allowPrivate: boolean,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.verifier,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
  };
  const methods = d.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (client.secret && methods.includes('client_secret_basic')) {
    // RFC 6749 section 2.3.1: both parts form-encoded before Basic.
    const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${enc(client.id)}:${enc(client.secret)}`).toString('base64')}`;
  } else {
    form.set('client_id', client.id);
    if (client.secret) form.set('client_secret', client.secret);
  }
  const { status, json } = await fetchJson(
    d.token_endpoint,
    { allowPrivate },
    { method: 'POST', headers, body: form.toString() },
  );
  if (status !== 200)
    throw new OidcError(`the token endpoint refused: ${str(json.error) || status}`);
  const idToken = str(json.id_token);
  if (!idToken) throw new OidcError('the token endpoint gave no ID token');
  return idToken;
}

export interface IdClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const algs: Record<string, { hash: string; kty: string; pss?: boolean; ec?: boolean }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  RS384: { hash: 'sha384', kty: 'RSA' },
  RS512: { hash: 'sha512', kty: 'RSA' },
  PS256: { hash: 'sha256', kty: 'RSA', pss: true },
  ES256: { hash: 'sha256', kty: 'EC', ec: true },
  ES384: { hash: 'sha384', kty: 'EC', ec: true },
};

const jwksCache = new Map<string, { at: number; keys: NodeJwk[] }>();
const JWKS_TTL_MS = 10 * 60_000;

async function jwksOf(uri: string, allowPrivate: boolean, fresh: boolean): Promise<NodeJwk[]> {
  const cached = jwksCache.get(uri);
  if (!fresh && cached && Date.now() - cached.at < JWKS_TTL_MS) return cached.keys;
  const { status, json } = await fetchJson(uri, { allowPrivate });
  if (status !== 200 || !Array.isArray(json.keys))
    throw new OidcError('the JWKS could not be read');
  const keys = json.keys.filter((k): k is NodeJwk => !!k && typeof k === 'object');
  jwksCache.set(uri, { at: Date.now(), keys });
  return keys;
}

const b64json = (part: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new OidcError('the ID token is not a JWT');
};

/**
 * Checks an ID token (OpenID Connect Core 1.0 section 3.1.3.7): the signature by a key of the JWKS
 * (never `none`, never an HMAC), `iss` the issuer, `aud` holding the client id (and `azp` it
 * when there are several), `exp` not past, `iat` not ahead, `nonce` the flow's.
 */
export async function verifyIdToken(
  token: string,
  expect: { issuer: string; clientId: string; nonce: string; jwksUri: string },
  allowPrivate: boolean,
  now = Date.now(),
): Promise<IdClaims> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new OidcError('the ID token is not a JWT');
  const [h, p, sig] = parts as [string, string, string];
  const header = b64json(h);
  const claims = b64json(p);
  const alg = algs[str(header.alg)];
  if (!alg) throw new OidcError(`the ID token's algorithm ${str(header.alg) || '?'} is refused`);
  const kid = str(header.kid);
  const pick = (keys: NodeJwk[]) =>
    keys.filter((k) => k.kty === alg.kty && (!kid || k.kid === kid) && (!k.use || k.use === 'sig'));
  let candidates = pick(await jwksOf(expect.jwksUri, allowPrivate, false));
  // A key rolled since the last read: read the set again once.
  if (candidates.length === 0) candidates = pick(await jwksOf(expect.jwksUri, allowPrivate, true));
  const signed = Buffer.from(`${h}.${p}`);
  const signature = Buffer.from(sig, 'base64url');
  const ok = candidates.some((jwk) => {
    try {
      const key = createPublicKey({ key: jwk, format: 'jwk' });
      const v = createVerify(alg.hash).update(signed);
      return v.verify(
        {
          key,
          ...(alg.pss ? { padding: 6, saltLength: 32 } : {}),
          ...(alg.ec ? { dsaEncoding: 'ieee-p1363' as const } : {}),
        },
        signature,
      );
    } catch {
      return false;
    }
  });
  if (!ok) throw new OidcError('the ID token signature does not verify');
  if (claims.iss !== expect.issuer) throw new OidcError('the ID token names another issuer');
  const aud = Array.isArray(claims.aud) ? claims.aud.map(str) : [str(claims.aud)];
  if (!aud.includes(expect.clientId)) throw new OidcError('the ID token is for another client');
  if (aud.length > 1 && claims.azp !== undefined && claims.azp !== expect.clientId)
    throw new OidcError('the ID token was given to another client');
  const nowS = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + SKEW_S < nowS)
    throw new OidcError('the ID token has expired');
  if (typeof claims.iat === 'number' && claims.iat - SKEW_S > nowS)
    throw new OidcError('the ID token was issued in the future');
  if (claims.nonce !== expect.nonce) throw new OidcError('the ID token has another nonce');
  const sub = str(claims.sub);
  if (!sub || sub.length > 255) throw new OidcError('the ID token has no subject');
  const email = str(claims.email).trim();
  return {
    sub,
    email: email && email.length <= 254 && email.includes('@') ? email : null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: str(claims.preferred_username) || str(claims.name) || null,
  };
}
