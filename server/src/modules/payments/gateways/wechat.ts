import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import {
  GatewayError,
  gatewayFetch,
  headerOf,
  parseJson,
  type IncomingNotification,
  type PaymentGateway,
} from './gateway.js';

export interface WechatSettings {
  baseUrl: string;
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (PEM). */
  privateKey: string;
  /** APIv3 key: 32 characters. */
  apiV3Key: string;
  /** WeChat Pay platform public key (PEM). */
  platformPublicKey: string;
  /** When set, signatures naming another serial are refused. */
  platformSerial?: string;
}

/** Signatures older or newer than this are refused (replays). */
const TOLERANCE_SECONDS = 300;

/** `Authorization` of an APIv3 request: RSA-SHA256 over `METHOD\nPATH?QUERY\nTIME\nNONCE\nBODY\n`. */
export function wechatAuthorization(
  s: Pick<WechatSettings, 'mchid' | 'serialNo'>,
  key: KeyObject,
  method: string,
  pathAndQuery: string,
  body: string,
  now = Date.now(),
): string {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256')
    .update(`${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`)
    .sign(key, 'base64');
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchid}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${s.serialNo}"`
  );
}

/**
 * Checks a `Wechatpay-Signature` (notifications and API answers): RSA-SHA256 with the platform
 * key over `TIMESTAMP\nNONCE\nBODY\n`, the timestamp within 300 s of now.
 */
export function verifyWechatSignature(
  platformKey: KeyObject,
  platformSerial: string | undefined,
  headers: IncomingNotification['headers'],
  body: string,
  now = Date.now(),
): string | null {
  const timestamp = headerOf(headers, 'wechatpay-timestamp');
  const nonce = headerOf(headers, 'wechatpay-nonce');
  const signature = headerOf(headers, 'wechatpay-signature');
  const serial = headerOf(headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature) return 'signature headers missing';
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS)
    return 'timestamp too far from now';
  if (platformSerial && serial !== platformSerial) return 'signed with another platform key';
  const valid = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .verify(platformKey, signature, 'base64');
  return valid ? null : 'bad signature';
}

/** AEAD_AES_256_GCM resource of a notification: the last 16 bytes of the ciphertext are the tag. */
export function decryptWechatResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** WeChat Pay limits `description` to 127 bytes of UTF-8; cut on a character boundary. */
export function truncateBytes(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch, 'utf8') > max) break;
    out += ch;
  }
  return out;
}

interface Transaction {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

export function wechatGateway(s: WechatSettings): PaymentGateway {
  const base = s.baseUrl.replace(/\/+$/, '');
  let merchantKey: KeyObject;
  let platformKey: KeyObject;
  try {
    merchantKey = createPrivateKey(s.privateKey);
    platformKey = createPublicKey(s.platformPublicKey);
  } catch (error) {
    throw new GatewayError(
      'wechat',
      `a configured key is not a valid PEM key (${(error as Error).message})`,
    );
  }

  async function api(method: 'GET' | 'POST', pathAndQuery: string, body = '') {
    const res = await gatewayFetch('wechat', `${base}${pathAndQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'Atelier',
        authorization: wechatAuthorization(s, merchantKey, method, pathAndQuery, body),
      },
      ...(method === 'POST' ? { body } : {}),
    });
    const headers = Object.fromEntries(res.headers.entries());
    const problem = verifyWechatSignature(platformKey, s.platformSerial, headers, res.text);
    return { ...res, problem };
  }

  return {
    name: 'wechat',
    currencies: ['CNY'],

    async create(order, { notifyUrl }) {
      const body = JSON.stringify({
        appid: s.appid,
        mchid: s.mchid,
        description: truncateBytes(order.description, 127),
        out_trade_no: order.orderNo,
        time_expire: order.expiresAt.replace(/\.\d{3}Z$/, '+00:00'),
        notify_url: notifyUrl,
        amount: { total: order.amountCents, currency: 'CNY' },
      });
      const res = await api('POST', '/v3/pay/transactions/native', body);
      const answer = parseJson('wechat', res.text || '{}');
      if (res.status !== 200)
        throw new GatewayError(
          'wechat',
          `refused the order: ${String(answer.code)} ${String(answer.message)}`,
        );
      if (res.problem) throw new GatewayError('wechat', `answer not trusted: ${res.problem}`);
      if (typeof answer.code_url !== 'string')
        throw new GatewayError('wechat', 'answered no code_url');
      return { codeUrl: answer.code_url };
    },

    async query(order) {
      const res = await api(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(order.orderNo)}?mchid=${encodeURIComponent(s.mchid)}`,
      );
      if (res.status === 404) return { paid: false };
      if (res.status !== 200)
        throw new GatewayError('wechat', `query failed with HTTP ${res.status}`);
      // A payment is only believed when WeChat Pay signed the answer.
      if (res.problem) throw new GatewayError('wechat', `answer not trusted: ${res.problem}`);
      const tx = parseJson('wechat', res.text) as Transaction;
      return {
        paid: tx.trade_state === 'SUCCESS',
        amountCents: tx.amount?.total,
        currency: tx.amount?.currency ?? 'CNY',
        tradeNo: tx.transaction_id,
      };
    },

    async verifyNotification({ headers, rawBody }) {
      const problem = verifyWechatSignature(platformKey, s.platformSerial, headers, rawBody);
      if (problem) return { ok: false, reason: problem };
      let tx: Transaction;
      try {
        const event = JSON.parse(rawBody) as {
          event_type?: string;
          resource?: {
            algorithm?: string;
            ciphertext: string;
            nonce: string;
            associated_data?: string;
          };
        };
        if (event.resource?.algorithm !== 'AEAD_AES_256_GCM')
          return { ok: false, reason: 'unknown resource algorithm' };
        tx = JSON.parse(decryptWechatResource(s.apiV3Key, event.resource)) as Transaction;
        if (!event.event_type?.startsWith('TRANSACTION.'))
          return { ok: true, ignored: `event ${event.event_type ?? '?'}` };
      } catch {
        return { ok: false, reason: 'resource cannot be decrypted' };
      }
      if (tx.mchid && tx.mchid !== s.mchid) return { ok: false, reason: 'another merchant id' };
      return {
        ok: true,
        outTradeNo: tx.out_trade_no ?? '',
        amountCents: tx.amount?.total ?? Number.NaN,
        currency: tx.amount?.currency ?? 'CNY',
        tradeNo: tx.transaction_id ?? '',
        paid: tx.trade_state === 'SUCCESS',
      };
    },

    acknowledge(ok, reason) {
      return ok
        ? { status: 204, body: '' }
        : {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: reason ?? 'rejected' }),
          };
    },
  };
}
