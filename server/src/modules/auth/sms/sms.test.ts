import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../../../test/fakes/aliyun-sms.js';
import { startFakeTencentSms, type FakeTencentSms } from '../../../../test/fakes/tencent-sms.js';
import { aliyunSignature, aliyunSms, percentEncode } from './aliyun.js';
import { tencentSms } from './tencent.js';

let aliyun: FakeAliyunSms;
let tencent: FakeTencentSms;
beforeAll(async () => {
  aliyun = await startFakeAliyunSms();
  tencent = await startFakeTencentSms();
});
afterAll(async () => {
  await aliyun.close();
  await tencent.close();
});

describe('Aliyun RPC signature', () => {
  it('gives the documented example signature', () => {
    // The worked example of Aliyun's RPC signature documentation (ECS DescribeRegions, secret
    // "testsecret"): StringToSign GET&%2F&AccessKeyId%3Dtestid%26… → OLeaidS1JvxuMvnyHOwuJ+uX5qY=.
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes per RFC 3986', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('{"code":"1"}')).toBe('%7B%22code%22%3A%221%22%7D');
    expect(percentEncode('阿')).toBe('%E9%98%BF');
  });

  it('is accepted by the fake, and a wrong secret is SignatureDoesNotMatch', async () => {
    const settings = {
      accessKeyId: aliyun.accessKeyId,
      accessKeySecret: aliyun.accessKeySecret,
      signName: '签名 (测试)',
      templateId: 'SMS_1',
      appId: '',
      region: '',
      endpoint: aliyun.url,
    };
    expect(await aliyunSms.send(settings, '+8613912345678', '123456')).toMatchObject({ ok: true });
    expect(aliyun.sent.at(-1)).toMatchObject({ phone: '13912345678', code: '123456' });
    expect(await aliyunSms.send(settings, '+85291234567', '654321')).toMatchObject({ ok: true });
    expect(aliyun.sent.at(-1)?.phone).toBe('85291234567');
    const bad = await aliyunSms.send({ ...settings, accessKeySecret: 'x' }, '+8613912345678', '1');
    expect(bad).toMatchObject({
      ok: false,
      kind: 'signature',
      providerCode: 'SignatureDoesNotMatch',
    });
    const gone = await aliyunSms.send(
      { ...settings, endpoint: 'http://127.0.0.1:9' },
      '+8613912345678',
      '1',
    );
    expect(gone).toMatchObject({ ok: false, kind: 'unreachable' });
  });
});

describe('Tencent Cloud TC3 signature', () => {
  it('sends the documented headers and is accepted by the fake', async () => {
    const settings = {
      accessKeyId: tencent.secretId,
      accessKeySecret: tencent.secretKey,
      signName: 'Atelier',
      templateId: '1234567',
      appId: '1400000001',
      region: '',
      endpoint: tencent.url,
    };
    expect(await tencentSms.send(settings, '+8613912345678', '123456')).toMatchObject({ ok: true });
    const req = tencent.requests.at(-1)!;
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(req.headers['x-tc-version']).toBe('2021-01-11');
    expect(req.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(req.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKID-fake-id\/\d{4}-\d\d-\d\d\/sms\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(req.body)).toEqual({
      PhoneNumberSet: ['+8613912345678'],
      SmsSdkAppId: '1400000001',
      SignName: 'Atelier',
      TemplateId: '1234567',
      TemplateParamSet: ['123456'],
    });
    const bad = await tencentSms.send({ ...settings, accessKeySecret: 'x' }, '+8613912345678', '1');
    expect(bad).toMatchObject({ kind: 'signature', providerCode: 'AuthFailure.SignatureFailure' });
    // A clock more than five minutes off is refused as the real service does.
    const late = await tencentSms.send(
      settings,
      '+8613912345678',
      '1',
      new Date(Date.now() - 600_000),
    );
    expect(late).toMatchObject({ kind: 'signature', providerCode: 'AuthFailure.SignatureExpire' });
  });
});
