import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, identity } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { call, createTestApp } from '../../test/harness.js';
import { SoftAuthenticator } from '../../test/authenticator.js';
import { adminPassword, login, register, t, uniqueName, useAuthApp } from './auth.setup.js';

// The default site is served at PUBLIC_URL (a domain over https): its RP ID is atelier.example.
useAuthApp({ publicUrl: 'https://atelier.example' });

const ORIGIN = 'https://atelier.example';
const RP_ID = 'atelier.example';
/** Every challenge handed out, to look for in the logs at the end. */
const challenges: string[] = [];

afterEach(() => {
  vi.useRealTimers();
});

async function loginOptions(host = RP_ID) {
  const res = await callEndpoint(t.app, identity.passkeyLoginOptions, { headers: { host } });
  expect(res.status, res.body.message).toBe(200);
  challenges.push(res.body.data.options.challenge);
  return res.body.data.options;
}

const passkeyLogin = (response: ReturnType<SoftAuthenticator['get']>, host = RP_ID) =>
  callEndpoint(t.app, identity.passkeyLogin, { headers: { host }, body: { response } });

/** A new account with a password and one passkey on atelier.example. */
async function accountWithPasskey(name = 'Laptop') {
  const username = uniqueName('pk');
  const token = await register({ username, password: 'password-123' });
  const device = new SoftAuthenticator(RP_ID, ORIGIN);
  const options = await callEndpoint(t.app, identity.passkeyRegisterOptions, { token });
  expect(options.status, options.body.message).toBe(200);
  challenges.push(options.body.data.options.challenge);
  const saved = await callEndpoint(t.app, identity.registerPasskey, {
    token,
    body: { name, response: device.create(options.body.data.options) },
  });
  expect(saved.status, saved.body.message).toBe(200);
  return { username, token, device, passkey: saved.body.data };
}

describe('passkeys', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await login('root_admin', adminPassword);
  });

  it('registers a passkey from the user centre and signs in with it', async () => {
    const offered = await callEndpoint(t.app, identity.ways);
    expect(offered.body.data.passkey).toBe(true);

    const { username, token, device, passkey } = await accountWithPasskey();
    expect(passkey).toMatchObject({ name: 'Laptop', here: true, lastUsedAt: null });
    const listed = await callEndpoint(t.app, identity.listPasskeys, { token });
    expect(listed.body.data).toMatchObject({ offered: true, rows: [{ id: passkey.id }] });

    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    const signedIn = await passkeyLogin(device.get(options));
    expect(signedIn.status, signedIn.body.message).toBe(200);
    const me = await callEndpoint(t.app, auth.currentUser, { token: signedIn.body.data.token });
    expect(me.body.data.userInfo.username).toBe(username);

    const renamed = await callEndpoint(t.app, identity.renamePasskey, {
      token,
      body: { id: passkey.id, name: 'Phone' },
    });
    expect(renamed.status).toBe(200);
    const after = await callEndpoint(t.app, identity.listPasskeys, { token });
    expect(after.body.data.rows[0]).toMatchObject({ name: 'Phone', backedUp: false });
    expect(after.body.data.rows[0]!.lastUsedAt).not.toBeNull();
    // Another account cannot rename it.
    const other = await register({ username: uniqueName('pk'), password: 'password-123' });
    const foreign = await callEndpoint(t.app, identity.renamePasskey, {
      token: other,
      body: { id: passkey.id, name: 'Mine' },
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a challenge it never gave, and a used one', async () => {
    const { device } = await accountWithPasskey();
    const forged = await passkeyLogin(device.get({ challenge: 'bm90LWEtY2hhbGxlbmdlLWdpdmVu' }));
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(
      'This passkey request has expired or was already used; please try again',
    );

    const options = await loginOptions();
    const answer = device.get(options);
    expect((await passkeyLogin(answer)).status).toBe(200);
    const replayed = await passkeyLogin(answer);
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toMatch(/expired or was already used/);
    // Signed afresh over the same challenge, with a higher counter: still used.
    expect((await passkeyLogin(device.get(options))).status).toBe(400);
  });

  it('refuses a challenge after five minutes', async () => {
    const { device } = await accountWithPasskey();
    const options = await loginOptions();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const late = await passkeyLogin(device.get(options));
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired or was already used/);
  });

  it('refuses another origin, another RP ID, a forged signature and an unknown passkey', async () => {
    const { device } = await accountWithPasskey();
    const refusedWith = async (bend: Parameters<SoftAuthenticator['get']>[1]) => {
      const res = await passkeyLogin(device.get(await loginOptions(), bend));
      expect(res.status, JSON.stringify(bend)).toBe(400);
      return res.body.message;
    };
    expect(await refusedWith({ origin: 'https://evil.example' })).toBe(
      'The passkey could not be verified; please try again',
    );
    expect(await refusedWith({ origin: 'http://atelier.example' })).toMatch(
      /could not be verified/,
    );
    expect(await refusedWith({ rpId: 'evil.example' })).toMatch(/could not be verified/);
    const stranger = new SoftAuthenticator(RP_ID, ORIGIN);
    expect(await refusedWith({ key: stranger.privateKey })).toMatch(/could not be verified/);

    const unknown = await passkeyLogin(stranger.get(await loginOptions()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This passkey is not registered for this site');
    // The genuine answer still works after all of these.
    expect((await passkeyLogin(device.get(await loginOptions()))).status).toBe(200);
  });

  it('refuses a signature counter that did not go up (a copied authenticator)', async () => {
    const { device } = await accountWithPasskey();
    expect((await passkeyLogin(device.get(await loginOptions(), { counter: 7 }))).status).toBe(200);
    for (const counter of [7, 3]) {
      const res = await passkeyLogin(device.get(await loginOptions(), { counter }));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/signature counter/);
    }
    expect((await passkeyLogin(device.get(await loginOptions(), { counter: 8 }))).status).toBe(200);
  });

  it('belongs to its domain: another site, or a site at an IP address, refuses it', async () => {
    const { device } = await accountWithPasskey();
    const site = await call(t.app, {
      method: 'POST',
      url: '/api/admin/sites/create',
      headers: { authorization: `Bearer ${admin}` },
      payload: { domain: 'brand.example' },
    });
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    const options = await loginOptions('brand.example');
    expect(options.rpId).toBe('brand.example');
    const there = await passkeyLogin(
      device.get(options, { rpId: 'brand.example', origin: 'https://brand.example' }),
      'brand.example',
    );
    expect(there.status).toBe(400);
    expect(there.body.message).toBe('This passkey is not registered for this site');
  });

  it('registers only with its own challenge, and never the same passkey twice', async () => {
    const { token, device } = await accountWithPasskey();
    const other = await register({ username: uniqueName('pk'), password: 'password-123' });
    const theirs = await callEndpoint(t.app, identity.passkeyRegisterOptions, { token: other });
    const stolen = await callEndpoint(t.app, identity.registerPasskey, {
      token,
      body: {
        name: 'Stolen',
        response: new SoftAuthenticator(RP_ID, ORIGIN).create(theirs.body.data.options),
      },
    });
    expect(stolen.status).toBe(400);
    const mine = await callEndpoint(t.app, identity.passkeyRegisterOptions, { token });
    expect(mine.body.data.options.excludeCredentials?.map((c) => c.id)).toEqual([device.id]);
    const again = await callEndpoint(t.app, identity.registerPasskey, {
      token,
      body: { name: 'Again', response: device.create(mine.body.data.options) },
    });
    expect(again.status).toBe(409);
    const wrongOrigin = await callEndpoint(t.app, identity.passkeyRegisterOptions, { token });
    const bent = await callEndpoint(t.app, identity.registerPasskey, {
      token,
      body: {
        name: 'Bent',
        response: new SoftAuthenticator(RP_ID, 'https://evil.example').create(
          wrongOrigin.body.data.options,
        ),
      },
    });
    expect(bent.status).toBe(400);
  });

  it('never removes the last way: a passkey-only account keeps its passkey', async () => {
    const { token, passkey, device } = await accountWithPasskey();
    // The password may go: the passkey stays.
    const noPassword = await callEndpoint(t.app, identity.unlinkWay, {
      token,
      body: { kind: 'password' },
    });
    expect(noPassword.status, noPassword.body.message).toBe(200);
    const listed = await callEndpoint(t.app, identity.listPasskeys, { token });
    expect(listed.body.data.rows).toMatchObject([{ id: passkey.id, unlinkable: false }]);
    const last = await callEndpoint(t.app, identity.deletePasskey, {
      token,
      body: { id: passkey.id },
    });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe(
      'This is the only way left to sign in to this account; link another way first',
    );
    // It still signs in; with a second passkey, the first may go.
    expect((await passkeyLogin(device.get(await loginOptions()))).status).toBe(200);
    const second = new SoftAuthenticator(RP_ID, ORIGIN);
    const options = await callEndpoint(t.app, identity.passkeyRegisterOptions, { token });
    const saved = await callEndpoint(t.app, identity.registerPasskey, {
      token,
      body: { name: 'Key', response: second.create(options.body.data.options) },
    });
    expect(saved.status).toBe(200);
    const removed = await callEndpoint(t.app, identity.deletePasskey, {
      token,
      body: { id: passkey.id },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect((await passkeyLogin(device.get(await loginOptions()))).status).toBe(400);
  });

  it('at a loopback PUBLIC_URL: not offered at the IP address, offered at localhost', async () => {
    const local = await createTestApp({ config: { publicUrl: 'http://127.0.0.1:3999' } });
    try {
      const at = (host: string) =>
        callEndpoint(local.app, identity.ways, { headers: { host: `${host}:3999` } });
      expect((await at('127.0.0.1')).body.data.passkey).toBe(false);
      expect((await at('localhost')).body.data.passkey).toBe(true);
      const options = await callEndpoint(local.app, identity.passkeyLoginOptions, {
        headers: { host: 'localhost:3999' },
      });
      expect(options.body.data.options.rpId).toBe('localhost');
      const refused = await callEndpoint(local.app, identity.passkeyLoginOptions, {
        headers: { host: '127.0.0.1:3999' },
      });
      expect(refused.status).toBe(400);
    } finally {
      await local.close();
    }
  });

  it('writes no challenge, signature or key into the log', () => {
    const text = t.logs.lines().join('\n');
    expect(challenges.length).toBeGreaterThan(10);
    for (const challenge of challenges) expect(text).not.toContain(challenge);
    expect(text).toMatch(/passkey answer refused/);
    expect(text).not.toMatch(/signature"\s*:\s*"[A-Za-z0-9_-]{20,}/);
  });
});
