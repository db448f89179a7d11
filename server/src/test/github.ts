/**
 * A fake GitHub for signing in with an OAuth app: a real HTTP server on loopback answering as
 * github.com and api.github.com do, after GitHub's documentation:
 * - "Authorizing OAuth apps", web application flow
 *   (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
 *   `GET /login/oauth/authorize` gives a code (valid 10 minutes, once) back to the redirect URI
 *   with the `state`; PKCE `code_challenge` is optional, `S256` only, and then the token request
 *   must carry the matching `code_verifier` ("PKCE support for OAuth and GitHub App
 *   authentication", GitHub changelog 2025-07-14). The redirect URI's host and port must be
 *   the registered callback URL's and its path the same or below it ("Redirect URLs").
 * - "Troubleshooting authorization request errors": a redirect URI that does not match goes
 *   back to the registered callback URL with `error=redirect_uri_mismatch`; a refusal by the
 *   user with `error=access_denied`.
 * - `POST /login/oauth/access_token`: JSON only when `Accept: application/json`, otherwise
 *   form-encoded; refusals are a 200 with `error` ("Troubleshooting OAuth app access token
 *   request errors": `incorrect_client_credentials`, `redirect_uri_mismatch`,
 *   `bad_verification_code` for a wrong, expired or used code).
 * - REST `GET /user` ("REST API endpoints for users": `login`, `id`, `name`, `email`) and
 *   `GET /user/emails` ("REST API endpoints for emails", scope `user:email`: `email`,
 *   `primary`, `verified`, `visibility`), both with `Authorization: Bearer`; a bad token
 *   answers 401 `Bad credentials`. A token without `user:email` answers 404 at `/user/emails`
 *   (our assumption: the page lists 401, 403 and 404 without saying which).
 * One server stands for both hosts (GITHUB_BASE and GITHUB_API_BASE point at it).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGithubUser {
  id: number;
  login: string;
  name?: string | null;
  /** The account's addresses; one should be primary. */
  emails?: Array<{ email: string; primary: boolean; verified: boolean }>;
}

interface Grant {
  redirectUri: string;
  challenge: string | null;
  scope: string;
  user: FakeGithubUser;
  expiresAt: number;
  used: boolean;
}

const DOCS = 'https://docs.github.com/apps/managing-oauth-apps';

// eslint-disable-next-line max-lines-per-function -- one fake server: its handlers share the grants and tokens
export async function startFakeGithub(
  app: { clientId: string; secret: string; callbackUrl?: string },
  port = 0,
) {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { user: FakeGithubUser; scope: string }>();
  let nextUser: FakeGithubUser | null = { id: 1, login: 'octocat' };
  /** The registered callback URL (set after the app knows its own address). */
  let callbackUrl = app.callbackUrl ?? '';
  const tokenRequests: Array<{ accept: string; form: Record<string, string> }> = [];
  let base = '';

  const send = (
    res: http.ServerResponse,
    status: number,
    body: Record<string, unknown> | unknown[],
    asJson = true,
  ) => {
    if (asJson) {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify(body));
    }
    const form = new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    res.writeHead(status, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
    res.end(form.toString());
  };

  /** GitHub's rule: same scheme, host and port as the callback URL, path at or below it. */
  const redirectMatches = (uri: string) => {
    try {
      const u = new URL(uri);
      const c = new URL(callbackUrl);
      const path = c.pathname.replace(/\/$/, '');
      return (
        u.origin === c.origin && (u.pathname === c.pathname || u.pathname.startsWith(`${path}/`))
      );
    } catch {
      return false;
    }
  };

  function authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    if (q.get('client_id') !== app.clientId) {
      // GitHub shows its 404 page for an unknown application.
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<h1>404</h1>');
    }
    const redirect = q.get('redirect_uri') ?? callbackUrl;
    const state = q.get('state');
    const back = (to: string, params: Record<string, string>) => {
      const u = new URL(to);
      for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
      if (state !== null) u.searchParams.set('state', state);
      res.writeHead(302, { location: u.href });
      res.end();
    };
    if (!redirectMatches(redirect))
      return back(callbackUrl, {
        error: 'redirect_uri_mismatch',
        error_description:
          'The redirect_uri MUST match the registered callback URL for this application.',
        error_uri: `${DOCS}/troubleshooting-authorization-request-errors/#redirect-uri-mismatch`,
      });
    const challenge = q.get('code_challenge');
    if (challenge && q.get('code_challenge_method') !== 'S256')
      return back(redirect, { error: 'invalid_request' });
    if (!nextUser) return back(redirect, { error: 'access_denied' });
    const code = randomBytes(10).toString('hex');
    grants.set(code, {
      redirectUri: redirect,
      challenge,
      scope: q.get('scope') ?? '',
      user: nextUser,
      expiresAt: Date.now() + 10 * 60_000,
      used: false,
    });
    back(redirect, { code });
  }

  function accessToken(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const type = req.headers['content-type'] ?? '';
      const form: Record<string, string> = type.includes('json')
        ? (JSON.parse(raw || '{}') as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
      const accept = req.headers.accept ?? '';
      tokenRequests.push({ accept, form });
      const json = accept.includes('application/json');
      const refuse = (error: string, description: string, anchor: string) =>
        send(
          res,
          200,
          {
            error,
            error_description: description,
            error_uri: `${DOCS}/troubleshooting-oauth-app-access-token-request-errors/#${anchor}`,
          },
          json,
        );
      if (form.client_id !== app.clientId || form.client_secret !== app.secret)
        return refuse(
          'incorrect_client_credentials',
          'The client_id and/or client_secret passed are incorrect.',
          'incorrect-client-credentials',
        );
      const grant = grants.get(form.code ?? '');
      if (form.redirect_uri && grant && form.redirect_uri !== grant.redirectUri)
        return refuse(
          'redirect_uri_mismatch',
          'The redirect_uri MUST match the registered callback URL for this application.',
          'redirect-uri-mismatch',
        );
      const verifierOk =
        !grant?.challenge ||
        createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url') === grant.challenge;
      if (!grant || grant.used || grant.expiresAt < Date.now() || !verifierOk) {
        if (grant) grant.used = true;
        return refuse(
          'bad_verification_code',
          'The code passed is incorrect or expired.',
          'bad-verification-code',
        );
      }
      grant.used = true;
      const token = `gho_${randomBytes(18).toString('base64url')}`;
      tokens.set(token, { user: grant.user, scope: grant.scope });
      send(
        res,
        200,
        { access_token: token, token_type: 'bearer', scope: grant.scope.split(' ').join(',') },
        json,
      );
    });
  }

  function api(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const auth = req.headers.authorization ?? '';
    const m = /^(?:Bearer|token) (\S+)$/i.exec(auth);
    const held = m ? tokens.get(m[1] ?? '') : undefined;
    if (!held)
      return send(res, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    const { user, scope } = held;
    if (path === '/user')
      return send(res, 200, {
        login: user.login,
        id: user.id,
        node_id: `U_${user.id}`,
        type: 'User',
        name: user.name ?? null,
        // The public address: null unless the user made it public (never here).
        email: null,
      });
    if (!scope.split(/[ ,]/).some((s) => s === 'user:email' || s === 'user'))
      return send(res, 404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest/users/emails',
        status: '404',
      });
    return send(
      res,
      200,
      (user.emails ?? []).map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
    );
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/login/oauth/authorize' && req.method === 'GET')
      return authorize(url, res);
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST')
      return accessToken(req, res);
    if ((url.pathname === '/user' || url.pathname === '/user/emails') && req.method === 'GET')
      return api(req, res, url.pathname);
    send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    tokenRequests,
    /** Who authorizes at the next visit (null: the user cancels). */
    signInAs(user: FakeGithubUser | null) {
      nextUser = user;
    },
    /** The OAuth app's registered callback URL. */
    setCallbackUrl(url: string) {
      callbackUrl = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeGithub = Awaited<ReturnType<typeof startFakeGithub>>;
