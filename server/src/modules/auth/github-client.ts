import type { AppContext } from '../../context.js';
import { fetchJson, fetchJsonValue, OidcError, str, type IdClaims } from './oidc-client.js';

/**
 * Signing in with GitHub, which speaks OAuth 2 without OpenID Connect (no discovery, no ID
 * token), as its documentation says:
 * - "Authorizing OAuth apps", web application flow
 *   (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
 *   `GET /login/oauth/authorize` (client_id, redirect_uri, scope, state, and PKCE
 *   `code_challenge` with `code_challenge_method=S256`, supported since July 2025), then
 *   `POST /login/oauth/access_token` (client_id, client_secret, code, redirect_uri,
 *   code_verifier), which answers JSON only when asked by `Accept: application/json`;
 * - "Troubleshooting OAuth app access token request errors": a refusal is a 200 with `error`
 *   (`incorrect_client_credentials`, `redirect_uri_mismatch`, `bad_verification_code`);
 * - REST "users" (`GET /user`: `id`, `login`) and "emails" (`GET /user/emails`, scope
 *   `user:email`: `email`, `primary`, `verified`), with `Authorization: Bearer`.
 * The account's subject is GitHub's numeric user id (a login can be renamed); its address is
 * the primary one, verified or not as GitHub says. The addresses are the server's settings
 * (GITHUB_BASE, GITHUB_API_BASE; only a test changes them), still under the URL guard.
 */

export const GITHUB_ISSUER = 'https://github.com';
export const GITHUB_SCOPES = 'read:user user:email';

const API_HEADERS = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
};

/** The authorization URL the browser goes to. */
export function githubAuthorizeUrl(
  ctx: Pick<AppContext, 'config'>,
  p: { clientId: string; redirectUri: string; scopes: string; state: string; challenge: string },
): string {
  const url = new URL('/login/oauth/authorize', ctx.config.signup.githubBase);
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('scope', p.scopes);
  url.searchParams.set('state', p.state);
  url.searchParams.set('code_challenge', p.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.href;
}

/** Exchanges the code for a token, then reads who it is: answers the claims of a sign-in. */
export async function githubIdentity(
  ctx: Pick<AppContext, 'config'>,
  client: { id: string; secret: string | null },
  input: { code: string; verifier: string; redirectUri: string },
): Promise<IdClaims> {
  const opts = { allowPrivate: ctx.config.signup.oidcAllowPrivate };
  const form = new URLSearchParams({
    client_id: client.id,
    client_secret: client.secret ?? '',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.verifier,
  });
  const token = await fetchJson(
    new URL('/login/oauth/access_token', ctx.config.signup.githubBase).href,
    opts,
    {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    },
  );
  // GitHub answers its refusals with a 200 and an `error` word.
  if (token.status !== 200 || token.json.error !== undefined)
    throw new OidcError(`GitHub refused the code: ${str(token.json.error) || token.status}`);
  const accessToken = str(token.json.access_token);
  if (!accessToken) throw new OidcError('GitHub gave no access token');
  const headers = { ...API_HEADERS, authorization: `Bearer ${accessToken}` };
  const api = (path: string) =>
    fetchJsonValue(new URL(path, ctx.config.signup.githubApiBase).href, opts, { headers });

  const user = await api('/user');
  const body = user.json as Record<string, unknown> | null;
  if (user.status !== 200 || !body || typeof body !== 'object')
    throw new OidcError(`GitHub's /user answered ${user.status}`);
  const id = body.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    throw new OidcError("GitHub's /user gave no id");
  // Without the `user:email` scope (the operator narrowed it) there is no address: no link by it.
  const emails = await api('/user/emails');
  const primary = Array.isArray(emails.json)
    ? (emails.json as unknown[]).find(
        (e): e is Record<string, unknown> =>
          !!e && typeof e === 'object' && (e as Record<string, unknown>).primary === true,
      )
    : undefined;
  const email = primary ? str(primary.email).trim() : '';
  const usable = email.length > 0 && email.length <= 254 && email.includes('@');
  return {
    sub: String(id),
    email: emails.status === 200 && usable ? email : null,
    emailVerified: emails.status === 200 && usable && primary?.verified === true,
    name: str(body.login) || str(body.name) || null,
  };
}
