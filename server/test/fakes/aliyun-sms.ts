import { createHmac, randomUUID } from 'node:crypto';
import { json, startFakeServer, type FakeResponse, type FakeServer } from './http.js';

/**
 * Aliyun SMS, dysmsapi 2017-05-25 SendSms, RPC style:
 * https://help.aliyun.com/zh/sms/developer-reference/api-dysmsapi-2017-05-25-sendsms
 * Signature (HMAC-SHA1, SignatureVersion 1.0), checked here on its own from the documentation
 * (https://help.aliyun.com/zh/sdk/product-overview/rpc-mechanism), not with the adapter's code:
 * sorted parameters but Signature, RFC 3986 encoded (`~` kept, space %20), StringToSign =
 * METHOD&%2F&encode(query), Base64(HMAC-SHA1(secret + "&")). Errors answer the documented
 * shapes: `{"Code":"SignatureDoesNotMatch","Message":…,"RequestId":…,"Recommend":…}` (HTTP 400),
 * `InvalidAccessKeyId.NotFound` (404), and HTTP 200 bodies for `isv.MOBILE_NUMBER_ILLEGAL` and
 * `isv.BUSINESS_LIMIT_CONTROL`.
 */
export interface SentSms {
  phone: string;
  signName: string;
  templateId: string;
  code: string;
}

export interface FakeAliyunSms extends FakeServer {
  accessKeyId: string;
  accessKeySecret: string;
  sent: SentSms[];
  /** Numbers (as Aliyun takes them) answered with `isv.BUSINESS_LIMIT_CONTROL`. */
  limited: Set<string>;
  /** The newest code texted to a number (as Aliyun takes it: 11 digits for +86). */
  codeFor(phone: string): string;
}

const encode = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/**
 * A mainland number as its 11 digits, or a country code Aliyun texts to (a few, for the tests)
 * followed by the number; anything else is `isv.MOBILE_NUMBER_ILLEGAL`.
 */
const legal = (phone: string) =>
  /^1[3-9]\d{9}$/.test(phone) || /^(1|44|81|852|853|886|65)\d{6,12}$/.test(phone);

export async function startFakeAliyunSms(
  keys = { accessKeyId: 'LTAI-fake-id', accessKeySecret: 'fake-aliyun-secret' },
): Promise<FakeAliyunSms> {
  const sent: SentSms[] = [];
  const limited = new Set<string>();
  const nonces = new Set<string>();
  const error = (status: number, Code: string, Message: string): FakeResponse =>
    json(status, {
      Code,
      Message,
      RequestId: randomUUID(),
      Recommend: 'https://api.aliyun.com/troubleshoot',
    });

  const server = await startFakeServer((req) => {
    const params =
      req.method === 'POST' ? new URLSearchParams(req.body) : new URLSearchParams(req.query);
    const p = Object.fromEntries(params.entries());
    if (p.Action !== 'SendSms' || p.Version !== '2017-05-25')
      return error(404, 'InvalidAction.NotFound', 'Specified api is not found');
    if (p.AccessKeyId !== keys.accessKeyId)
      return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (p.SignatureMethod !== 'HMAC-SHA1' || p.SignatureVersion !== '1.0')
      return error(400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    const time = Date.parse(p.Timestamp ?? '');
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(p.Timestamp ?? '') ||
      Math.abs(Date.now() - time) > 15 * 60_000
    )
      return error(
        400,
        'InvalidTimeStamp.Expired',
        'Specified time stamp or date value is expired.',
      );
    if (!p.SignatureNonce || nonces.has(p.SignatureNonce))
      return error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    const query = Object.keys(p)
      .filter((k) => k !== 'Signature')
      .sort()
      .map((k) => `${encode(k)}=${encode(p[k]!)}`)
      .join('&');
    const expected = createHmac('sha1', `${keys.accessKeySecret}&`)
      .update(`${req.method}&${encode('/')}&${encode(query)}`)
      .digest('base64');
    if (p.Signature !== expected)
      return error(
        400,
        'SignatureDoesNotMatch',
        'Specified signature is not matched with our calculation.',
      );
    nonces.add(p.SignatureNonce);
    const phone = p.PhoneNumbers ?? '';
    if (!legal(phone))
      return json(200, {
        Code: 'isv.MOBILE_NUMBER_ILLEGAL',
        Message: '非法手机号',
        RequestId: randomUUID(),
      });
    if (limited.has(phone))
      return json(200, {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发小时级流控Permits:5',
        RequestId: randomUUID(),
      });
    const code = (JSON.parse(p.TemplateParam ?? '{}') as { code?: string }).code ?? '';
    sent.push({ phone, signName: p.SignName ?? '', templateId: p.TemplateCode ?? '', code });
    return json(200, {
      Code: 'OK',
      Message: 'OK',
      BizId: `${Date.now()}^0`,
      RequestId: randomUUID(),
    });
  });
  return {
    ...server,
    ...keys,
    sent,
    limited,
    codeFor: (phone) => sent.filter((s) => s.phone === phone).at(-1)?.code ?? '',
  };
}
