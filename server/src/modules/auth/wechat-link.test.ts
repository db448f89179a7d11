import { describe, expect, it } from 'vitest';
import { auth, identity, wechat } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { configure, newIp, newOpenid, scan, useWechatApp, w } from './wechat.setup.js';

useWechatApp();

let seq = 0;
const signUp = async () => {
  const res = await callEndpoint(w.t.app, auth.register, {
    body: { username: `linker_${Date.now().toString(36)}${seq++}`, password: 'password-123' },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data.token;
};
const linkQr = (token: string) =>
  callEndpoint(w.t.app, wechat.startLink, { token, remoteAddress: newIp() });
const poll = (key: string) => callEndpoint(w.t.app, wechat.poll, { body: { key } });
const ways = (token: string) => callEndpoint(w.t.app, identity.listWays, { token });

/** Signs in by a scan of `openid` (a new account the first time); answers its token. */
async function scanIn(openid: string): Promise<string> {
  const qr = await callEndpoint(w.t.app, wechat.startSignIn, { remoteAddress: newIp() });
  await scan(openid);
  const done = await poll(qr.body.data.key);
  if (done.body.data.status !== 'signed-in') throw new Error(JSON.stringify(done.body));
  return done.body.data.token;
}

describe('linking WeChat', () => {
  it('links the scanner to the signed-in account; one linked elsewhere is refused', async () => {
    await configure();
    const token = await signUp();
    const qr = await linkQr(token);
    expect(qr.status, qr.body.message).toBe(200);
    const openid = newOpenid();
    const pushed = await scan(openid);
    expect(pushed.body).toContain('微信已绑定');
    expect((await poll(qr.body.data.key)).body).toMatchObject({
      data: { status: 'linked' },
      message: 'WeChat linked',
    });
    const list = await ways(token);
    expect(list.body.data.rows).toContainEqual(
      expect.objectContaining({ kind: 'wechat', label: w.fake.appId, unlinkable: true }),
    );
    expect(list.body.data.offered.wechat).toBe(true);

    // A scan of the linked WeChat signs in to that account.
    const signedIn = await scanIn(openid);
    const me = await callEndpoint(w.t.app, auth.currentUser, { token: signedIn });
    const mine = await callEndpoint(w.t.app, auth.currentUser, { token });
    expect(me.body.data.userInfo.id).toBe(mine.body.data.userInfo.id);

    // Another account cannot take it: the scanner reads why, the page hears `taken`.
    const other = await signUp();
    const otherQr = await linkQr(other);
    const refused = await scan(openid);
    expect(refused.body).toContain('该微信已绑定');
    expect((await poll(otherQr.body.data.key)).body.data).toEqual({ status: 'taken' });
    const otherWays = await ways(other);
    expect(otherWays.body.data.rows.some((r) => r.kind === 'wechat')).toBe(false);
  });

  it('never removes the last way; removes WeChat when another way stays', async () => {
    await configure();
    const onlyWechat = await scanIn(newOpenid());
    const list = await ways(onlyWechat);
    const row = list.body.data.rows.find((r) => r.kind === 'wechat');
    expect(row).toMatchObject({ unlinkable: false });
    const refused = await callEndpoint(w.t.app, identity.unlinkWay, {
      token: onlyWechat,
      body: { kind: 'wechat', id: row!.id! },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'This is the only way left to sign in to this account; link another way first',
    );

    const token = await signUp();
    const qr = await linkQr(token);
    await scan(newOpenid());
    await poll(qr.body.data.key);
    const linked = (await ways(token)).body.data.rows.find((r) => r.kind === 'wechat');
    const removed = await callEndpoint(w.t.app, identity.unlinkWay, {
      token,
      body: { kind: 'wechat', id: linked!.id! },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect((await ways(token)).body.data.rows.some((r) => r.kind === 'wechat')).toBe(false);
    // Its password is now the last way.
    const password = (await ways(token)).body.data.rows.find((r) => r.kind === 'password');
    expect(password).toMatchObject({ unlinkable: false });
  });

  it('needs a signed-in account to link', async () => {
    await configure();
    const anonymous = await callEndpoint(w.t.app, wechat.startLink, {});
    expect(anonymous.status).toBe(401);
  });
});
