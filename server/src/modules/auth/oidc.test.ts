import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { startOidc, type FakeUser, type Tamper } from '../../test/oidc.js';
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
import { authorizationUrl, discover, exchangeCode, flowSecrets } from './oidc-client.js';

// The fake provider is on loopback: the operator's "allow private issuers" setting lets it in.
// Mail is off here: an address is not a way to sign in, so a provider link can be the last.
useAuthApp({
  trustProxy: true,
  logLevel: 'info',
  signup: { oidcAllowPrivate: true, giftsPerIp: 0 },
});

const client = { id: 'atelier-client', secret: 'fake-client-secret-42' };
let fake: Awaited<ReturnType<typeof startOidc>>;
let admin: string;
let siteId: number;
let ipSeq = 10;
const fromIp = () => ({ ...en, 'x-forwarded-for': `10.7.0.${ipSeq++}` });

beforeAll(async () => {
  fake = await startOidc(client);
  admin = await login('root_admin', adminPassword);
  siteId = (
    await t.app.ctx.db.kysely
      .selectFrom('sites')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => fake.close());

/** Goes to the provider and back: answers where the callback sends the browser. */
async function roundTrip(
  user: FakeUser | null,
  opts: { token?: string; headers?: Record<string, string>; code?: (c: string) => string } = {},
) {
  fake.signInAs(user);
  const headers = opts.headers ?? fromIp();
  const start = opts.token
    ? await callEndpoint(t.app, identity.oidcLinkStart, {
        token: opts.token,
        headers,
        body: { provider: 'fake' },
      })
    : await callEndpoint(t.app, identity.oidcStart, { headers, body: { provider: 'fake' } });
  expect(start.status, start.body.message).toBe(200);
  const authorize = new URL(start.body.data.url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('openid email profile');
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  if (code) seen.push(code);
  if (opts.code && back.searchParams.get('code'))
    back.searchParams.set('code', opts.code(back.searchParams.get('code') ?? ''));
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers,
  });
  expect(callback.statusCode).toBe(303);
  return {
    location: String(callback.headers.location),
    callbackUrl: `${back.pathname}${back.search}`,
    headers,
  };
}
/** Every ticket and code seen, to check that none reached the log. */
const seen: string[] = [];
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

describe('OpenID Connect', () => {
  it('the console saves a provider, keeps its secret, and the login dialog offers it', async () => {
    const bad = await callEndpoint(t.app, identity.adminSaveOidcProvider, {
      token: admin,
      headers: en,
      body: {
        siteId,
        slug: 'fake',
        name: 'Fake ID',
        issuer: `${fake.issuer}/nowhere`,
        clientId: client.id,
        clientSecret: client.secret,
        scopes: 'openid email profile',
        enabled: true,
      },
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['issuer']);
    const noOpenid = await callEndpoint(t.app, identity.adminSaveOidcProvider, {
      token: admin,
      body: {
        siteId,
        slug: 'fake',
        name: 'F',
        issuer: fake.issuer,
        clientId: 'x',
        scopes: 'email',
        enabled: true,
      },
    });
    expect(noOpenid.status).toBe(400);

    const saved = await callEndpoint(t.app, identity.adminSaveOidcProvider, {
      token: admin,
      body: {
        siteId,
        slug: 'fake',
        name: 'Fake ID',
        issuer: fake.issuer,
        clientId: client.id,
        clientSecret: client.secret,
        scopes: 'openid email profile',
        enabled: true,
      },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ slug: 'fake', clientSecret: 'set', enabled: true });
    expect(JSON.stringify(saved.body)).not.toContain(client.secret);
    const stored = await t.app.ctx.db.kysely
      .selectFrom('site_oidc_providers')
      .select('client_secret_sealed')
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_sealed).not.toContain(client.secret);

    const list = await callEndpoint(t.app, identity.adminOidcProviders, {
      token: admin,
      query: { siteId },
    });
    expect(list.body.data.callbackUrl).toMatch(/\/api\/auth\/oidc\/callback$/);
    expect(JSON.stringify(list.body)).not.toContain(client.secret);
    const ways = await callEndpoint(t.app, identity.ways, {});
    expect(ways.body.data.oidc).toEqual([{ slug: 'fake', name: 'Fake ID' }]);
    const notAdmin = await callEndpoint(t.app, identity.adminOidcProviders, {
      token: await register({ username: uniqueName(), password: 'password-1' }),
      query: { siteId },
    });
    expect(notAdmin.status).toBe(403);
  });

  it('signs up with the provider, then signs in to the same account; a ticket works once', async () => {
    const email = `${uniqueName('oidc')}@example.com`;
    const user = { sub: `s-${email}`, email, email_verified: true, preferred_username: 'oidcuser' };
    const first = await roundTrip(user);
    expect(first.location).not.toContain('code=');
    const ticket = ticketOf(first.location);
    expect(ticket.length).toBeGreaterThan(20);
    // The token request used the secret by HTTP Basic and the PKCE verifier.
    const sent = fake.tokenRequests.at(-1)!;
    expect(sent.auth).toMatch(/^Basic /);
    expect(sent.form.code_verifier?.length).toBeGreaterThanOrEqual(43);

    const made = await finish(ticket);
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data).toMatchObject({ outcome: 'signed-in', created: true });
    if (made.body.data.outcome !== 'signed-in') throw new Error('not signed in');
    const me = await info(bearer(made.body.data.token));
    expect(me.body.data.userInfo).toMatchObject({ email, isGuest: false });
    expect(me.body.data.userInfo.username).toMatch(/^oidcuser_/);
    expect((await finish(ticket)).status).toBe(400);

    const again = await finish(ticketOf((await roundTrip(user)).location));
    expect(again.body.data).toMatchObject({ outcome: 'signed-in', created: false });
    if (again.body.data.outcome !== 'signed-in') throw new Error('not signed in');
    expect((await info(bearer(again.body.data.token))).body.data.userInfo.id).toBe(
      me.body.data.userInfo.id,
    );
    const ways = await callEndpoint(t.app, identity.listWays, { token: again.body.data.token });
    expect(ways.body.data.rows).toEqual([
      { kind: 'email', label: email, verified: true, unlinkable: true },
      {
        kind: 'oidc',
        id: expect.any(Number),
        provider: 'Fake ID',
        label: email,
        verified: true,
        unlinkable: false,
      },
    ]);
  });

  it('refuses a reused state, a changed code, a refusal, and a bad ID token', async () => {
    const user = { sub: 'refusals' };
    const done = await roundTrip(user);
    expect(ticketOf(done.location)).not.toBe('');
    const replay = await t.app.inject({ method: 'GET', url: done.callbackUrl });
    expect(String(replay.headers.location)).toMatch(/#oidc-error=state$/);

    const badCode = await roundTrip(user, { code: (c) => `${c}x` });
    expect(badCode.location).toMatch(/#oidc-error=refused$/);
    expect(fake.tokenRequests.length).toBeGreaterThan(0);

    const denied = await roundTrip(null);
    expect(denied.location).toMatch(/#oidc-error=denied$/);

    // Each bad ID token is refused by openid-client's own check, and the log says which.
    const cases: Array<[Tamper, RegExp]> = [
      [{ nonce: 'other-nonce' }, /"nonce"/],
      [{ aud: 'other-client' }, /"aud"/],
      [{ aud: [client.id, 'other-client'] }, /additional untrusted audiences/],
      [{ aud: [client.id, 'other-client'], azp: 'other-client' }, /"azp"/],
      [{ iss: 'https://evil.example' }, /"iss"/],
      [{ expInSeconds: -3600 }, /"exp"/],
      [{ foreignKey: true }, /signature/],
      [{ forge: { sub: 'someone-else' } }, /signature/],
      [{ alg: 'HS256' }, /"alg"/],
    ];
    for (const [tamper, why] of cases) {
      const before = t.logs.lines().length;
      fake.tamperNext(tamper);
      const out = await roundTrip(user);
      expect(out.location, JSON.stringify(tamper)).toMatch(/#oidc-error=refused$/);
      const refused = t.logs
        .lines()
        .slice(before)
        .find((l) => l.includes('oidc sign-in refused'));
      const problem = (JSON.parse(refused ?? '{}') as { problem?: string }).problem;
      expect(problem, JSON.stringify(tamper)).toMatch(why);
    }
  });

  it('the fake refuses a reused code and a wrong PKCE verifier with invalid_grant', async () => {
    const config = await discover(fake.issuer, true, client);
    const redirectUri = 'http://127.0.0.1/cb';
    /** A code from the fake's authorize, with the flow secrets it was asked with. */
    const code = async (cfg = config) => {
      fake.signInAs({ sub: 'direct' });
      const flow = await flowSecrets();
      const url = authorizationUrl(cfg, { redirectUri, scope: 'openid', ...flow });
      const back = new URL(
        (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '',
      );
      return { ...flow, code: back.searchParams.get('code') ?? '' };
    };
    const exchange = (
      f: Awaited<ReturnType<typeof code>>,
      over: { code?: string; verifier?: string; cfg?: typeof config } = {},
    ) =>
      exchangeCode(over.cfg ?? config, {
        params: { code: over.code ?? f.code, state: f.state },
        redirectUri,
        state: f.state,
        nonce: f.nonce,
        verifier: over.verifier ?? f.verifier,
      });
    const c1 = await code();
    await expect(exchange(c1)).resolves.toMatchObject({ sub: 'direct' });
    await expect(exchange(c1)).rejects.toThrow(/invalid_grant/);
    await expect(exchange(await code(), { verifier: 'w'.repeat(50) })).rejects.toThrow(
      /invalid_grant/,
    );
    await expect(exchange(c1, { code: 'no-such-code' })).rejects.toThrow(/invalid_grant/);
    const wrongSecret = await discover(fake.issuer, true, { id: client.id, secret: 'wrong' });
    await expect(exchange(await code(), { cfg: wrongSecret })).rejects.toThrow(/invalid_client/);
    // The secret went by HTTP Basic (the fake offers both), never in the form.
    const last = fake.tokenRequests.at(-1);
    expect(last?.auth).toMatch(/^Basic /);
    expect(last?.form.client_secret).toBeUndefined();
    // Without the operator's setting, a loopback issuer is refused: plain http by the library,
    // https by the URL guard that every request of the library goes through.
    await expect(discover(fake.issuer, false)).rejects.toThrow(/HTTPS/);
    await expect(discover(fake.issuer.replace('http:', 'https:'), false)).rejects.toThrow(
      /private or local/,
    );
    // An issuer the guard lets in whose discovery names keys on a private address: the JWKS
    // read is refused by the guard (the fake's 127.0.0.1 counted as public, 127.0.0.2 not).
    const guard = { isBlocked: (a: string) => a !== '127.0.0.1' };
    fake.advertiseJwks(`http://127.0.0.2:${new URL(fake.issuer).port}/jwks`);
    try {
      const guarded = await discover(fake.issuer, { guard, insecure: true }, client);
      await expect(exchange(await code(guarded), { cfg: guarded })).rejects.toThrow(
        /private or local/,
      );
    } finally {
      fake.advertiseJwks('');
    }
  });

  it('links to the account with the same verified address only with consent', async () => {
    const name = uniqueName('owner');
    const email = `${name}@example.com`;
    const ownerToken = await register({ username: name, email, password: 'password-123' });
    const unverified = await roundTrip({ sub: `u-${name}`, email, email_verified: false });
    const refused = await finish(ticketOf(unverified.location));
    expect(refused.status).toBe(409);

    const out = await roundTrip({ sub: `v-${name}`, email, email_verified: true });
    const ticket = ticketOf(out.location);
    const asked = await finish(ticket);
    expect(asked.body.data).toEqual({ outcome: 'consent', provider: 'Fake ID', email });
    const agreed = await finish(ticket, { consent: true });
    expect(agreed.body.data).toMatchObject({ outcome: 'signed-in', created: false });
    if (agreed.body.data.outcome !== 'signed-in') throw new Error('not signed in');
    const me = await info(bearer(agreed.body.data.token));
    const owner = await info(bearer(ownerToken));
    expect(me.body.data.userInfo.id).toBe(owner.body.data.userInfo.id);
  });

  it('links from the user centre, refuses a provider account linked elsewhere, and unlinks', async () => {
    const name = uniqueName('linker');
    const token = await register({ username: name, password: 'password-123' });
    const out = await roundTrip({ sub: `l-${name}` }, { token });
    // Only the account that began the link finishes it.
    const stranger = await finish(ticketOf(out.location));
    expect(stranger.status).toBe(401);
    const out2 = await roundTrip({ sub: `l-${name}` }, { token });
    const linked = await finish(ticketOf(out2.location), { token });
    expect(linked.status, linked.body.message).toBe(200);
    expect(linked.body.data).toEqual({ outcome: 'linked' });

    const other = await register({ username: uniqueName('other'), password: 'password-123' });
    const clash = await finish(
      ticketOf((await roundTrip({ sub: `l-${name}` }, { token: other })).location),
      {
        token: other,
      },
    );
    expect(clash.status).toBe(409);

    const rows = (await callEndpoint(t.app, identity.listWays, { token })).body.data.rows;
    const link = rows.find((r) => r.kind === 'oidc')!;
    expect(link).toMatchObject({ provider: 'Fake ID', label: `l-${name}`, unlinkable: true });
    // The password goes; then the link is the last way and stays.
    expect(
      (await callEndpoint(t.app, identity.unlinkWay, { token, body: { kind: 'password' } })).status,
    ).toBe(200);
    const last = await callEndpoint(t.app, identity.unlinkWay, {
      token,
      body: { kind: 'oidc', id: link.id! },
    });
    expect(last.status).toBe(400);
    // Signing in with the provider still reaches the account.
    const back = await finish(ticketOf((await roundTrip({ sub: `l-${name}` })).location));
    expect(back.body.data).toMatchObject({ outcome: 'signed-in', created: false });
  });

  it('writes no code, ticket or secret to the log', () => {
    const log = t.logs.lines().join('\n');
    expect(log).toContain('/api/auth/oidc/callback');
    expect(seen.length).toBeGreaterThan(10);
    for (const secret of [...seen, client.secret]) expect(log).not.toContain(secret);
  });
});
