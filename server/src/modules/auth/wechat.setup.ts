import { afterAll, beforeAll, expect } from 'vitest';
import { auth, wechat } from '@atelier/contracts';
import { startFakeWechat, type FakeWechat } from '../../../test/fakes/wechat.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { adminPassword, CHROME_MAC } from './auth.setup.js';

/** What the WeChat tests share: the app (listening, so the fake can push to it), the fake. */
export const w = {} as {
  t: TestApp;
  fake: FakeWechat;
  admin: string;
  siteId: number;
  /** The callback URL the fake pushes to. */
  callback: string;
  /** The server-address Token entered at WeChat and in the console. */
  token: string;
  /** Every openid a test scanned with (none may reach a log). */
  openids: string[];
};

let seq = 0;
/** A fresh openid (28 characters, as WeChat's). */
export const newOpenid = () => {
  const id = `oFake${Date.now().toString(36)}${String(seq++).padStart(4, '0')}`.padEnd(28, 'x');
  w.openids.push(id);
  return id;
};
let ip = 1;
/** A caller of its own, so per-IP limits stay apart. */
export const newIp = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

export const configure = (input: Partial<wechat.SettingsInput> = {}) =>
  callEndpoint(w.t.app, wechat.adminUpdateSettings, {
    token: w.admin,
    body: {
      siteId: w.siteId,
      enabled: true,
      appId: w.fake.appId,
      appSecret: w.fake.secret,
      token: w.token,
      ...input,
    },
  });

export const scan = (
  openid: string,
  extra: { scene?: string; event?: 'SCAN' | 'subscribe' } = {},
) => w.fake.scan({ url: w.callback, token: w.token, openid, ...extra });

export function useWechatApp(): void {
  beforeAll(async () => {
    w.openids = [];
    w.token = 'AtelierToken2026';
    w.fake = await startFakeWechat();
    w.t = await createTestApp({
      config: {
        adminUsername: 'root_admin',
        adminPassword,
        rateLimit: { auth: 1000, global: 10000 },
        // The section replaces the harness's: its per-IP limits stay off as there.
        signup: {
          giftsPerIp: 0,
          guestTrialsPerIp: 0,
          wechatApiBase: w.fake.url,
          wechatQrBase: w.fake.url,
        },
      },
    });
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = w.t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    w.callback = `http://127.0.0.1:${port}/api/auth/wechat/callback`;
    const res = await callEndpoint(w.t.app, auth.login, {
      headers: { 'user-agent': CHROME_MAC },
      body: { username: 'root_admin', password: adminPassword },
    });
    w.admin = res.body.data.token;
    const site = await w.t.app.ctx.db.kysely
      .selectFrom('sites')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    w.siteId = site.id;
  });
  afterAll(async () => {
    // Never a secret, the server token, an access token or an openid in a log line.
    const logs = w.t.logs.lines().join('\n');
    for (const s of [w.fake.secret, w.token, ...w.openids]) expect(logs).not.toContain(s);
    for (const q of w.fake.qrCodes) expect(logs).not.toContain(q.ticket.slice(2, 30));
    for (const r of w.fake.requests) {
      const token = r.query.get('access_token');
      if (token) expect(logs).not.toContain(token);
    }
    await w.t.close();
    await w.fake.close();
  });
}
