import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { call } from '../../test/harness.js';
import { startOidc } from '../../test/oidc.js';
import { adminPassword, en, login, register, t, uniqueName, useAuthApp } from './auth.setup.js';

// The default site is at an https domain (passkeys work there); two loopback providers are let
// in by the operator's "allow private issuers" setting. Mail, SMS and WeChat are off.
useAuthApp({
  publicUrl: 'https://atelier.example',
  signup: { oidcAllowPrivate: true, giftsPerIp: 0 },
});

const client = { id: 'atelier-client', secret: 'fake-client-secret-42' };
let fake: Awaited<ReturnType<typeof startOidc>>;
let admin: string;
let siteId: number;
let otherSiteId: number;

const ways = (host = 'atelier.example') =>
  callEndpoint(t.app, identity.ways, { headers: { ...en, host } });
const save = (body: { siteId: number; ways: { way: string; offered: boolean }[] }) =>
  callEndpoint(t.app, identity.adminUpdateSignInWays, { token: admin, headers: en, body });

async function addProvider(site: number, slug: string, name: string) {
  const res = await callEndpoint(t.app, identity.adminSaveOidcProvider, {
    token: admin,
    headers: en,
    body: {
      siteId: site,
      slug,
      name,
      issuer: fake.issuer,
      clientId: client.id,
      clientSecret: client.secret,
      scopes: 'openid email profile',
      enabled: true,
    },
  });
  expect(res.status, res.body.message).toBe(200);
}

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
  const other = await call(t.app, {
    method: 'POST',
    url: '/api/admin/sites/create',
    headers: { authorization: `Bearer ${admin}` },
    payload: { domain: 'brand.example' },
  });
  expect(other.status, JSON.stringify(other.body)).toBe(200);
  otherSiteId = (
    await t.app.ctx.db.kysely
      .selectFrom('sites')
      .select('id')
      .where('domain', '=', 'brand.example')
      .executeTakeFirstOrThrow()
  ).id;
  await addProvider(siteId, 'acme', 'Acme ID');
  await addProvider(siteId, 'beta', 'Beta Login');
});
afterAll(async () => fake.close());

describe('ways per site, in order', () => {
  it('offers what works in the order sites had before lists, until the operator saves one', async () => {
    const before = await ways();
    expect(before.status).toBe(200);
    expect(before.body.data.order).toEqual(['password', 'passkey', 'oidc:acme', 'oidc:beta']);
    const view = await callEndpoint(t.app, identity.adminSignInWays, {
      token: admin,
      query: { siteId },
    });
    expect(view.body.data.ways.map((w) => [w.way, w.offered, w.ready])).toEqual([
      ['password', true, true],
      ['email', true, false],
      ['phone', true, false],
      ['wechat', true, false],
      ['passkey', true, true],
      ['oidc:acme', true, true],
      ['oidc:beta', true, true],
    ]);
    expect(view.body.data.ways.find((w) => w.way === 'oidc:beta')?.name).toBe('Beta Login');
  });

  it('keeps the saved order; a way left out or not working is not shown', async () => {
    const saved = await save({
      siteId,
      ways: [
        { way: 'oidc:beta', offered: true },
        { way: 'email', offered: true },
        { way: 'passkey', offered: true },
        { way: 'password', offered: true },
        { way: 'oidc:acme', offered: false },
      ],
    });
    expect(saved.status, saved.body.message).toBe(200);
    // The ways the list left out stay, not offered, after it.
    expect(saved.body.data.ways.map((w) => `${w.way}:${w.offered}`)).toEqual([
      'oidc:beta:true',
      'email:true',
      'passkey:true',
      'password:true',
      'oidc:acme:false',
      'phone:false',
      'wechat:false',
    ]);
    const offered = (await ways()).body.data;
    // Email is listed but the site sends no mail: not shown.
    expect(offered.order).toEqual(['oidc:beta', 'passkey', 'password']);
    expect(offered).toMatchObject({ password: true, email: false, passkey: true, forgot: false });
    expect(offered.oidc).toEqual([{ slug: 'beta', name: 'Beta Login' }]);

    // Passkeys only: no password tab.
    expect((await save({ siteId, ways: [{ way: 'passkey', offered: true }] })).status).toBe(200);
    const only = (await ways()).body.data;
    expect(only).toMatchObject({ order: ['passkey'], password: false, oidc: [] });
    // The user centre still links and lists the ways hidden from the dialog.
    const user = await register({ username: uniqueName('ways'), password: 'password-123' });
    const centre = await callEndpoint(t.app, identity.listWays, {
      token: user,
      headers: { ...en, host: 'atelier.example' },
    });
    expect(centre.body.data.offered).toMatchObject({ password: true, passkey: true });
    expect(centre.body.data.offered.oidc).toHaveLength(2);

    // A provider added since comes last, offered (its own switch decides).
    await addProvider(siteId, 'gamma', 'Gamma');
    expect((await ways()).body.data.order).toEqual(['passkey', 'oidc:gamma']);
  });

  it('refuses an unknown way, one twice and a list with nothing that works, naming the field', async () => {
    const unknown = await save({
      siteId,
      ways: [
        { way: 'password', offered: true },
        { way: 'oidc:nowhere', offered: true },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['ways.1.way']);
    expect(unknown.body.message).toBe('This site has no such way of signing in');
    const fax = await save({ siteId, ways: [{ way: 'fax', offered: true }] });
    expect(fax.status).toBe(400);
    expect(fieldsOf(fax)).toEqual(['ways.0.way']);
    const twice = await save({
      siteId,
      ways: [
        { way: 'password', offered: true },
        { way: 'password', offered: false },
      ],
    });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice)).toEqual(['ways.1.way']);
    const none = await save({
      siteId,
      ways: [
        { way: 'email', offered: true },
        { way: 'password', offered: false },
      ],
    });
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual(['ways']);
    // A provider of another site is no way of this one.
    const foreign = await save({
      siteId: otherSiteId,
      ways: [{ way: 'oidc:acme', offered: true }],
    });
    expect(fieldsOf(foreign)).toEqual(['ways.0.way']);
    const missing = await save({ siteId: 999_999, ways: [{ way: 'password', offered: true }] });
    expect(missing.status).toBe(404);
    const user = await register({ username: uniqueName('ways'), password: 'password-123' });
    const notAdmin = await callEndpoint(t.app, identity.adminUpdateSignInWays, {
      token: user,
      body: { siteId, ways: [{ way: 'password', offered: true }] },
    });
    expect(notAdmin.status).toBe(403);
  });

  it("keeps each site's list to itself", async () => {
    expect(
      (
        await save({
          siteId,
          ways: [
            { way: 'passkey', offered: true },
            { way: 'password', offered: true },
          ],
        })
      ).status,
    ).toBe(200);
    const there = await ways('brand.example');
    expect(there.body.data.order).toEqual(['password', 'passkey']);
    const saved = await save({
      siteId: otherSiteId,
      ways: [
        { way: 'password', offered: true },
        { way: 'passkey', offered: false },
      ],
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect((await ways('brand.example')).body.data.order).toEqual(['password']);
    expect((await ways()).body.data.order.slice(0, 2)).toEqual(['passkey', 'password']);
  });
});
