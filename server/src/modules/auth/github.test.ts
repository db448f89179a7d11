import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { startFakeGithub, type FakeGithub, type FakeGithubUser } from '../../test/github.js';
import { bearer } from '../../test/harness.js';
import {
  adminPassword,
  en,
  info,
  login,
  register,
  t,
  uniqueName,
  useAuthApp,
} from './auth.setup.js';

// GitHub is the fake on loopback (GITHUB_BASE, GITHUB_API_BASE); the operator's "allow private
// issuers" setting lets the URL guard pass it, as it does the OpenID Connect fake.
const app = { clientId: 'Iv1.fakeclient42', secret: 'fake-github-secret-0123456789abcdef' };
let fake: FakeGithub;
beforeAll(async () => {
  fake = await startFakeGithub(app);
});
useAuthApp(() => ({
  trustProxy: true,
  logLevel: 'info',
  signup: {
    oidcAllowPrivate: true,
    giftsPerIp: 0,
    githubBase: fake.url,
    githubApiBase: fake.url,
  },
}));
afterAll(async () => fake.close());

let admin: string;
let siteId: number;
let ipSeq = 10;
const fromIp = () => ({ ...en, 'x-forwarded-for': `10.8.0.${ipSeq++}` });
/** Every code, ticket and access token seen, to check that none reached the log. */
const seen: string[] = [];
let nextId = 9000;
const ghUser = (email?: { email: string; verified: boolean }): FakeGithubUser => ({
  id: nextId++,
  login: `octo${nextId}`,
  ...(email ? { emails: [{ ...email, primary: true }] } : {}),
});

beforeAll(async () => {
  admin = await login('root_admin', adminPassword);
  siteId = (
    await t.app.ctx.db.kysely
      .selectFrom('sites')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;
  const saved = await callEndpoint(t.app, identity.adminSaveOidcProvider, {
    token: admin,
    body: {
      siteId,
      kind: 'github',
      slug: 'github',
      name: 'GitHub',
      clientId: app.clientId,
      clientSecret: app.secret,
      scopes: 'read:user user:email',
      enabled: true,
    },
  });
  expect(saved.status, saved.body.message).toBe(200);
  const list = await callEndpoint(t.app, identity.adminOidcProviders, {
    token: admin,
    query: { siteId },
  });
  // The operator registers this callback URL at GitHub.
  fake.setCallbackUrl(list.body.data.callbackUrl);
});

/** Goes to GitHub and back: answers where the callback sends the browser. */
async function roundTrip(
  user: FakeGithubUser | null,
  opts: {
    token?: string;
    code?: (c: string) => string;
    state?: (s: string) => string;
    redirect?: (u: URL) => void;
  } = {},
) {
  fake.signInAs(user);
  const headers = fromIp();
  const start = opts.token
    ? await callEndpoint(t.app, identity.oidcLinkStart, {
        token: opts.token,
        headers,
        body: { provider: 'github' },
      })
    : await callEndpoint(t.app, identity.oidcStart, { headers, body: { provider: 'github' } });
  expect(start.status, start.body.message).toBe(200);
  const authorize = new URL(start.body.data.url);
  opts.redirect?.(authorize);
  const atGithub = await fetch(authorize, { redirect: 'manual' });
  expect(atGithub.status).toBe(302);
  const back = new URL(atGithub.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  if (code) {
    seen.push(code);
    if (opts.code) back.searchParams.set('code', opts.code(code));
  }
  if (opts.state) back.searchParams.set('state', opts.state(back.searchParams.get('state') ?? ''));
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers,
  });
  expect(callback.statusCode).toBe(303);
  return {
    location: String(callback.headers.location),
    callbackUrl: `${back.pathname}${back.search}`,
  };
}
const ticketOf = (location: string) => {
  const ticket = /#oidc=([\w-]+)$/.exec(location)?.[1] ?? '';
  if (ticket) seen.push(ticket);
  return ticket;
};
const finish = (ticket: string, extra: { consent?: boolean; token?: string } = {}) =>
  callEndpoint(t.app, identity.oidcFinish, {
    headers: en,
    ...(extra.token ? { token: extra.token } : {}),
    body: { ticket, ...(extra.consent ? { consent: true } : {}) },
  });
const lastToken = () => {
  const sent = fake.tokenRequests.at(-1);
  return sent;
};

describe('GitHub sign-in', () => {
  it('the console keeps a GitHub provider without an issuer; OpenID Connect still needs one', async () => {
    const list = await callEndpoint(t.app, identity.adminOidcProviders, {
      token: admin,
      query: { siteId },
    });
    expect(list.body.data.rows).toEqual([
      expect.objectContaining({
        kind: 'github',
        slug: 'github',
        issuer: 'https://github.com',
        clientSecret: 'set',
        scopes: 'read:user user:email',
      }),
    ]);
    expect(list.body.data.callbackUrl).toMatch(/\/api\/auth\/oidc\/callback$/);
    expect(JSON.stringify(list.body)).not.toContain(app.secret);
    const noIssuer = await callEndpoint(t.app, identity.adminSaveOidcProvider, {
      token: admin,
      body: {
        siteId,
        slug: 'other',
        name: 'Other',
        clientId: 'x',
        scopes: 'openid',
        enabled: true,
      },
    });
    expect(noIssuer.status).toBe(400);
    expect(fieldsOf(noIssuer)).toEqual(['issuer']);
    // A provider keeps its kind: its links' subjects mean something only to it.
    const row = list.body.data.rows[0]!;
    const retyped = await callEndpoint(t.app, identity.adminSaveOidcProvider, {
      token: admin,
      body: {
        id: row.id,
        siteId,
        kind: 'oidc',
        slug: row.slug,
        name: row.name,
        issuer: 'https://accounts.google.com',
        clientId: row.clientId,
        scopes: 'openid',
        enabled: true,
      },
    });
    expect(retyped.status).toBe(400);
    expect(fieldsOf(retyped)).toEqual(['kind']);
    const ways = await callEndpoint(t.app, identity.ways, {});
    expect(ways.body.data.oidc).toEqual([{ slug: 'github', name: 'GitHub' }]);
  });

  it('signs up with GitHub (PKCE, the secret only to the token endpoint), then signs in again', async () => {
    const email = `${uniqueName('gh')}@example.com`;
    const user = ghUser({ email, verified: true });
    const first = await roundTrip(user, {
      redirect: (u) => {
        expect(u.origin).toBe(fake.url);
        expect(u.pathname).toBe('/login/oauth/authorize');
        expect(u.searchParams.get('code_challenge_method')).toBe('S256');
        expect(u.searchParams.get('scope')).toBe('read:user user:email');
        expect(u.searchParams.get('client_secret')).toBeNull();
      },
    });
    const ticket = ticketOf(first.location);
    expect(ticket.length).toBeGreaterThan(20);
    const sent = lastToken()!;
    expect(sent.accept).toContain('application/json');
    expect(sent.form.client_secret).toBe(app.secret);
    expect(sent.form.code_verifier?.length).toBeGreaterThanOrEqual(43);

    const made = await finish(ticket);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({ outcome: 'signed-in', created: true });
    if (made.body.data.outcome !== 'signed-in') throw new Error('not signed in');
    const me = await info(bearer(made.body.data.token));
    expect(me.body.data.userInfo).toMatchObject({ email, isGuest: false });
    expect(me.body.data.userInfo.username).toMatch(/^octo\d+_/);

    // The same GitHub account, renamed since: its numeric id finds the same user.
    const again = await finish(ticketOf((await roundTrip({ ...user, login: 'renamed' })).location));
    expect(again.body.data).toMatchObject({ outcome: 'signed-in', created: false });
    if (again.body.data.outcome !== 'signed-in') throw new Error('not signed in');
    expect((await info(bearer(again.body.data.token))).body.data.userInfo.id).toBe(
      me.body.data.userInfo.id,
    );
    const ways = await callEndpoint(t.app, identity.listWays, { token: again.body.data.token });
    expect(ways.body.data.rows).toContainEqual(
      expect.objectContaining({ kind: 'oidc', provider: 'GitHub', label: email, verified: true }),
    );
  });

  it('links to the account with the same verified address only after consent', async () => {
    const name = uniqueName('ghowner');
    const email = `${name}@example.com`;
    const ownerToken = await register({ username: name, email, password: 'password-123' });
    const out = await roundTrip(ghUser({ email, verified: true }));
    const ticket = ticketOf(out.location);
    const asked = await finish(ticket);
    expect(asked.body.data).toEqual({ outcome: 'consent', provider: 'GitHub', email });
    const agreed = await finish(ticket, { consent: true });
    expect(agreed.body.data).toMatchObject({ outcome: 'signed-in', created: false });
    if (agreed.body.data.outcome !== 'signed-in') throw new Error('not signed in');
    expect((await info(bearer(agreed.body.data.token))).body.data.userInfo.id).toBe(
      (await info(bearer(ownerToken))).body.data.userInfo.id,
    );
  });

  it('an unverified address is not linked, and a new account does not get it', async () => {
    const name = uniqueName('ghunv');
    const email = `${name}@example.com`;
    await register({ username: name, email, password: 'password-123' });
    const refused = await finish(
      ticketOf((await roundTrip(ghUser({ email, verified: false }))).location),
    );
    expect(refused.status).toBe(409);
    const links = await t.app.ctx.db.kysely
      .selectFrom('oidc_links')
      .innerJoin('users', 'users.id', 'oidc_links.user_id')
      .select('users.username')
      .where('users.username', '=', name)
      .execute();
    expect(links).toEqual([]);

    const fresh = `${uniqueName('ghnew')}@example.com`;
    const made = await finish(
      ticketOf((await roundTrip(ghUser({ email: fresh, verified: false }))).location),
    );
    expect(made.body.data).toMatchObject({ outcome: 'signed-in', created: true });
    if (made.body.data.outcome !== 'signed-in') throw new Error('not signed in');
    expect((await info(bearer(made.body.data.token))).body.data.userInfo.email).toBeFalsy();
  });

  it('refuses a bad code, a reused state, a changed state, a redirect mismatch and a refusal', async () => {
    const user = ghUser();
    const badCode = await roundTrip(user, { code: (c) => `${c}0` });
    expect(badCode.location).toMatch(/#oidc-error=refused$/);

    const done = await roundTrip(user);
    expect(ticketOf(done.location)).not.toBe('');
    const replay = await t.app.inject({ method: 'GET', url: done.callbackUrl });
    expect(String(replay.headers.location)).toMatch(/#oidc-error=state$/);

    const otherState = await roundTrip(user, { state: (s) => `${s.slice(0, -2)}xy` });
    expect(otherState.location).toMatch(/#oidc-error=state$/);

    const mismatch = await roundTrip(user, {
      redirect: (u) => u.searchParams.set('redirect_uri', 'http://evil.example/cb'),
    });
    expect(mismatch.location).toMatch(/#oidc-error=provider$/);
    // The operator learns why from the log.
    expect(t.logs.lines().join('\n')).toContain('redirect_uri_mismatch');

    const denied = await roundTrip(null);
    expect(denied.location).toMatch(/#oidc-error=denied$/);
  });

  it('the fake refuses as GitHub: a reused code, a wrong secret, another redirect; form-encoded', async () => {
    fake.signInAs(ghUser());
    const redirectUri = (
      await callEndpoint(t.app, identity.adminOidcProviders, { token: admin, query: { siteId } })
    ).body.data.callbackUrl;
    const code = async () => {
      const u = new URL('/login/oauth/authorize', fake.url);
      u.searchParams.set('client_id', app.clientId);
      u.searchParams.set('redirect_uri', redirectUri);
      u.searchParams.set('state', 's');
      const back = await fetch(u, { redirect: 'manual' });
      return new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? '';
    };
    const exchange = async (
      c: string,
      over: Record<string, string> = {},
      accept = 'application/json',
    ) => {
      const res = await fetch(new URL('/login/oauth/access_token', fake.url), {
        method: 'POST',
        headers: { accept, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: app.clientId,
          client_secret: app.secret,
          code: c,
          redirect_uri: redirectUri,
          ...over,
        }).toString(),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const c1 = await code();
    expect(await exchange(c1)).toContain('access_token');
    expect(JSON.parse(await exchange(c1))).toMatchObject({ error: 'bad_verification_code' });
    expect(JSON.parse(await exchange(await code(), { client_secret: 'wrong' }))).toMatchObject({
      error: 'incorrect_client_credentials',
    });
    expect(
      JSON.parse(await exchange(await code(), { redirect_uri: 'http://evil.example/cb' })),
    ).toMatchObject({ error: 'redirect_uri_mismatch' });
    // Without Accept: application/json GitHub answers form-encoded.
    expect(await exchange(await code(), {}, '*/*')).toMatch(/^access_token=gho_/);
    const bad = await fetch(new URL('/user', fake.url), {
      headers: { authorization: 'Bearer gho_nope' },
    });
    expect(bad.status).toBe(401);
  });

  it('writes no code, ticket, access token or secret to the log', () => {
    const log = t.logs.lines().join('\n');
    expect(log).toContain('/api/auth/oidc/callback');
    expect(seen.length).toBeGreaterThan(8);
    for (const secret of [...seen, app.secret]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/gho_/);
  });
});
