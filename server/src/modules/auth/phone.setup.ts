import { afterAll, beforeAll, expect } from 'vitest';
import { identity } from '@atelier/contracts';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../../test/fakes/aliyun-sms.js';
import { startFakeTencentSms, type FakeTencentSms } from '../../../test/fakes/tencent-sms.js';
import { callEndpoint } from '../../test/call-endpoint.js';
import { adminPassword, en, login, t, useAuthApp } from './auth.setup.js';

/** What the phone tests share: the app, both SMS fakes, the admin, the default site. */
export const p = {} as {
  aliyun: FakeAliyunSms;
  tencent: FakeTencentSms;
  admin: string;
  siteId: number;
};

let ipSeq = 10;
/** Each test asks from addresses of its own (X-Forwarded-For) so per-IP limits stay apart. */
export const fromIp = () => ({ ...en, 'x-forwarded-for': `10.8.${ipBlock}.${ipSeq++}` });
let ipBlock = 0;
let numberSeq = 0;
/** A fresh mainland number, its 11 digits and its E.164 form. */
export const newNumber = () => {
  const local = `139${String(Date.now() % 1e6).padStart(6, '0')}${String(numberSeq++ % 100).padStart(2, '0')}`;
  return { local, e164: `+86${local}` };
};

export const useAliyun = (extra: Partial<identity.SmsSettingsInput> = {}) =>
  callEndpoint(t.app, identity.adminUpdateSmsSettings, {
    token: p.admin,
    headers: en,
    body: {
      siteId: p.siteId,
      enabled: true,
      provider: 'aliyun',
      accessKeyId: p.aliyun.accessKeyId,
      accessKeySecret: p.aliyun.accessKeySecret,
      signName: '阿特里耶',
      templateId: 'SMS_123456789',
      endpoint: p.aliyun.url,
      ...extra,
    },
  });

export const sendCode = (phone: string, headers: Record<string, string>) =>
  callEndpoint(t.app, identity.sendPhoneCode, { headers, body: { phone } });

/** Starts the app and the fakes; after the file, checks no code or secret reached a log line. */
export function usePhoneApp(block: number): void {
  ipBlock = block;
  useAuthApp({ trustProxy: true });
  beforeAll(async () => {
    p.aliyun = await startFakeAliyunSms();
    p.tencent = await startFakeTencentSms();
    p.admin = await login('root_admin', adminPassword);
    const site = await t.app.ctx.db.kysely
      .selectFrom('sites')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    p.siteId = site.id;
  });
  afterAll(async () => {
    const logs = t.logs.lines().join('\n');
    for (const s of [p.aliyun.accessKeySecret, p.tencent.secretKey]) expect(logs).not.toContain(s);
    // A code standing alone (a timestamp may hold any six digits inside it).
    for (const s of [...p.aliyun.sent, ...p.tencent.sent])
      expect(logs).not.toMatch(new RegExp(`(?<![0-9])${s.code}(?![0-9])`));
    await p.aliyun.close();
    await p.tencent.close();
  });
}
