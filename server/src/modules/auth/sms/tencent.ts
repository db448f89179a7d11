import { createHash, createHmac } from 'node:crypto';
import { postJson, type SmsAdapter, type SmsFailureKind, type SmsResult } from './types.js';

/**
 * Tencent Cloud SMS (sms.tencentcloudapi.com, Action SendSms, Version 2021-01-11), signed with
 * TC3-HMAC-SHA256 ("签名方法 v3", https://cloud.tencent.com/document/api/382/52072; SendSms:
 * https://cloud.tencent.com/document/api/382/55981):
 * - CanonicalRequest = "POST\n/\n\n" + CanonicalHeaders + "\n" + SignedHeaders + "\n" +
 *   hex(SHA256(body)), with CanonicalHeaders "content-type:application/json; charset=utf-8\n
 *   host:<host>\nx-tc-action:sendsms\n" and SignedHeaders "content-type;host;x-tc-action";
 * - StringToSign = "TC3-HMAC-SHA256\n" + timestamp + "\n" + date/sms/tc3_request + "\n" +
 *   hex(SHA256(CanonicalRequest)), date the UTC day of the timestamp;
 * - SecretDate = HMAC("TC3" + SecretKey, date), SecretService = HMAC(SecretDate, "sms"),
 *   SecretSigning = HMAC(SecretService, "tc3_request"), Signature = hex(HMAC(SecretSigning,
 *   StringToSign));
 * - Authorization: "TC3-HMAC-SHA256 Credential=<SecretId>/<scope>, SignedHeaders=…, Signature=…",
 *   with X-TC-Action, X-TC-Version, X-TC-Timestamp and X-TC-Region headers.
 * The template's one variable ({1}) is the code.
 */
export const TENCENT_ENDPOINT = 'https://sms.tencentcloudapi.com';
export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';
const SERVICE = 'sms';

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

export function tc3Signature(input: {
  secretKey: string;
  host: string;
  action: string;
  body: string;
  timestamp: number;
  service?: string;
}): { signature: string; scope: string; signedHeaders: string } {
  const service = input.service ?? SERVICE;
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:${TC3_CONTENT_TYPE}\nhost:${input.host.toLowerCase()}\nx-tc-action:${input.action.toLowerCase()}\n`;
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256hex(input.body)}`;
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${input.timestamp}\n${scope}\n${sha256hex(canonicalRequest)}`;
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  return { signature, scope, signedHeaders };
}

const kindOf = (code: string): SmsFailureKind => {
  if (code.startsWith('AuthFailure')) return 'signature';
  if (code.startsWith('LimitExceeded')) return 'limit';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber') return 'number';
  return 'setup';
};

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string };
    SendStatusSet?: { Code?: string }[];
    RequestId?: string;
  };
}

export const tencentSms: SmsAdapter = {
  needs: ['accessKeyId', 'accessKeySecret', 'signName', 'templateId', 'appId'],
  async send(settings, phone, code, now = new Date()): Promise<SmsResult> {
    const base = (settings.endpoint || TENCENT_ENDPOINT).replace(/\/$/, '');
    const host = new URL(base).host;
    const body = JSON.stringify({
      PhoneNumberSet: [phone],
      SmsSdkAppId: settings.appId,
      SignName: settings.signName,
      TemplateId: settings.templateId,
      TemplateParamSet: [code],
    });
    const timestamp = Math.floor(now.getTime() / 1000);
    const { signature, scope, signedHeaders } = tc3Signature({
      secretKey: settings.accessKeySecret,
      host,
      action: 'SendSms',
      body,
      timestamp,
    });
    const answer = await postJson(`${base}/`, {
      headers: {
        authorization: `TC3-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
        'content-type': TC3_CONTENT_TYPE,
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': settings.region || 'ap-guangzhou',
      },
      body,
    });
    const response = (answer?.json as TencentAnswer | null)?.Response;
    if (!response)
      return { ok: false, kind: 'unreachable', providerCode: 'unreachable', requestId: null };
    const requestId = response.RequestId ?? null;
    const failed =
      response.Error?.Code ?? response.SendStatusSet?.find((s) => s.Code !== 'Ok')?.Code;
    if (failed) return { ok: false, kind: kindOf(failed), providerCode: failed, requestId };
    if (!response.SendStatusSet?.length)
      return { ok: false, kind: 'setup', providerCode: 'NoStatus', requestId };
    return { ok: true, requestId: requestId ?? '' };
  },
};
