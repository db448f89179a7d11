import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity } from '@atelier/contracts';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../../test/fakes/aliyun-sms.js';
import { startFakeTencentSms, type FakeTencentSms } from '../../../test/fakes/tencent-sms.js';
import { callEndpoint, fieldsOf } from '../../test/call-endpoint.js';
import { bearer, expectServerErrors } from '../../test/harness.js';
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
import { CODE_TRIES, PER_IP_PER_HOUR, PER_NUMBER_PER_HOUR } from './phone-ways.js';

// Each test asks from addresses of its own (X-Forwarded-For) so per-IP limits stay apart.
useAuthApp({ trustProxy: true });

let aliyun: FakeAliyunSms;
let tencent: FakeTencentSms;
let admin: string;
let siteId: number;
let ipSeq = 10;
const fromIp = () => ({ ...en, 'x-forwarded-for': `10.8.0.${ipSeq++}` });
let numberSeq = 0;
/** A fresh mainland number per test, its 11 digits and its E.164 form. */
const newNumber = () => {
  const local = `139${String(Date.now() % 1e6).padStart(6, '0')}${String(numberSeq++ % 100).padStart(2, '0')}`;
  return { local, e164: `+86${local}` };
};
const secrets = () => [aliyun.accessKeySecret, tencent.secretKey];

const useAliyun = (extra: Partial<identity.SmsSettingsInput> = {}) =>
  callEndpoint(t.app, identity.adminUpdateSmsSettings, {
    token: admin,
    headers: en,
    body: {
      siteId,
      enabled: true,
      provider: 'aliyun',
      accessKeyId: aliyun.accessKeyId,
      accessKeySecret: aliyun.accessKeySecret,
      signName: '阿特里耶',
      templateId: 'SMS_123456789',
      endpoint: aliyun.url,
      ...extra,
    },
  });

const sendCode = (phone: string, headers: Record<string, string>) =>
  callEndpoint(t.app, identity.sendPhoneCode, { headers, body: { phone } });

beforeAll(async () => {
  aliyun = await startFakeAliyunSms();
  tencent = await startFakeTencentSms();
  admin = await login('root_admin', adminPassword);
  const site = await t.app.ctx.db.kysely
    .selectFrom('sites')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  siteId = site.id;
});
afterAll(async () => {
  // Neither a code nor a secret ever reached a log line.
  const logs = t.app && t.logs.lines().join('\n');
  for (const s of secrets()) expect(logs).not.toContain(s);
  for (const s of [...aliyun.sent, ...tencent.sent]) expect(logs).not.toContain(s.code);
  await aliyun.close();
  await tencent.close();
});

describe('site SMS settings', () => {
  it('are off until complete, keep the secret write-only, and validate the number', async () => {
    const off = await callEndpoint(t.app, identity.ways, { headers: en });
    expect(off.body.data.phone).toBe(false);
    const refused = await sendCode('13900000000', fromIp());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This site does not send text messages; sign in another way');

    const incomplete = await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: admin,
      headers: en,
      body: { siteId, enabled: true, provider: 'tencent', accessKeyId: 'x' },
    });
    expect(incomplete.status).toBe(400);
    expect(fieldsOf(incomplete)).toEqual(['accessKeySecret']);

    const saved = await useAliyun();
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ enabled: true, accessKeySecret: 'set' });
    expect(JSON.stringify(saved.body)).not.toContain(aliyun.accessKeySecret);
    const read = await callEndpoint(t.app, identity.adminSmsSettings, {
      token: admin,
      query: { siteId },
    });
    expect(read.body.data.accessKeySecret).toBe('set');
    expect(JSON.stringify(read.body)).not.toContain(aliyun.accessKeySecret);
    const stored = await t.app.ctx.db.kysely
      .selectFrom('site_sms_settings')
      .select('secret_sealed')
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(aliyun.accessKeySecret);
    const notAdmin = await callEndpoint(t.app, identity.adminSmsSettings, {
      token: await register({ username: uniqueName(), password: 'password-1' }),
      query: { siteId },
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
    const sent = aliyun.sent.at(-1)!;
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
      body: { phone: e164, code: aliyun.codeFor(local) },
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
    const code = aliyun.codeFor(local);
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
    const fresh = aliyun.codeFor(local);
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
    const before = aliyun.sent.length;
    const byIp = await sendCode(newNumber().e164, headers);
    expect(byIp.status).toBe(429);
    expect(aliyun.sent.length).toBe(before);
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
    aliyun.limited.add(limited.local);
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
      siteId,
      enabled: true,
      provider: 'tencent' as const,
      accessKeyId: tencent.secretId,
      accessKeySecret: tencent.secretKey,
      signName: 'Atelier',
      templateId: '1234567',
      appId: '1400000001',
      region: 'ap-guangzhou',
      endpoint: tencent.url,
    };
    const saved = await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: admin,
      body: tencentSettings,
    });
    expect(saved.status, saved.body.message).toBe(200);
    const { e164 } = newNumber();
    const headers = fromIp();
    const asked = await sendCode(e164, headers);
    expect(asked.status, asked.body.message).toBe(200);
    expect(tencent.sent.at(-1)).toMatchObject({
      phone: e164,
      appId: '1400000001',
      signName: 'Atelier',
      templateId: '1234567',
      region: 'ap-guangzhou',
    });
    const made = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: e164, code: tencent.codeFor(e164) },
    });
    expect(made.status, made.body.message).toBe(200);

    const limited = newNumber();
    tencent.limited.add(limited.e164);
    expect((await sendCode(limited.e164, fromIp())).status).toBe(429);
    expect(t.logs.lines().join('\n')).toContain('LimitExceeded.PhoneNumberDailyLimit');

    await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: admin,
      body: { siteId, accessKeySecret: 'wrong-tencent-key' },
    });
    const bad = await sendCode(newNumber().e164, fromIp());
    expect(bad.status).toBe(503);
    expect(t.logs.lines().join('\n')).toContain('AuthFailure.SignatureFailure');
    await callEndpoint(t.app, identity.adminUpdateSmsSettings, {
      token: admin,
      body: { siteId, accessKeyId: 'AKID-unknown', accessKeySecret: tencent.secretKey },
    });
    expect((await sendCode(newNumber().e164, fromIp())).status).toBe(503);
    expect(t.logs.lines().join('\n')).toContain('AuthFailure.SecretIdNotFound');
  });
});

describe('linking a number', () => {
  it('links with a code bound to the account; a number linked elsewhere is refused', async () => {
    await useAliyun();
    const owner = newNumber();
    const headers = fromIp();
    await sendCode(owner.e164, headers);
    const first = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: owner.e164, code: aliyun.codeFor(owner.local) },
    });
    expect(first.status).toBe(200);

    const token = await register({ username: uniqueName('linker'), password: 'password-1' });
    const taken = await callEndpoint(t.app, identity.sendPhoneLinkCode, {
      token,
      headers: fromIp(),
      body: { phone: owner.e164 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      'This phone number is linked to another account; sign in with it, or remove it there first',
    );
    const zh = await callEndpoint(t.app, identity.sendPhoneLinkCode, {
      token,
      headers: { 'x-lang': 'zh-CN', 'x-forwarded-for': '10.8.2.1' },
      body: { phone: owner.e164 },
    });
    expect(zh.body.message).toBe('该手机号已绑定其他账号，请用它登录，或先在那个账号中解绑');

    const mine = newNumber();
    const linkHeaders = fromIp();
    const asked = await callEndpoint(t.app, identity.sendPhoneLinkCode, {
      token,
      headers: linkHeaders,
      body: { phone: mine.local },
    });
    expect(asked.status, asked.body.message).toBe(200);
    const code = aliyun.codeFor(mine.local);
    // The code is bound to the account that asked: it neither signs in nor links another.
    const other = await register({ username: uniqueName('other'), password: 'password-1' });
    const stolen = await callEndpoint(t.app, identity.linkPhone, {
      token: other,
      body: { phone: mine.e164, code },
    });
    expect(stolen.status).toBe(400);
    const linked = await callEndpoint(t.app, identity.linkPhone, {
      token,
      headers: en,
      body: { phone: mine.e164, code },
    });
    expect(linked.status, linked.body.message).toBe(200);
    expect(linked.body.message).toBe('Phone number linked');

    const ways = await callEndpoint(t.app, identity.listWays, { token });
    expect(ways.body.data.rows.map((r) => r.kind)).toEqual(['password', 'phone']);
    expect(ways.body.data.rows.every((r) => r.unlinkable)).toBe(true);

    // Signing in by the number reaches the same account.
    await sendCode(mine.e164, linkHeaders);
    const byPhone = await callEndpoint(t.app, identity.phoneLogin, {
      headers: linkHeaders,
      body: { phone: mine.e164, code: aliyun.codeFor(mine.local) },
    });
    expect(byPhone.body.data.created).toBe(false);
    const a = await info(bearer(token));
    const b = await info(bearer(byPhone.body.data.token));
    expect(b.body.data.userInfo.id).toBe(a.body.data.userInfo.id);

    // The password may go (the phone stays); then the phone is the last way and stays.
    const noPassword = await callEndpoint(t.app, identity.unlinkWay, {
      token,
      body: { kind: 'password' },
    });
    expect(noPassword.status, noPassword.body.message).toBe(200);
    const last = await callEndpoint(t.app, identity.unlinkWay, { token, body: { kind: 'phone' } });
    expect(last.status).toBe(400);
    await callEndpoint(t.app, identity.setPassword, { token, body: { password: 'password-2' } });
    const gone = await callEndpoint(t.app, identity.unlinkWay, { token, body: { kind: 'phone' } });
    expect(gone.status, gone.body.message).toBe(200);
    const after = await callEndpoint(t.app, identity.listWays, { token });
    expect(after.body.data.rows.map((r) => r.kind)).toEqual(['password']);
  });
});
