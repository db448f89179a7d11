import { describe, expect, it } from 'vitest';
import { identity } from '@atelier/contracts';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { bearer, expectServerErrors } from '../../test/harness.js';
import { en, info, register, t, uniqueName } from './auth.setup.js';
import { fromIp, newNumber, p, sendCode, useAliyun, usePhoneApp } from './phone.setup.js';
import { CODE_TRIES, PER_IP_PER_HOUR, PER_NUMBER_PER_HOUR } from './phone-ways.js';

usePhoneApp(0);

describe('site SMS settings', () => {
  it('are off until complete, keep the secret write-only, and validate the number', async () => {
    const off = await callEndpoint(t.app, identity.ways, { headers: en });
    expect(off.body.data.phone).toBe(false);
    const refused = await sendCode('13900000000', fromIp());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This site does not send text messages; sign in another way');

    const incomplete = await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: p.admin,
      headers: en,
      body: { siteId: p.siteId, enabled: true, provider: 'tencent', accessKeyId: 'x' },
    });
    expect(incomplete.status).toBe(400);
    expect(fieldsOf(incomplete)).toEqual(['accessKeySecret']);

    const saved = await useAliyun();
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ enabled: true, accessKeySecret: 'set' });
    expect(JSON.stringify(saved.body)).not.toContain(p.aliyun.accessKeySecret);
    const read = await callEndpoint(t.app, identity.adminSmsSettings, {
      token: p.admin,
      query: { siteId: p.siteId },
    });
    expect(read.body.data.accessKeySecret).toBe('set');
    expect(JSON.stringify(read.body)).not.toContain(p.aliyun.accessKeySecret);
    const stored = await t.app.ctx.db.kysely
      .selectFrom('site_sms_settings')
      .select('secret_sealed')
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(p.aliyun.accessKeySecret);
    const notAdmin = await callEndpoint(t.app, identity.adminSmsSettings, {
      token: await register({ username: uniqueName(), password: 'password-1' }),
      query: { siteId: p.siteId },
    });
    expect(notAdmin.status).toBe(403);
    expect((await callEndpoint(t.app, identity.ways, {})).body.data.phone).toBe(true);

    for (const bad of ['12345', '+0123456789', 'abc', '1390000000']) {
      const res = await sendCode(bad, fromIp());
      expect(res.status, bad).toBe(400);
      expect(fieldsOf(res)).toEqual(['phone']);
    }
    const badEndpoint = await useAliyun({ endpoint: 'ftp://x' });
    expect(fieldsOf(badEndpoint)).toEqual(['endpoint']);
  });
});

describe('phone codes', () => {
  it('sign up by a code, then sign in by a new one; wrong and reused codes fail', async () => {
    await useAliyun();
    const { local, e164 } = newNumber();
    const headers = fromIp();
    const asked = await sendCode(local, headers);
    expect(asked.status, asked.body.message).toBe(200);
    expect(asked.body.data.expiresInSeconds).toBe(300);
    expect(JSON.stringify(asked.body)).not.toMatch(/\b\d{6}\b/);
    const sent = p.aliyun.sent.at(-1)!;
    expect(sent).toMatchObject({ phone: local, signName: '阿特里耶', templateId: 'SMS_123456789' });
    const code = sent.code;
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.app.ctx.db.kysely
      .selectFrom('phone_codes')
      .select('code_hash')
      .where('phone', '=', e164)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const wrong = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: e164, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['code']);
    expect(wrong.body.message).toBe('The code is wrong or has expired');

    const made = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: `+86 ${local.slice(0, 3)}-${local.slice(3)}`, code },
    });
    expect(made.status, made.body.message).toBe(200);
    expect(made.body.data.created).toBe(true);
    const me = await info(bearer(made.body.data.token));
    expect(me.body.data.userInfo.isGuest).toBe(false);
    expect(me.body.data.userInfo.username).toMatch(new RegExp(`^phone${local.slice(-4)}_`));

    const reused = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: e164, code },
    });
    expect(reused.status).toBe(400);

    const ways = await callEndpoint(t.app, identity.listWays, { token: made.body.data.token });
    expect(ways.body.data.rows).toEqual([
      { kind: 'phone', label: e164, verified: true, unlinkable: false },
    ]);

    // A second code for the same number waits a minute.
    const soon = await sendCode(e164, headers);
    expect(soon.status).toBe(429);
    await t.app.ctx.db.kysely
      .updateTable('phone_codes')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('phone', '=', e164)
      .execute();
    expect((await sendCode(e164, headers)).status).toBe(200);
    const signedIn = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: e164, code: p.aliyun.codeFor(local) },
    });
    expect(signedIn.body.data.created).toBe(false);
    const me2 = await info(bearer(signedIn.body.data.token));
    expect(me2.body.data.userInfo.id).toBe(me.body.data.userInfo.id);
  });

  it('kills a code after too many wrong answers and refuses an expired one', async () => {
    await useAliyun();
    const { local, e164 } = newNumber();
    const headers = fromIp();
    expect((await sendCode(e164, headers)).status).toBe(200);
    const code = p.aliyun.codeFor(local);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_TRIES; i++)
      await callEndpoint(t.app, identity.phoneLogin, {
        headers,
        body: { phone: e164, code: wrongCode },
      });
    const dead = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: e164, code },
    });
    expect(dead.status).toBe(400);

    await t.app.ctx.db.kysely
      .updateTable('phone_codes')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('phone', '=', e164)
      .execute();
    expect((await sendCode(e164, headers)).status).toBe(200);
    const fresh = p.aliyun.codeFor(local);
    await t.app.ctx.db.kysely
      .updateTable('phone_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', e164)
      .execute();
    const expired = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: e164, code: fresh },
    });
    expect(expired.status).toBe(400);
    expect(fieldsOf(expired)).toEqual(['code']);
  });

  it('limits codes per number and per IP per hour', async () => {
    await useAliyun();
    const { e164 } = newNumber();
    const rows = Array.from({ length: PER_NUMBER_PER_HOUR }, (_, i) => ({
      phone: e164,
      purpose: i % 2 ? 'link' : 'sign-in',
      code_hash: 'x',
      ip: '10.8.1.1',
      created_at: new Date(Date.now() - (i + 2) * 120_000).toISOString(),
      expires_at: new Date(Date.now() - 1000).toISOString(),
    }));
    await t.app.ctx.db.kysely.insertInto('phone_codes').values(rows).execute();
    const byNumber = await sendCode(e164, fromIp());
    expect(byNumber.status).toBe(429);
    expect(byNumber.body.message).toMatch(
      /^Too many codes were asked for; please try again in \d+ s$/,
    );

    const headers = fromIp();
    const ip = headers['x-forwarded-for'];
    await t.app.ctx.db.kysely
      .insertInto('phone_codes')
      .values(
        Array.from({ length: PER_IP_PER_HOUR }, (_, i) => ({
          phone: `+8613700000${String(i).padStart(3, '0')}`,
          purpose: 'sign-in',
          code_hash: 'x',
          ip,
          created_at: new Date(Date.now() - 60_000).toISOString(),
          expires_at: new Date(Date.now() - 1000).toISOString(),
        })),
      )
      .execute();
    const before = p.aliyun.sent.length;
    const byIp = await sendCode(newNumber().e164, headers);
    expect(byIp.status).toBe(429);
    expect(p.aliyun.sent.length).toBe(before);
  });

  it('answers the Aliyun fake refusals: bad signature, illegal number, provider limit', async () => {
    expectServerErrors(503, /could not be sent/);
    await useAliyun({ accessKeySecret: 'not-the-secret' });
    const bad = await sendCode(newNumber().e164, fromIp());
    expect(bad.status).toBe(503);
    expect(bad.body.message).toBe('The text message could not be sent; please try again later');
    expect(t.logs.lines().join('\n')).toContain('SignatureDoesNotMatch');
    expect(t.logs.lines().join('\n')).not.toContain('not-the-secret');

    await useAliyun();
    const limited = newNumber();
    p.aliyun.limited.add(limited.local);
    const limit = await sendCode(limited.e164, fromIp());
    expect(limit.status).toBe(429);
    expect(limit.body.message).toMatch(/SMS provider refuses more messages/);
    // A code that did not leave is dead.
    const live = await t.app.ctx.db.kysely
      .selectFrom('phone_codes')
      .select('id')
      .where('phone', '=', limited.e164)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    const illegal = await sendCode('+999123456789', fromIp());
    expect(illegal.status, illegal.body.message).toBe(400);
    expect(fieldsOf(illegal)).toEqual(['phone']);
  });

  it('texts by Tencent Cloud with TC3 signing; a bad key is refused by the fake', async () => {
    expectServerErrors(503, /could not be sent/);
    const tencentSettings = {
      siteId: p.siteId,
      enabled: true,
      provider: 'tencent' as const,
      accessKeyId: p.tencent.secretId,
      accessKeySecret: p.tencent.secretKey,
      signName: 'Atelier',
      templateId: '1234567',
      appId: '1400000001',
      region: 'ap-guangzhou',
      endpoint: p.tencent.url,
    };
    const saved = await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: p.admin,
      body: tencentSettings,
    });
    expect(saved.status, saved.body.message).toBe(200);
    const { e164 } = newNumber();
    const headers = fromIp();
    const asked = await sendCode(e164, headers);
    expect(asked.status, asked.body.message).toBe(200);
    expect(p.tencent.sent.at(-1)).toMatchObject({
      phone: e164,
      appId: '1400000001',
      signName: 'Atelier',
      templateId: '1234567',
      region: 'ap-guangzhou',
    });
    const made = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: e164, code: p.tencent.codeFor(e164) },
    });
    expect(made.status, made.body.message).toBe(200);

    const limited = newNumber();
    p.tencent.limited.add(limited.e164);
    expect((await sendCode(limited.e164, fromIp())).status).toBe(429);
    expect(t.logs.lines().join('\n')).toContain('LimitExceeded.PhoneNumberDailyLimit');

    await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: p.admin,
      body: { siteId: p.siteId, accessKeySecret: 'wrong-tencent-key' },
    });
    const bad = await sendCode(newNumber().e164, fromIp());
    expect(bad.status).toBe(503);
    expect(t.logs.lines().join('\n')).toContain('AuthFailure.SignatureFailure');
    await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: p.admin,
      body: { siteId: p.siteId, accessKeyId: 'AKID-unknown', accessKeySecret: p.tencent.secretKey },
    });
    expect((await sendCode(newNumber().e164, fromIp())).status).toBe(503);
    expect(t.logs.lines().join('\n')).toContain('AuthFailure.SecretIdNotFound');
  });
});
