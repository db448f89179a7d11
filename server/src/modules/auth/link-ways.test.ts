import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, identity } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { startSmtp } from '../../test/smtp.js';
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

// Each test asks from an address of its own (X-Forwarded-For) so per-IP limits stay apart.
useAuthApp({ trustProxy: true });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
let ipSeq = 10;
const fromIp = () => ({ ...en, 'x-forwarded-for': `10.8.0.${ipSeq++}` });

beforeAll(async () => {
  smtp = await startSmtp();
  const admin = await login('root_admin', adminPassword);
  const site = await t.app.ctx.db.kysely
    .selectFrom('sites')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  const saved = await callEndpoint(t.app, identity.adminUpdateMailSettings, {
    token: admin,
    body: {
      siteId: site.id,
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      tls: 'none',
      from: 'no-reply@atelier.test',
    },
  });
  expect(saved.status, saved.body.message).toBe(200);
});
afterAll(async () => smtp.close());

const ways = async (token: string) =>
  (await callEndpoint(t.app, identity.listWays, { token })).body.data.rows;

/** Signs up by an emailed code: an account with a verified address and no password. */
async function codeAccount(email: string) {
  const headers = fromIp();
  await callEndpoint(t.app, identity.sendEmailCode, { headers, body: { email } });
  const code = codeOf((await smtp.next(email)).subject);
  const made = await callEndpoint(t.app, identity.emailLogin, { headers, body: { email, code } });
  expect(made.status, made.body.message).toBe(200);
  return made.body.data.token;
}

describe('linking and unlinking sign-in ways', () => {
  it('an email-code account sets a password, then may drop either way but not both', async () => {
    const email = `${uniqueName('nopw')}@example.com`;
    const token = await codeAccount(email);
    expect(await ways(token)).toEqual([
      { kind: 'email', label: email, verified: true, unlinkable: false },
    ]);
    const last = await callEndpoint(t.app, identity.unlinkWay, {
      token,
      headers: en,
      body: { kind: 'email' },
    });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe(
      'This is the only way left to sign in to this account; link another way first',
    );
    // No password to remove either: the last way stays.
    expect(
      (await callEndpoint(t.app, identity.unlinkWay, { token, body: { kind: 'password' } })).status,
    ).toBe(400);

    const short = await callEndpoint(t.app, identity.setPassword, {
      token,
      body: { password: 'short' },
    });
    expect(short.status).toBe(400);
    const set = await callEndpoint(t.app, identity.setPassword, {
      token,
      headers: en,
      body: { password: 'first-password-1' },
    });
    expect(set.status, set.body.message).toBe(200);
    const again = await callEndpoint(t.app, identity.setPassword, {
      token,
      headers: en,
      body: { password: 'second-password-1' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This account has a password already; change it instead');
    // The session that set it stays signed in; the password works by the address.
    expect((await info(bearer(token))).body.data.userInfo.isGuest).toBe(false);
    await login(email, 'first-password-1');
    const rows = await ways(token);
    expect(rows.map((r) => [r.kind, r.unlinkable])).toEqual([
      ['password', true],
      ['email', true],
    ]);

    // Dropping the password leaves the email code; then the email is the last way.
    const dropped = await callEndpoint(t.app, identity.unlinkWay, {
      token,
      headers: en,
      body: { kind: 'password' },
    });
    expect(dropped.status, dropped.body.message).toBe(200);
    expect(dropped.body.message).toBe('Sign-in way removed');
    const refused = await callEndpoint(t.app, auth.login, {
      body: { username: email, password: 'first-password-1' },
    });
    expect(refused.status).not.toBe(200);
    expect(await ways(token)).toEqual([
      { kind: 'email', label: email, verified: true, unlinkable: false },
    ]);
  });

  it('a password account links an address by a mailed code, then removes it', async () => {
    const name = uniqueName('pw');
    const token = await register({ username: name, password: 'password-123' });
    const email = `${name}@example.com`;
    const headers = fromIp();
    const asked = await callEndpoint(t.app, identity.sendLinkCode, {
      token,
      headers,
      body: { email },
    });
    expect(asked.status, asked.body.message).toBe(200);
    expect(JSON.stringify(asked.body)).not.toMatch(/\b\d{6}\b/);
    const code = codeOf((await smtp.next(email)).subject);

    // The code is bound to the account that asked, and is not a sign-in code.
    const other = await register({ username: uniqueName('thief'), password: 'password-123' });
    const stolen = await callEndpoint(t.app, identity.linkEmail, {
      token: other,
      body: { email, code },
    });
    expect(stolen.status).toBe(400);
    const asSignIn = await callEndpoint(t.app, identity.emailLogin, { body: { email, code } });
    expect(asSignIn.status).toBe(400);
    const wrong = await callEndpoint(t.app, identity.linkEmail, {
      token,
      body: { email, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);

    const linked = await callEndpoint(t.app, identity.linkEmail, {
      token,
      headers: en,
      body: { email, code },
    });
    expect(linked.status, linked.body.message).toBe(200);
    expect(linked.body.data.email).toBe(email);
    const reused = await callEndpoint(t.app, identity.linkEmail, { token, body: { email, code } });
    expect(reused.status).toBe(400);
    expect(await ways(token)).toEqual([
      { kind: 'password', label: name, verified: true, unlinkable: true },
      { kind: 'email', label: email, verified: true, unlinkable: true },
    ]);

    // Another account cannot link the same address: refused before any mail goes out.
    const taken = await callEndpoint(t.app, identity.sendLinkCode, {
      token: other,
      headers: { ...fromIp() },
      body: { email: email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This address is linked to another account');

    const removed = await callEndpoint(t.app, identity.unlinkWay, {
      token,
      body: { kind: 'email' },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect(await ways(token)).toEqual([
      { kind: 'password', label: name, verified: true, unlinkable: false },
    ]);
    const lastPassword = await callEndpoint(t.app, identity.unlinkWay, {
      token,
      body: { kind: 'password' },
    });
    expect(lastPassword.status).toBe(400);
  });

  it('an unverified address may go; the password is then the last way', async () => {
    const name = uniqueName('unv');
    const email = `${name}@example.com`;
    const token = await register({ username: name, email, password: 'password-123' });
    expect(
      (await callEndpoint(t.app, identity.unlinkWay, { token, body: { kind: 'password' } })).status,
    ).toBe(400);
    expect(
      (await callEndpoint(t.app, identity.unlinkWay, { token, body: { kind: 'email' } })).status,
    ).toBe(200);
    expect((await ways(token)).map((r) => r.kind)).toEqual(['password']);
  });

  it('refuses a guest', async () => {
    const guest = await callEndpoint(t.app, identity.unlinkWay, { body: { kind: 'email' } });
    expect(guest.status).toBe(401);
  });
});
