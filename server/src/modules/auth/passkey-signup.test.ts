import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auth, identity } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { SoftAuthenticator } from '../../test/authenticator.js';
import { solve } from './captcha.js';
import { t, useAuthApp } from './auth.setup.js';

// The default site is at an https domain; two sign-ups a day per IP are free, then the IP
// waits and, with the captcha on where abuse is seen, solves one.
useAuthApp({
  publicUrl: 'https://atelier.example',
  trustProxy: true,
  signup: { captcha: true, giftsPerIp: 2 },
});

const ORIGIN = 'https://atelier.example';
const RP_ID = 'atelier.example';
let ipSeq = 10;
const newIp = () => `10.9.0.${ipSeq++}`;
const from = (ip: string) => ({ host: RP_ID, 'x-lang': 'en-US', 'x-forwarded-for': ip });

const options = (ip: string, guestId?: string) =>
  callEndpoint(t.app, identity.passkeySignupOptions, {
    headers: from(ip),
    ...(guestId ? { guestId } : {}),
  });
const signUp = (
  ip: string,
  response: ReturnType<SoftAuthenticator['create']>,
  extra: { guestId?: string; captcha?: string } = {},
) =>
  callEndpoint(t.app, identity.passkeySignup, {
    headers: { ...from(ip), ...(extra.captcha ? { 'x-captcha': extra.captcha } : {}) },
    ...(extra.guestId ? { guestId: extra.guestId } : {}),
    body: { name: 'My phone', response },
  });

describe('signing up with a passkey', () => {
  it("makes an account with a passkey alone, the guest's data moving to it", async () => {
    const ip = newIp();
    const guestId = randomUUID();
    const guest = await callEndpoint(t.app, auth.createGuest, {
      headers: from(ip),
      body: { guest_id: guestId },
    });
    expect(guest.status).toBe(200);
    const asked = await options(ip, guestId);
    expect(asked.status, asked.body.message).toBe(200);
    const opts = asked.body.data.options;
    expect(opts.rp.id).toBe(RP_ID);
    expect(opts.user.name).toMatch(/^passkey_\d{4}$/);
    expect(opts.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    const answer = device.create(opts);
    const made = await signUp(ip, answer, { guestId });
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.created).toBe(true);
    const token = made.body.data.token;
    const me = await callEndpoint(t.app, auth.currentUser, { token });
    expect(me.body.data.userInfo).toMatchObject({ username: opts.user.name, isGuest: false });
    const merged = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select('merged_into')
      .where('guest_id', '=', guestId)
      .executeTakeFirstOrThrow();
    expect(merged.merged_into).toBe(me.body.data.userInfo.id);

    // The passkey is the account's only way: listed, and never removed.
    const listed = await callEndpoint(t.app, identity.listPasskeys, {
      token,
      headers: from(ip),
    });
    expect(listed.body.data.rows).toMatchObject([
      { name: 'My phone', here: true, unlinkable: false },
    ]);
    const gone = await callEndpoint(t.app, identity.deletePasskey, {
      token,
      headers: from(ip),
      body: { id: listed.body.data.rows[0]!.id },
    });
    expect(gone.status).toBe(400);

    // It signs in with it.
    const login = await callEndpoint(t.app, identity.passkeyLoginOptions, { headers: from(ip) });
    const signedIn = await callEndpoint(t.app, identity.passkeyLogin, {
      headers: from(ip),
      body: { response: device.get(login.body.data.options) },
    });
    expect(signedIn.status, signedIn.body.message).toBe(200);
    const again = await callEndpoint(t.app, auth.currentUser, {
      token: signedIn.body.data.token,
    });
    expect(again.body.data.userInfo.id).toBe(me.body.data.userInfo.id);

    // The answer works once; the same passkey never makes a second account.
    const replayed = await signUp(newIp(), answer);
    expect(replayed.status).toBe(400);
    expect(fieldsOf(replayed)).toEqual(['response']);
    const second = await options(newIp());
    const twice = await signUp(newIp(), device.create(second.body.data.options));
    expect(twice.status).toBe(409);
  });

  it("takes only a sign-up challenge of this site's origin", async () => {
    const ip = newIp();
    // A sign-in challenge is no sign-up challenge.
    const login = await callEndpoint(t.app, identity.passkeyLoginOptions, { headers: from(ip) });
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    const wrongPurpose = await signUp(
      ip,
      device.create({ challenge: login.body.data.options.challenge, user: { id: 'AAAA' } }),
    );
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.message).toMatch(/expired or was already used/);
    const asked = await options(ip);
    const evil = await signUp(
      ip,
      new SoftAuthenticator(RP_ID, 'https://evil.example').create(asked.body.data.options),
    );
    expect(evil.status).toBe(400);
    expect(fieldsOf(evil)).toEqual(['response']);
  });

  it('has the sign-up limits per IP, then a captcha where abuse was seen', async () => {
    const ip = newIp();
    for (let i = 0; i < 2; i++) {
      const asked = await options(ip);
      expect(asked.status, asked.body.message).toBe(200);
      const made = await signUp(
        ip,
        new SoftAuthenticator(RP_ID, ORIGIN).create(asked.body.data.options),
      );
      expect(made.status, made.body.message).toBe(200);
    }
    // Past the free sign-ups the IP waits, and abuse is seen.
    const third = await options(ip);
    expect(third.status).toBe(429);
    // From now on the IP solves a captcha first (the browser does it unseen).
    const asked = await options(ip);
    expect(asked.status).toBe(403);
    const { challenge } = z
      .object({ captcha: z.object({ challenge: z.string() }) })
      .parse(asked.body.data as unknown).captcha;
    const solved = await callEndpoint(t.app, identity.passkeySignupOptions, {
      headers: { ...from(ip), 'x-captcha': solve(challenge) },
    });
    // Solved, it meets the sign-up wait again (still too soon).
    expect(solved.status).toBe(429);
    // Another network is never asked.
    expect((await options(newIp())).status).toBe(200);
  });
});
