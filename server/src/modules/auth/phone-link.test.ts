import { describe, expect, it } from 'vitest';
import { identity } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { bearer } from '../../test/harness.js';
import { en, info, register, t, uniqueName } from './auth.setup.js';
import { fromIp, newNumber, p, sendCode, useAliyun, usePhoneApp } from './phone.setup.js';

usePhoneApp(1);

describe('linking a number', () => {
  it('links with a code bound to the account; a number linked elsewhere is refused', async () => {
    await useAliyun();
    const owner = newNumber();
    const headers = fromIp();
    await sendCode(owner.e164, headers);
    const first = await callEndpoint(t.app, identity.phoneLogin, {
      headers,
      body: { phone: owner.e164, code: p.aliyun.codeFor(owner.local) },
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
    const code = p.aliyun.codeFor(mine.local);
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
      body: { phone: mine.e164, code: p.aliyun.codeFor(mine.local) },
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
