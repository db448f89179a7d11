import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, identity } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { expectServerErrors } from '../../test/harness.js';
import { startSiteverify } from '../../test/siteverify.js';
import { adminPassword, en, login, t, uniqueName, useAuthApp } from './auth.setup.js';
import { markIp } from './captcha.js';

/**
 * A site's hosted captcha (Turnstile, hCaptcha) against a loopback siteverify that answers and
 * refuses as the providers document (test/siteverify.ts).
 */
const keys = {
  turnstile: { siteKey: '0x4AAAAAAAtestSiteKey', secret: '0x4AAAAAAAturnstile-secret-9d1e' },
  hcaptcha: {
    siteKey: '10000000-ffff-ffff-ffff-000000000001',
    secret: '0xhcaptcha-secret-7c2b4f',
  },
};
let fake: Awaited<ReturnType<typeof startSiteverify>>;
beforeAll(async () => {
  fake = await startSiteverify(keys);
});
afterAll(async () => fake.close());
useAuthApp(() => ({
  trustProxy: true,
  logLevel: 'info',
  signup: {
    captcha: true,
    giftsPerIp: 0,
    turnstileVerifyUrl: fake.turnstileUrl,
    hcaptchaVerifyUrl: fake.hcaptchaUrl,
  },
}));

let admin: string;
let siteId: number;
beforeAll(async () => {
  admin = await login('root_admin', adminPassword);
  siteId = (
    await t.app.ctx.db.kysely
      .selectFrom('sites')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;
});

const save = (body: Record<string, unknown>) =>
  callEndpoint(t.app, identity.adminUpdateCaptchaSettings, {
    token: admin,
    headers: en,
    body: { siteId, ...body } as identity.CaptchaSettingsInput,
  });
/** A guarded call (a sign-up) from a network where abuse was seen. */
const signUp = (ip: string, token?: string) =>
  callEndpoint(t.app, auth.register, {
    headers: {
      ...en,
      'x-forwarded-for': ip,
      ...(token !== undefined ? { 'x-captcha': token } : {}),
    },
    body: { username: uniqueName('hc'), password: 'password-123' },
  });
const seenTokens: string[] = [];
const issue = (p: 'turnstile' | 'hcaptcha', siteKey?: string) => {
  const token = fake.issue(p, siteKey);
  seenTokens.push(token);
  return token;
};

describe('hosted captcha', () => {
  it('the console keeps a site key and a sealed secret, and asks for both', async () => {
    const first = await callEndpoint(t.app, identity.adminCaptchaSettings, {
      token: admin,
      headers: en,
      query: { siteId },
    });
    expect(first.body.data).toEqual({ siteId, provider: 'pow', siteKey: '', secret: 'not set' });
    const noKey = await save({ provider: 'turnstile', secret: keys.turnstile.secret });
    expect(noKey.status).toBe(400);
    expect(fieldsOf(noKey)).toEqual(['siteKey']);
    const noSecret = await save({ provider: 'hcaptcha', siteKey: keys.hcaptcha.siteKey });
    expect(noSecret.status).toBe(400);
    expect(fieldsOf(noSecret)).toEqual(['secret']);
    const badKey = await save({ provider: 'turnstile', siteKey: '<script>' });
    expect(badKey.status).toBe(400);
    expect(fieldsOf(badKey)).toEqual(['siteKey']);
    const ok = await save({
      provider: 'turnstile',
      siteKey: keys.turnstile.siteKey,
      secret: keys.turnstile.secret,
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toEqual({
      siteId,
      provider: 'turnstile',
      siteKey: keys.turnstile.siteKey,
      secret: 'set',
    });
    expect(JSON.stringify(ok.body)).not.toContain(keys.turnstile.secret);
    const row = await t.app.ctx.db.kysely
      .selectFrom('site_captcha_settings')
      .selectAll()
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(keys.turnstile.secret);
  });

  it('Turnstile: asks the widget of a marked network only; a token passes once', async () => {
    await markIp(t.app.ctx, '10.9.0.1');
    // Another network is never asked.
    expect((await signUp('10.9.0.2')).status).toBe(200);
    const asked = await signUp('10.9.0.1');
    expect(asked.status).toBe(403);
    expect(asked.body.data).toEqual({
      captcha: { provider: 'turnstile', siteKey: keys.turnstile.siteKey },
    });
    const token = issue('turnstile');
    const ok = await signUp('10.9.0.1', token);
    expect(ok.status, ok.body.message).toBe(200);
    const call = fake.calls.at(-1);
    expect(call?.form).toMatchObject({
      secret: keys.turnstile.secret,
      response: token,
      remoteip: '10.9.0.1',
    });
    // Used once: Turnstile answers timeout-or-duplicate, and the widget is asked again.
    const again = await signUp('10.9.0.1', token);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('The check was not passed or has expired: please do it again');
    expect(again.body.data).toEqual({
      captcha: { provider: 'turnstile', siteKey: keys.turnstile.siteKey },
    });
    // A token the provider never gave: invalid-input-response.
    expect((await signUp('10.9.0.1', issue('hcaptcha'))).status).toBe(403);
    // Malformed input never reaches the provider and is a 403, never a 5xx.
    const before = fake.calls.length;
    for (const bad of ['x'.repeat(5000), 'token with spaces', '<script>'])
      expect((await signUp('10.9.0.1', bad)).status).toBe(403);
    expect(fake.calls.length).toBe(before);
    const log = t.logs.lines().join('\n');
    expect(log).toContain('timeout-or-duplicate');
    expect(log).toContain('invalid-input-response');
  });

  it('fails closed with a 503 when siteverify is down or refuses the site secret', async () => {
    expectServerErrors(503, /cannot be reached now/);
    await markIp(t.app.ctx, '10.9.1.1');
    for (const mode of ['error-503', 'drop'] as const) {
      fake.setMode(mode);
      const down = await signUp('10.9.1.1', issue('turnstile'));
      expect(down.status, mode).toBe(503);
      expect(down.body).toMatchObject({
        success: false,
        message: 'The check cannot be reached now: please try again in a few minutes',
      });
    }
    fake.setMode('up');
    // A secret the provider does not know (the operator's mistake): 503, not the visitor's.
    await save({ secret: 'wrong-secret' });
    const wrong = await signUp('10.9.1.1', issue('turnstile'));
    expect(wrong.status).toBe(503);
    expect(t.logs.lines().join('\n')).toContain('invalid-input-secret');
    await save({ secret: keys.turnstile.secret });
    expect((await signUp('10.9.1.1', issue('turnstile'))).status).toBe(200);
  });

  it('hCaptcha: passes a token of its site key, refuses one seen or of another key', async () => {
    const saved = await save({
      provider: 'hcaptcha',
      siteKey: keys.hcaptcha.siteKey,
      secret: keys.hcaptcha.secret,
    });
    expect(saved.body.data).toMatchObject({ provider: 'hcaptcha', secret: 'set' });
    await markIp(t.app.ctx, '10.9.2.1');
    const asked = await signUp('10.9.2.1');
    expect(asked.body.data).toEqual({
      captcha: { provider: 'hcaptcha', siteKey: keys.hcaptcha.siteKey },
    });
    const token = issue('hcaptcha');
    expect((await signUp('10.9.2.1', token)).status).toBe(200);
    expect(fake.calls.at(-1)?.form).toMatchObject({
      secret: keys.hcaptcha.secret,
      sitekey: keys.hcaptcha.siteKey,
      remoteip: '10.9.2.1',
    });
    expect((await signUp('10.9.2.1', token)).status).toBe(403);
    // A token made for another site's widget.
    expect((await signUp('10.9.2.1', issue('hcaptcha', 'another-site-key'))).status).toBe(403);
    // A site key the console has that is not the secret's: the operator's mistake, a 503.
    expectServerErrors(503, /cannot be reached now/);
    await save({ siteKey: 'another-site-key' });
    expect((await signUp('10.9.2.1', issue('hcaptcha'))).status).toBe(503);
    const log = t.logs.lines().join('\n');
    expect(log).toContain('already-seen-response');
    expect(log).toContain('sitekey-secret-mismatch');
    // Back to the proof of work: the 403 carries a challenge again.
    await save({ provider: 'pow' });
    const pow = await signUp('10.9.2.1');
    expect(pow.status).toBe(403);
    expect(pow.body.data).toMatchObject({ captcha: { bits: expect.any(Number) as number } });
  });

  it('writes no token or secret to the log', () => {
    const log = t.logs.lines().join('\n');
    expect(seenTokens.length).toBeGreaterThan(5);
    for (const s of [...seenTokens, keys.turnstile.secret, keys.hcaptcha.secret, 'wrong-secret'])
      expect(log).not.toContain(s);
  });
});
