import { createHash, createHmac, randomUUID } from 'node:crypto';
import { json, startFakeServer, type FakeResponse, type FakeServer } from './http.js';

/**
 * Tencent Cloud SMS, SendSms, Version 2021-01-11:
 * https://cloud.tencent.com/document/api/382/55981
 * Signature TC3-HMAC-SHA256, checked here on its own from "签名方法 v3"
 * (https://cloud.tencent.com/document/api/382/52072), not with the adapter's code: canonical
 * request (POST, /, empty query, the signed headers lower-cased, hex SHA-256 of the body), the
 * string to sign, and the key derived TC3+SecretKey → date → "sms" → "tc3_request". Errors
 * answer the documented shape `{"Response":{"Error":{"Code","Message"},"RequestId"}}`
 * (`AuthFailure.SignatureFailure`, `AuthFailure.SecretIdNotFound`, `AuthFailure.SignatureExpire`),
 * and per number a `SendStatusSet` entry (`LimitExceeded.PhoneNumberDailyLimit`,
 * `InvalidParameterValue.IncorrectPhoneNumber`).
 */
export interface SentTencentSms {
  phone: string;
  appId: string;
  signName: string;
  templateId: string;
  code: string;
  region: string;
}

export interface FakeTencentSms extends FakeServer {
  secretId: string;
  secretKey: string;
  sent: SentTencentSms[];
  /** E.164 numbers answered with `LimitExceeded.PhoneNumberDailyLimit`. */
  limited: Set<string>;
  codeFor(phone: string): string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function startFakeTencentSms(
  keys = { secretId: 'AKID-fake-id', secretKey: 'fake-tencent-key' },
): Promise<FakeTencentSms> {
  const sent: SentTencentSms[] = [];
  const limited = new Set<string>();
  const error = (Code: string, Message: string): FakeResponse =>
    json(200, { Response: { Error: { Code, Message }, RequestId: randomUUID() } });

  const server = await startFakeServer((req) => {
    const h = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
    };
    if (h('x-tc-action') !== 'SendSms' || h('x-tc-version') !== '2021-01-11')
      return error('InvalidAction', 'The action is not found.');
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/sms\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
        h('authorization'),
      );
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization is invalid.');
    const [, secretId, date, signedHeaders, signature] = auth as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    if (secretId !== keys.secretId)
      return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(h('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date)
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated.',
      );
    const names = signedHeaders.split(';');
    const canonicalHeaders = names.map((n) => `${n}:${h(n).trim().toLowerCase()}\n`).join('');
    const canonicalRequest = [
      req.method,
      '/',
      '',
      canonicalHeaders,
      signedHeaders,
      sha256(req.body),
    ].join('\n');
    const stringToSign = [
      'TC3-HMAC-SHA256',
      String(timestamp),
      `${date}/sms/tc3_request`,
      sha256(canonicalRequest),
    ].join('\n');
    let key: Buffer = createHmac('sha256', `TC3${keys.secretKey}`).update(date).digest();
    for (const part of ['sms', 'tc3_request'])
      key = createHmac('sha256', key).update(part).digest();
    const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
    if (!names.includes('content-type') || !names.includes('host') || signature !== expected)
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    const body = JSON.parse(req.body) as {
      PhoneNumberSet?: string[];
      SmsSdkAppId?: string;
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
    };
    const SendStatusSet = (body.PhoneNumberSet ?? []).map((phone) => {
      const status = (Code: string, Message: string) => ({
        SerialNo: randomUUID(),
        PhoneNumber: phone,
        Fee: Code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code,
        Message,
        IsoCode: phone.startsWith('+86') ? 'CN' : 'XX',
      });
      if (!/^\+[1-9]\d{7,14}$/.test(phone))
        return status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number');
      if (limited.has(phone))
        return status(
          'LimitExceeded.PhoneNumberDailyLimit',
          'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
        );
      sent.push({
        phone,
        appId: body.SmsSdkAppId ?? '',
        signName: body.SignName ?? '',
        templateId: body.TemplateId ?? '',
        code: body.TemplateParamSet?.[0] ?? '',
        region: h('x-tc-region'),
      });
      return status('Ok', 'send success');
    });
    return json(200, { Response: { SendStatusSet, RequestId: randomUUID() } });
  });
  return {
    ...server,
    ...keys,
    sent,
    limited,
    codeFor: (phone) => sent.filter((s) => s.phone === phone).at(-1)?.code ?? '',
  };
}
