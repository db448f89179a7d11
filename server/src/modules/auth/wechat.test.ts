import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auth, identity, wechat } from '@atelier/contracts';
import { callEndpoint } from '../../test/call-endpoint.js';
import { expectServerErrors } from '../../test/harness.js';
import { sweepAccounts } from './sweeper.js';
import { configure, newIp, newOpenid, scan, useWechatApp, w } from './wechat.setup.js';

useWechatApp();

const start = (remoteAddress = newIp(), guestId?: string) =>
  callEndpoint(w.t.app, wechat.startSignIn, { remoteAddress, ...(guestId ? { guestId } : {}) });
const poll = (key: string, guestId?: string) =>
  callEndpoint(w.t.app, wechat.poll, { body: { key }, ...(guestId ? { guestId } : {}) });
const sceneOf = () => w.fake.qrCodes.at(-1)!.scene;

describe('WeChat settings', () => {
  it('keeps the secrets write-only, refuses an incomplete account and shows the callback', async () => {
    const off = await callEndpoint(w.t.app, identity.ways, {});
    expect(off.body.data.wechat).toBe(false);
    const incomplete = await callEndpoint(w.t.app, wechat.adminUpdateSettings, {
      token: w.admin,
      body: { siteId: w.siteId, enabled: true, appId: w.fake.appId, appSecret: w.fake.secret },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.data).toMatchObject({ errors: [{ field: 'token' }] });
    const bad = await configure({ appId: 'not-an-app-id' });
    expect(bad.status).toBe(400);
    const saved = await configure();
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ enabled: true, appSecret: 'set', token: 'set' });
    expect(saved.body.data.callbackUrl).toMatch(/\/api\/auth\/wechat\/callback$/);
    expect(JSON.stringify(saved.body)).not.toContain(w.fake.secret);
    const read = await callEndpoint(w.t.app, wechat.adminSettings, {
      token: w.admin,
      query: { siteId: w.siteId },
    });
    expect(JSON.stringify(read.body)).not.toContain(w.token);
    const on = await callEndpoint(w.t.app, identity.ways, {});
    expect(on.body.data.wechat).toBe(true);
  });

  it("answers WeChat's address check only when signed with the token", async () => {
    await configure();
    const right = await w.fake.verify({ url: w.callback, token: w.token }, 'echo-4711');
    expect(right).toEqual({ status: 200, body: 'echo-4711' });
    const wrong = await w.fake.verify({ url: w.callback, token: 'SomeOtherToken' }, 'echo-4711');
    expect(wrong.status).toBe(403);
    expect(wrong.body).not.toContain('echo-4711');
  });
});

describe('signing in by a scan', () => {
  it('signs up on the first scan, then signs in to the same account', async () => {
    await configure();
    const guestId = randomUUID();
    const guest = await callEndpoint(w.t.app, auth.createGuest, { body: { guest_id: guestId } });
    expect(guest.status).toBe(200);
    const qr = await start(newIp(), guestId);
    expect(qr.status, qr.body.message).toBe(200);
    expect(qr.body.data.image).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(qr.body.data.expiresInSeconds).toBe(300);
    expect(w.fake.qrCodes.at(-1)).toMatchObject({ expireSeconds: 300 });
    expect((await poll(qr.body.data.key)).body.data).toEqual({ status: 'waiting' });

    const openid = newOpenid();
    const pushed = await scan(openid, { event: 'subscribe' });
    expect(pushed.status).toBe(200);
    expect(pushed.body).toContain(`<ToUserName><![CDATA[${openid}]]></ToUserName>`);
    expect(pushed.body).toContain('<MsgType><![CDATA[text]]></MsgType>');
    expect(pushed.body).toContain('已登录');

    const first = await poll(qr.body.data.key, guestId);
    expect(first.body.data).toMatchObject({ status: 'signed-in', created: true });
    const token = first.body.data.status === 'signed-in' ? first.body.data.token : '';
    const me = await callEndpoint(w.t.app, auth.currentUser, { token });
    expect(me.status).toBe(200);
    expect(me.body.data.userInfo.username).toMatch(/^wechat_\d{4}$/);
    expect(me.body.data.userInfo.isGuest).toBe(false);
    // The guest's data moved to the new account, as for any sign-up.
    const merged = await w.t.app.ctx.db.kysely
      .selectFrom('users')
      .select('merged_into')
      .where('guest_id', '=', guestId)
      .executeTakeFirstOrThrow();
    expect(merged.merged_into).toBe(me.body.data.userInfo.id);
    // The outcome is collected once.
    expect((await poll(qr.body.data.key)).body.data).toEqual({ status: 'expired' });

    const again = await start();
    await scan(openid, { event: 'SCAN' });
    const second = await poll(again.body.data.key);
    expect(second.body.data).toMatchObject({ status: 'signed-in', created: false });
    const token2 = second.body.data.status === 'signed-in' ? second.body.data.token : '';
    const me2 = await callEndpoint(w.t.app, auth.currentUser, { token: token2 });
    expect(me2.body.data.userInfo.username).toBe(me.body.data.userInfo.username);
  });

  it('does nothing for a wrong signature', async () => {
    await configure();
    const qr = await start();
    const forged = await w.fake.scan({
      url: w.callback,
      token: 'NotTheToken',
      openid: newOpenid(),
    });
    expect(forged.status).toBe(403);
    expect((await poll(qr.body.data.key)).body.data).toEqual({ status: 'waiting' });
    const row = await w.t.app.ctx.db.kysely
      .selectFrom('wechat_scenes')
      .select(['openid', 'scanned_at'])
      .where('scene', '=', sceneOf())
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ openid: null, scanned_at: null });
  });

  it('refuses an expired scene and a scene scanned by someone else', async () => {
    await configure();
    const late = await start();
    const lateScene = sceneOf();
    await w.t.app.ctx.db.kysely
      .updateTable('wechat_scenes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('scene', '=', lateScene)
      .execute();
    const expired = await scan(newOpenid(), { scene: lateScene });
    expect(expired.body).toContain('已过期');
    expect((await poll(late.body.data.key)).body.data).toEqual({ status: 'expired' });

    const qr = await start();
    const scene = sceneOf();
    const owner = newOpenid();
    expect((await scan(owner, { scene })).body).toContain('已登录');
    // WeChat sending the same event again answers the same; another scanner is refused.
    expect((await scan(owner, { scene })).body).toContain('已登录');
    expect((await scan(newOpenid(), { scene })).body).toContain('已过期');
    const done = await poll(qr.body.data.key);
    expect(done.body.data).toMatchObject({ status: 'signed-in', created: true });
    const row = await w.t.app.ctx.db.kysely
      .selectFrom('wechat_scenes')
      .select('openid')
      .where('scene', '=', scene)
      .executeTakeFirstOrThrow();
    expect(row.openid).toBe(owner);
  });

  it('keeps the access token until it expires, and fetches it again when WeChat says so', async () => {
    await configure();
    const before = w.fake.tokensIssued();
    await start();
    await start();
    await start();
    expect(w.fake.tokensIssued() - before).toBeLessThanOrEqual(1);
    const cached = w.fake.tokensIssued();
    w.fake.expireTokens();
    const after = await start();
    expect(after.status).toBe(200);
    expect(w.fake.tokensIssued()).toBe(cached + 1);
  });

  it("answers 502 when WeChat refuses, naming only WeChat's errcode in the log", async () => {
    expectServerErrors(502);
    await configure({ appSecret: 'a-wrong-app-secret-value' });
    const refused = await start();
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(
      'WeChat could not make a QR code right now; please try again later',
    );
    expect(w.t.logs.lines().join('\n')).toContain('"errcode":40125');
    expect(w.t.logs.lines().join('\n')).not.toContain('a-wrong-app-secret-value');
    await configure();
    w.fake.quota = 0;
    expect((await start()).status).toBe(502);
    w.fake.quota = Infinity;
  });

  it('limits the QR codes one network asks for', async () => {
    await configure();
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await start(ip)).status).toBe(200);
    const over = await start(ip);
    expect(over.status).toBe(429);
    expect((await start()).status).toBe(200);
  });
});

describe('sweeping', () => {
  it('drops QR codes an hour old, with the openids they held', async () => {
    await configure();
    await start();
    const db = w.t.app.ctx.db.kysely;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('wechat_scenes')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    await sweepAccounts(db, new Date(Date.now() + 30 * 60_000));
    expect(await count()).toBeGreaterThan(0);
    await sweepAccounts(db, new Date(Date.now() + 2 * 3_600_000));
    expect(await count()).toBe(0);
  });
});
