import http from 'node:http';
import https from 'node:https';
import type * as Oidc from 'openid-client';
import { checkPublicUrl, guardedLookup, type GuardOptions } from '../../lib/url-guard.js';

/**
 * The relying-party half of OpenID Connect through `openid-client` (v6, on `oauth4webapi` and
 * `jose`): discovery (Discovery 1.0 section 4), the authorization URL with PKCE S256 (RFC 7636),
 * state and nonce, the code exchange and the ID token's checks (Core 1.0 section 3.1.3.7:
 * signature by a key of the JWKS, `iss`, `aud`/`azp`, `exp`, `nonce`). What stays here:
 * every request the library makes (discovery, token, JWKS) goes through `guardedFetch`, which
 * passes the URL guard (no private networks unless the operator allows them); the accepted
 * algorithms (never `none`, never an HMAC); `iat` not ahead; and the claims the app keeps.
 * The client secret goes only to the token endpoint; nothing here logs a code or a token.
 */

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;
/** Clock skew allowed on `exp` and `iat` (seconds). */
export const SKEW_S = 60;
/** ID-token algorithms accepted: asymmetric only (RFC 7518 section 3.1). */
export const ID_TOKEN_ALGS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
];

export class OidcError extends Error {
  override readonly name = 'OidcError';
}

type FetchInit = { method?: string; headers?: Record<string, string>; body?: string | Buffer };
interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request to the provider's side, its address checked (`allowPrivate` skips it). */
async function guardedRequest(
  url: string,
  opts: { allowPrivate: boolean; guard?: GuardOptions; signal?: AbortSignal | undefined },
  init: FetchInit = {},
): Promise<Fetched> {
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
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', (e) => reject(e instanceof OidcError ? e : new OidcError(e.message)));
      },
    );
    const late = () => req.destroy(new OidcError('the provider did not answer in time'));
    if (opts.signal?.aborted) late();
    opts.signal?.addEventListener('abort', late, { once: true });
    req.on('close', () => opts.signal?.removeEventListener('abort', late));
    req.on('timeout', late);
    req.on('error', (e) => reject(e instanceof OidcError ? e : new OidcError(e.message)));
    if (init.body) req.end(init.body);
    else req.end();
  });
}

/**
 * openid-client (with jose and oauth4webapi), loaded with the first sign-in through a provider
 * or the first discovery rather than at start: an idle server has no use for it.
 */
let loadedOidc: typeof Oidc | null = null;
let loadingOidc: Promise<typeof Oidc> | null = null;
const loadOidc = () =>
  (loadingOidc ??= import('openid-client').then((module) => (loadedOidc = module)));

/**
 * The `fetch` handed to openid-client: each of its requests through the URL guard, the
 * answer capped in size and time, no redirect followed.
 */
export function guardedFetch(allowPrivate: boolean, guard?: GuardOptions): Oidc.CustomFetch {
  return async (url, options) => {
    const { body } = options;
    let payload: string | Buffer | undefined;
    const headers = { ...options.headers };
    if (body === undefined || body === null) payload = undefined;
    else if (typeof body === 'string') payload = body;
    else if (body instanceof URLSearchParams) {
      payload = body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body))
      payload = Buffer.from(body instanceof ArrayBuffer ? body : body.buffer);
    else throw new OidcError('a request body of an unexpected kind');
    const got = await guardedRequest(
      url,
      { allowPrivate, ...(guard ? { guard } : {}), signal: options.signal },
      { method: options.method, headers, ...(payload !== undefined ? { body: payload } : {}) },
    );
    if (got.status < 200 || got.status > 599) throw new OidcError(`answered ${got.status}`);
    const h = new Headers();
    for (const [k, v] of Object.entries(got.headers))
      if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
    const empty = got.status === 204 || got.status === 205 || got.status === 304;
    return new Response(empty ? null : new Uint8Array(got.body), {
      status: got.status,
      headers: h,
    });
  };
}

/** Fetches a JSON object from the provider's side (GitHub's API), each address checked. */
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
  const got = await guardedRequest(url, opts, init);
  try {
    return { status: got.status, json: JSON.parse(got.body.toString('utf8')) as unknown };
  } catch {
    throw new OidcError(`${url.split('?')[0]} did not answer JSON`);
  }
}

export const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Says what failed, from openid-client's errors, for the log: the library's own words (its
 * messages name a check, never a value), or the provider's OAuth error code.
 */
export function problemOf(error: unknown): string {
  if (error instanceof OidcError) return error.message;
  // Without the library loaded, no error came from it.
  const oidc = loadedOidc;
  if (!oidc) return 'error';
  if (error instanceof oidc.ResponseBodyError)
    return `the token endpoint refused: ${/^[\w.-]{1,64}$/.test(error.error) ? error.error : error.status}`;
  if (error instanceof oidc.AuthorizationResponseError)
    return `the provider answered ${/^[\w.-]{1,64}$/.test(error.error) ? error.error : 'an error'}`;
  if (error instanceof oidc.ClientError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`.slice(0, 300);
  }
  return 'error';
}

export interface ClientSettings {
  id: string;
  secret: string | null;
}

/**
 * The issuer's discovery document, read through the guard, as openid-client's Configuration
 * for this client: its `issuer` must be the configured one exactly; the ID token's algorithms
 * are limited to the asymmetric ones; the signature is checked (`enableNonRepudiationChecks`:
 * by default the library trusts an ID token that came over TLS from the token endpoint).
 */
/**
 * How far the requests may reach: `true` is the operator's `OIDC_ALLOW_PRIVATE` (no guard,
 * plain http too); tests may give their own guard (and plain http) to see it refuse.
 */
export type Reach = boolean | { guard: GuardOptions; insecure: boolean };

export async function discover(
  issuer: string,
  reach: Reach,
  client: ClientSettings = { id: 'discovery', secret: null },
): Promise<Oidc.Configuration> {
  const oidc = await loadOidc();
  const allowPrivate = reach === true;
  const insecure = reach === true || (typeof reach === 'object' && reach.insecure);
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new OidcError('the issuer is not a URL');
  }
  const fetch = guardedFetch(allowPrivate, typeof reach === 'object' ? reach.guard : undefined);
  let found: Oidc.Configuration;
  try {
    found = await oidc.discovery(url, client.id, undefined, undefined, {
      [oidc.customFetch]: fetch,
      timeout: TIMEOUT_MS / 1000,
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw new OidcError(`discovery failed: ${problemOf(error)}`);
  }
  const meta = { ...found.serverMetadata() };
  if (meta.issuer !== issuer) throw new OidcError('the discovery document names another issuer');
  if (!meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri)
    throw new OidcError('the discovery document lacks an endpoint');
  const algs = (meta.id_token_signing_alg_values_supported ?? ['RS256']).filter((a) =>
    ID_TOKEN_ALGS.includes(a),
  );
  if (algs.length === 0)
    throw new OidcError('the provider signs ID tokens with no accepted algorithm');
  meta.id_token_signing_alg_values_supported = algs;
  // RFC 6749 section 2.3.1: HTTP Basic unless the provider takes only the form.
  const methods = meta.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const auth = !client.secret
    ? oidc.None()
    : methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(client.secret)
      : oidc.ClientSecretPost(client.secret);
  const config = new oidc.Configuration(meta, client.id, { [oidc.clockTolerance]: SKEW_S }, auth);
  config[oidc.customFetch] = fetch;
  config.timeout = TIMEOUT_MS / 1000;
  if (insecure) oidc.allowInsecureRequests(config);
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** A new flow's secrets: state, nonce, the PKCE verifier and its S256 challenge. */
export async function flowSecrets() {
  const oidc = await loadOidc();
  const verifier = oidc.randomPKCECodeVerifier();
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    challenge: await oidc.calculatePKCECodeChallenge(verifier),
  };
}

/** The provider's authorization URL (code flow, PKCE S256, state and nonce). */
export function authorizationUrl(
  config: Oidc.Configuration,
  input: { redirectUri: string; scope: string; state: string; nonce: string; challenge: string },
): string {
  // A configuration comes from `discover`, which loaded the library.
  const oidc = loadedOidc;
  if (!oidc) throw new OidcError('openid-client is not loaded');
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: input.scope,
    state: input.state,
    nonce: input.nonce,
    code_challenge: input.challenge,
    code_challenge_method: 'S256',
  }).href;
}

export interface IdClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Exchanges the code of the provider's redirect (its `code`, `state` and `iss`, if any) with the
 * PKCE verifier and checks the ID token through the library; answers its claims.
 */
export async function exchangeCode(
  config: Oidc.Configuration,
  input: {
    params: Record<string, string | undefined>;
    redirectUri: string;
    state: string;
    nonce: string;
    verifier: string;
  },
  now = Date.now(),
): Promise<IdClaims> {
  const oidc = await loadOidc();
  const current = new URL(input.redirectUri);
  current.search = '';
  for (const k of ['code', 'state', 'iss'] as const) {
    const v = input.params[k];
    if (v !== undefined) current.searchParams.set(k, v);
  }
  let claims: Oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: input.verifier,
      expectedState: input.state,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new OidcError(problemOf(error));
  }
  if (!claims) throw new OidcError('the token endpoint gave no ID token');
  if (typeof claims.iat === 'number' && claims.iat - SKEW_S > Math.floor(now / 1000))
    throw new OidcError('the ID token was issued in the future');
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
