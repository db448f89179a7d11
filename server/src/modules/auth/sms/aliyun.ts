import { createHmac, randomUUID } from 'node:crypto';
import { postJson, type SmsAdapter, type SmsFailureKind, type SmsResult } from './types.js';

/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25), action SendSms, signed with the classic RPC
 * signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0), as documented at
 * https://help.aliyun.com/zh/sdk/product-overview/rpc-mechanism ("RPC 机制", 签名机制) and
 * https://help.aliyun.com/zh/sms/developer-reference/api-dysmsapi-2017-05-25-sendsms:
 * 1. every request parameter but Signature, sorted by name (byte order), each name and value
 *    percent-encoded (RFC 3986: A–Z a–z 0–9 - _ . ~ kept, the rest %XX in upper case, a space
 *    as %20), joined `name=value` with `&` — the canonicalized query string;
 * 2. StringToSign = HTTPMethod + "&" + percentEncode("/") + "&" + percentEncode(canonicalized);
 * 3. Signature = Base64(HMAC-SHA1(key = AccessKeySecret + "&", StringToSign)).
 * The parameters go as an application/x-www-form-urlencoded POST body (the code stays out of
 * any URL). The template's variable must be named `code` (`${code}`).
 */
export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** RFC 3986 percent-encoding, as the RPC signature asks (encodeURIComponent keeps !'()*). */
export const percentEncode = (value: string): string =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export function canonicalize(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
}

export function aliyunSignature(
  method: string,
  params: Record<string, string>,
  secret: string,
): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalize(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Aliyun takes a mainland number as its 11 digits, any other as country code and number. */
const aliyunNumber = (phone: string) =>
  phone.startsWith('+86') ? phone.slice(3) : phone.replace(/^\+/, '');

const kindOf = (code: string): SmsFailureKind => {
  if (code === 'SignatureDoesNotMatch' || code.startsWith('InvalidAccessKeyId')) return 'signature';
  if (code === 'isv.BUSINESS_LIMIT_CONTROL' || code === 'Throttling.User') return 'limit';
  if (code === 'isv.MOBILE_NUMBER_ILLEGAL') return 'number';
  return 'setup';
};

export const aliyunSms: SmsAdapter = {
  needs: ['accessKeyId', 'accessKeySecret', 'signName', 'templateId'],
  async send(settings, phone, code, now = new Date()): Promise<SmsResult> {
    const params: Record<string, string> = {
      AccessKeyId: settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: aliyunNumber(phone),
      RegionId: settings.region || 'cn-hangzhou',
      SignName: settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: settings.templateId,
      TemplateParam: JSON.stringify({ code }),
      // ISO 8601 in UTC, to the second: yyyy-MM-ddTHH:mm:ssZ.
      Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = aliyunSignature('POST', params, settings.accessKeySecret);
    const body = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const answer = await postJson(`${(settings.endpoint || ALIYUN_ENDPOINT).replace(/\/$/, '')}/`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (!answer || typeof answer.json !== 'object' || answer.json === null)
      return { ok: false, kind: 'unreachable', providerCode: 'unreachable', requestId: null };
    const json = answer.json as { Code?: unknown; RequestId?: unknown };
    const requestId = typeof json.RequestId === 'string' ? json.RequestId : null;
    if (json.Code === 'OK') return { ok: true, requestId: requestId ?? '' };
    const providerCode = typeof json.Code === 'string' ? json.Code : `HTTP ${answer.status}`;
    return { ok: false, kind: kindOf(providerCode), providerCode, requestId };
  },
};
