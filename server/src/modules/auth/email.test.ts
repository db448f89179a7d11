import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, identity } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
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
import { CODE_TRIES, PER_ADDRESS_PER_HOUR } from './email-ways.js';

// Each test asks from addresses of its own (X-Forwarded-For) so per-IP limits stay apart.
useAuthApp({ trustProxy: true });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let siteId: number;

const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const linkOf = (text: string) => /(https?:\/\/\S+#reset-password=[\w-]+)/.exec(text)?.[1] ?? '';
const tokenOf = (link: string) => link.split('#reset-password=')[1] ?? '';
/** Each test sends from its own address so the per-IP limit is not what it meets. */
let ipSeq = 10;
const fromIp = () => ({ ...en, 'x-forwarded-for': `10.9.0.${ipSeq++}` });

async function sendCode(email: string, headers: Record<string, string> = en) {
  return callEndpoint(t.app, identity.sendEmailCode, { headers, body: { email } });
}

beforeAll(async () => {
  smtp = await startSmtp({ user: 'mailer', pass: 'smtp-pass-123' });
  admin = await login('root_admin', adminPassword);
  const site = await t.app.ctx.db.kysely
    .selectFrom('sites')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  siteId = site.id;
});
afterAll(async () => smtp.close());

describe('site mail settings', () => {
  it('are off until set, keep the password secret, and send a test mail', async () => {
    const off = await callEndpoint(t.app, identity.ways, { headers: en });
    // Passkeys need no setting: the test app is reached at localhost (docs/identity.md).
    expect(off.body.data).toEqual({
      order: ['password', 'passkey'],
      password: true,
      forgot: false,
      email: false,
      phone: false,
      wechat: false,
      passkey: true,
      oidc: [],
    });
    const refused = await sendCode('nobody@example.com');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This site does not send mail; sign in with your password');

    const incomplete = await callEndpoint(t.app, identity.adminUpdateMailSettings, {
      token: admin,
      headers: en,
      body: { siteId, enabled: true },
    });
    expect(incomplete.status).toBe(400);
    expect(fieldsOf(incomplete)).toEqual(['host']);

    const badFrom = await callEndpoint(t.app, identity.adminUpdateMailSettings, {
      token: admin,
      headers: en,
      body: { siteId, from: 'not an address' },
    });
    expect(badFrom.status).toBe(400);
    expect(fieldsOf(badFrom)).toEqual(['from']);

    const saved = await callEndpoint(t.app, identity.adminUpdateMailSettings, {
      token: admin,
      body: {
        siteId,
        enabled: true,
        host: '127.0.0.1',
        port: smtp.port,
        tls: 'none',
        username: 'mailer',
        password: 'wrong-pass',
        from: 'Atelier <no-reply@atelier.test>',
      },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ enabled: true, password: 'set', port: smtp.port });
    expect(JSON.stringify(saved.body)).not.toContain('wrong-pass');

    const failed = await callEndpoint(t.app, identity.adminTestMail, {
      token: admin,
      body: { siteId, to: 'ops@example.com' },
    });
    expect(failed.body.data.sent).toBe(false);
    expect(failed.body.data.problem).toMatch(/auth|login|535/i);

    await callEndpoint(t.app, identity.adminUpdateMailSettings, {
      token: admin,
      body: { siteId, password: 'smtp-pass-123' },
    });
    const sent = await callEndpoint(t.app, identity.adminTestMail, {
      token: admin,
      headers: en,
      body: { siteId, to: 'ops@example.com' },
    });
    expect(sent.body.data).toEqual({ sent: true, problem: null });
    const mail = await smtp.next('ops@example.com');
    expect(mail.subject).toBe('Atelier test mail: the mail settings work');
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('no-reply@atelier.test');

    const read = await callEndpoint(t.app, identity.adminMailSettings, {
      token: admin,
      query: { siteId },
    });
    expect(read.body.data.password).toBe('set');
    const stored = await t.app.ctx.db.kysely
      .selectFrom('site_mail_settings')
      .select('password_sealed')
      .executeTakeFirstOrThrow();
    expect(stored.password_sealed).not.toContain('smtp-pass-123');

    const notAdmin = await callEndpoint(t.app, identity.adminMailSettings, {
      token: await register({ username: uniqueName(), password: 'password-1' }),
      query: { siteId },
    });
    expect(notAdmin.status).toBe(403);
    const noSite = await callEndpoint(t.app, identity.adminMailSettings, {
      token: admin,
      query: { siteId: 99999 },
    });
    expect(noSite.status).toBe(404);
    expect((await callEndpoint(t.app, identity.ways, {})).body.data.email).toBe(true);
  });
});

describe('email codes', () => {
  it('sign up by a code, then sign in by a new one; each code works once', async () => {
    const email = `${uniqueName('coder')}@example.com`;
    const headers = fromIp();
    const asked = await sendCode(email, headers);
    expect(asked.status, asked.body.message).toBe(200);
    expect(asked.body.data.expiresInSeconds).toBe(600);
    expect(JSON.stringify(asked.body)).not.toMatch(/\b\d{6}\b/);
    const mail = await smtp.next(email);
    const code = codeOf(mail.subject);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);

    const wrong = await callEndpoint(t.app, identity.emailLogin, {
      headers,
      body: { email, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['code']);
    expect(wrong.body.message).toBe('The code is wrong or has expired');

    const made = await callEndpoint(t.app, identity.emailLogin, {
      headers,
      body: { email: email.toUpperCase(), code },
    });
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.created).toBe(true);
    const me = await info(bearer(made.body.data.token));
    expect(me.body.data.userInfo).toMatchObject({ email: email.toUpperCase(), isGuest: false });
    expect(me.body.data.userInfo.username).toMatch(/^coder_/);

    const reused = await callEndpoint(t.app, identity.emailLogin, {
      headers,
      body: { email, code },
    });
    expect(reused.status).toBe(400);

    const ways = await callEndpoint(t.app, identity.listWays, { token: made.body.data.token });
    expect(ways.body.data.rows).toEqual([
      { kind: 'email', label: email.toUpperCase(), verified: true, unlinkable: false },
    ]);

    // A second code for the same address waits a minute.
    const soon = await sendCode(email, headers);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(/^Too many codes were asked for; please try again in \d+ s$/);
    await t.app.ctx.db.kysely
      .updateTable('email_codes')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('email_key', '=', email.toLowerCase())
      .execute();
    expect((await sendCode(email, headers)).status).toBe(200);
    const again = codeOf((await smtp.next(email)).subject);
    const signedIn = await callEndpoint(t.app, identity.emailLogin, {
      headers,
      body: { email, code: again },
    });
    expect(signedIn.body.data.created).toBe(false);
    const me2 = await info(bearer(signedIn.body.data.token));
    expect(me2.body.data.userInfo.id).toBe(me.body.data.userInfo.id);
  });

  it('kills a code after too many wrong answers and refuses an expired one', async () => {
    const email = `${uniqueName('guess')}@example.com`;
    const headers = fromIp();
    await sendCode(email, headers);
    const code = codeOf((await smtp.next(email)).subject);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < CODE_TRIES; i++)
      expect(
        (
          await callEndpoint(t.app, identity.emailLogin, {
            headers,
            body: { email, code: wrongCode },
          })
        ).status,
      ).toBe(400);
    const dead = await callEndpoint(t.app, identity.emailLogin, { headers, body: { email, code } });
    expect(dead.status).toBe(400);

    const email2 = `${uniqueName('late')}@example.com`;
    await sendCode(email2, headers);
    const code2 = codeOf((await smtp.next(email2)).subject);
    await t.app.ctx.db.kysely
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email_key', '=', email2)
      .execute();
    const expired = await callEndpoint(t.app, identity.emailLogin, {
      headers,
      body: { email: email2, code: code2 },
    });
    expect(expired.status).toBe(400);
  });

  it('limits codes per address per hour and per IP, and tells the abuse hook', async () => {
    const seen: string[] = [];
    const before = t.app.ctx.hooks.abuseSeen;
    t.app.ctx.hooks.abuseSeen = async (e) => {
      seen.push(e.key);
    };
    try {
      const email = `${uniqueName('flood')}@example.com`;
      const headers = fromIp();
      for (let i = 0; i < PER_ADDRESS_PER_HOUR; i++) {
        expect((await sendCode(email, headers)).status).toBe(200);
        await smtp.next(email);
        await t.app.ctx.db.kysely
          .updateTable('email_codes')
          .set({
            created_at: new Date(Date.now() - 61_000 * (PER_ADDRESS_PER_HOUR - i)).toISOString(),
          })
          .where('email_key', '=', email)
          .where('created_at', '>', new Date(Date.now() - 5000).toISOString())
          .execute();
      }
      const over = await sendCode(email, headers);
      expect(over.status).toBe(429);
      expect(seen).toContain(`email:${email}`);

      // Per IP: twenty different addresses from one address, the next one waits.
      const ipHeaders = fromIp();
      for (let i = 0; i < 20; i++)
        expect((await sendCode(`${uniqueName('ip')}@example.com`, ipHeaders)).status).toBe(200);
      expect((await sendCode(`${uniqueName('ip')}@example.com`, ipHeaders)).status).toBe(429);
    } finally {
      t.app.ctx.hooks.abuseSeen = before;
    }
  });

  it('verifies the address of an account made with a password', async () => {
    const name = uniqueName('verif');
    const email = `${name}@example.com`;
    const token = await register({ username: name, email, password: 'password-1' });
    const before = await callEndpoint(t.app, identity.listWays, { token });
    expect(before.body.data.rows).toEqual([
      { kind: 'password', label: name, verified: true, unlinkable: false },
      { kind: 'email', label: email, verified: false, unlinkable: true },
    ]);
    const asked = await callEndpoint(t.app, identity.sendVerifyCode, { token, headers: fromIp() });
    expect(asked.status, asked.body.message).toBe(200);
    const code = codeOf((await smtp.next(email)).subject);
    // A sign-in code is not a verify code and the other way round.
    const crossed = await callEndpoint(t.app, identity.emailLogin, { body: { email, code } });
    expect(crossed.status).toBe(400);
    const verified = await callEndpoint(t.app, identity.verifyEmail, { token, body: { code } });
    expect(verified.status, verified.body.message).toBe(200);
    const after = await callEndpoint(t.app, identity.listWays, { token });
    expect(after.body.data.rows[1]).toEqual({
      kind: 'email',
      label: email,
      verified: true,
      unlinkable: true,
    });

    const noEmail = await register({ username: uniqueName(), password: 'password-1' });
    const refused = await callEndpoint(t.app, identity.sendVerifyCode, { token: noEmail });
    expect(refused.status).toBe(400);
  });
});

describe('password reset by mail', () => {
  it('mails a link that sets a new password once, signs devices out, and expires', async () => {
    const name = uniqueName('forgot');
    const email = `${name}@example.com`;
    const old = await register({ username: name, email, password: 'old-password-1' });
    const headers = fromIp();
    const asked = await callEndpoint(t.app, identity.forgotPassword, { headers, body: { email } });
    expect(asked.status, asked.body.message).toBe(200);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('Set a new Atelier password');
    const link = linkOf(mail.text);
    expect(link).toContain('#reset-password=');
    expect(mail.html).toContain(`href="${link}"`);
    // An unknown address gets the same answer and no mail.
    const unknown = await callEndpoint(t.app, identity.forgotPassword, {
      headers,
      body: { email: `${uniqueName('ghost')}@example.com` },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.message).toBe(asked.body.message);

    const weak = await callEndpoint(t.app, identity.resetPassword, {
      body: { token: tokenOf(link), password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(fieldsOf(weak)).toEqual(['password']);
    const reset = await callEndpoint(t.app, identity.resetPassword, {
      headers: en,
      body: { token: tokenOf(link), password: 'new-password-1' },
    });
    expect(reset.status, reset.body.message).toBe(200);
    expect(reset.body.message).toBe('Your new password is set; please sign in');
    expect((await info(bearer(old))).status).toBe(401);
    await login(name, 'new-password-1');
    const bad = await callEndpoint(t.app, auth.login, {
      body: { username: name, password: 'old-password-1' },
    });
    expect(bad.status).toBe(400);

    const reused = await callEndpoint(t.app, identity.resetPassword, {
      headers: en,
      body: { token: tokenOf(link), password: 'other-password-1' },
    });
    expect(reused.status).toBe(400);
    expect(fieldsOf(reused)).toEqual(['token']);

    await t.app.ctx.db.kysely
      .updateTable('email_codes')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('email_key', '=', email)
      .execute();
    await callEndpoint(t.app, identity.forgotPassword, { headers, body: { email } });
    const late = tokenOf(linkOf((await smtp.next(email)).text));
    await t.app.ctx.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const expired = await callEndpoint(t.app, identity.resetPassword, {
      body: { token: late, password: 'late-password-1' },
    });
    expect(expired.status).toBe(400);
  });
});

describe('secrets of the email ways', () => {
  it('never appear in a log line', () => {
    const lines = t.logs.lines().join('\n');
    expect(lines).not.toContain('smtp-pass-123');
    expect(lines).not.toMatch(/reset-password=/);
    for (const m of smtp.mails) expect(lines).not.toContain(codeOf(m.subject) || 'no-code');
    expect(lines).not.toMatch(/"code":"\d{6}"/);
  });
});
