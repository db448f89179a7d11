/**
 * A fake OpenID Connect provider: a real HTTP server on loopback speaking the protocol the app
 * speaks to Google, Microsoft, Keycloak or Authentik. It follows
 * - OpenID Connect Discovery 1.0 section 4 (`/.well-known/openid-configuration`),
 * - OpenID Connect Core 1.0 section 3.1 (authorization code flow: section 3.1.2 authorize, section 3.1.3 token,
 *   section 2 the ID token, signed RS256 by a key of the JWKS, RFC 7517),
 * - RFC 6749 section 4.1 and section 5.2 (the code, client authentication by `client_secret_basic` or
 *   `client_secret_post`, and its `invalid_grant` / `invalid_client` refusals),
 * - RFC 7636 section 4.6 (PKCE S256: the verifier's SHA-256 must be the challenge).
 * A code works once, within 60 s, for the redirect URI and client it was given to; a bad code,
 * a reused code or a wrong verifier answer 400 `invalid_grant`.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
}

/** Changes to the next ID token, to test the app's checks. */
export interface Tamper {
  aud?: string | string[];
  azp?: string;
  iss?: string;
  nonce?: string;
  expInSeconds?: number;
  /** Signs with a key that is not in the JWKS. */
  foreignKey?: boolean;
  alg?: string;
  /** Changes the claims after signing (a forged token: the signature no longer matches). */
  forge?: Record<string, unknown>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  user: FakeUser;
  expiresAt: number;
  used: boolean;
}

// eslint-disable-next-line max-lines-per-function -- one fake server: its handlers share the grants, keys and issuer
export async function startOidc(client: { id: string; secret: string }) {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'k1';
  const grants = new Map<string, Grant>();
  /** Who "signs in" at the next authorize request; null: the user refuses (access_denied). */
  let nextUser: FakeUser | null = { sub: 'fake-1' };
  let tamper: Tamper = {};
  const tokenRequests: Array<{ auth: string; form: Record<string, string> }> = [];
  let issuer = '';
  /** Where discovery says the keys are (tests of the URL guard); the fake's own by default. */
  let jwksUri = '';

  const sign = (claims: Record<string, unknown>, t: Tamper) => {
    const header = { alg: t.alg ?? 'RS256', typ: 'JWT', kid };
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const input = `${enc(header)}.${enc(claims)}`;
    const sig = createSign('sha256')
      .update(input)
      .sign(t.foreignKey ? foreign.privateKey : key.privateKey)
      .toString('base64url');
    if (t.forge) return `${enc(header)}.${enc({ ...claims, ...t.forge })}.${sig}`;
    return `${input}.${sig}`;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  /** The token endpoint (RFC 6749 section 4.1.3, RFC 7636 section 4.6). */
  function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      const auth = req.headers.authorization ?? '';
      tokenRequests.push({ auth, form });
      let id = form.client_id ?? '';
      let secret = form.client_secret ?? '';
      if (auth.startsWith('Basic ')) {
        const [u, p] = Buffer.from(auth.slice(6), 'base64').toString().split(':');
        id = decodeURIComponent((u ?? '').replace(/\+/g, ' '));
        secret = decodeURIComponent((p ?? '').replace(/\+/g, ' '));
      }
      if (id !== client.id || secret !== client.secret)
        return json(res, 401, { error: 'invalid_client' });
      if (form.grant_type !== 'authorization_code')
        return json(res, 400, { error: 'unsupported_grant_type' });
      const grant = grants.get(form.code ?? '');
      const verifier = form.code_verifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !grant ||
        grant.used ||
        grant.expiresAt < Date.now() ||
        grant.redirectUri !== form.redirect_uri ||
        grant.challenge !== challenge
      ) {
        // RFC 6749 section 4.1.2: a code used twice should also revoke what it gave; it is dead here.
        if (grant) grant.used = true;
        return json(res, 400, { error: 'invalid_grant' });
      }
      grant.used = true;
      const now = Math.floor(Date.now() / 1000);
      const t = tamper;
      tamper = {};
      const idToken = sign(
        {
          iss: t.iss ?? issuer,
          sub: grant.user.sub,
          aud: t.aud ?? client.id,
          ...(t.azp ? { azp: t.azp } : {}),
          exp: now + (t.expInSeconds ?? 300),
          iat: now,
          nonce: t.nonce ?? grant.nonce,
          ...(grant.user.email !== undefined ? { email: grant.user.email } : {}),
          ...(grant.user.email_verified !== undefined
            ? { email_verified: grant.user.email_verified }
            : {}),
          ...(grant.user.preferred_username
            ? { preferred_username: grant.user.preferred_username }
            : {}),
        },
        t,
      );
      return json(res, 200, {
        access_token: randomBytes(16).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration')
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: jwksUri || `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    if (url.pathname === '/jwks')
      return json(res, 200, {
        keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }],
      });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirect = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== client.id || !redirect)
        return json(res, 400, { error: 'invalid_request' });
      const back = new URL(redirect);
      back.searchParams.set('state', q.get('state') ?? '');
      if (
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge') ||
        !(q.get('scope') ?? '').split(' ').includes('openid')
      )
        back.searchParams.set('error', 'invalid_request');
      else if (!nextUser) back.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(16).toString('base64url');
        grants.set(code, {
          clientId: client.id,
          redirectUri: redirect,
          challenge: q.get('code_challenge') ?? '',
          nonce: q.get('nonce') ?? '',
          user: nextUser,
          expiresAt: Date.now() + 60_000,
          used: false,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') return token(req, res);
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    tokenRequests,
    /** The account the next authorize signs in as (null: the user refuses). */
    signInAs(user: FakeUser | null) {
      nextUser = user;
    },
    /** Makes discovery name another JWKS address ('' for the fake's own). */
    advertiseJwks(uri: string) {
      jwksUri = uri;
    },
    /** Alters the next ID token. */
    tamperNext(t: Tamper) {
      tamper = t;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
