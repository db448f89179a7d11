import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomInt,
  type KeyObject,
} from 'node:crypto';
import {
  deliver,
  json,
  startFakeServer,
  type Delivery,
  type FakeServer,
  type FakeResponse,
} from './http.js';

/**
 * WeChat Pay API v3 (Native): checks the merchant's `WECHATPAY2-SHA256-RSA2048` request
 * signature with the merchant public key, signs its answers and notifications with a platform
 * key of its own, and encrypts notification resources with the APIv3 key (AEAD_AES_256_GCM).
 */
export interface FakeWechatPay extends FakeServer {
  mchid: string;
  appid: string;
  apiV3Key: string;
  platformPublicKeyPem: string;
  platformSerial: string;
  orders: Map<string, WechatOrder>;
  pay(outTradeNo: string, options?: { notify?: boolean }): Promise<Delivery | null>;
  /** A TRANSACTION.SUCCESS notification, optionally altered. */
  notify(outTradeNo: string, change?: NotifyChange): Promise<Delivery>;
  /** Sends the last notification again, byte for byte (a gateway's retry). */
  replay(): Promise<Delivery>;
}

export interface NotifyChange {
  total?: number;
  outTradeNo?: string;
  /** Sign with another key (a forgery). */
  signWith?: KeyObject;
  /** Seconds added to the signature's timestamp. */
  skewSeconds?: number;
  /** Encrypt with another APIv3 key. */
  apiV3Key?: string;
  /** Report the order paid (or not) whatever its state. */
  paid?: boolean;
}

interface WechatOrder {
  outTradeNo: string;
  transactionId: string;
  description: string;
  total: number;
  notifyUrl: string;
  paid: boolean;
}

export function startFakeWechatPay(options: {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
}): Promise<FakeWechatPay> {
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformSerial = 'PUB_KEY_ID_0114232134912410000000000000000000';
  const orders = new Map<string, WechatOrder>();
  let last: { url: string; headers: Record<string, string>; body: string } | null = null;

  const signedHeaders = (body: string, key: KeyObject = platform.privateKey, skew = 0) => {
    const timestamp = String(Math.floor(Date.now() / 1000) + skew);
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(key, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': platformSerial,
    };
  };
  /** Every answer of the real API is signed too (merchants verify it). */
  const answer = (status: number, value: unknown): FakeResponse => {
    const body = JSON.stringify(value);
    return {
      status,
      headers: {
        'content-type': 'application/json',
        'request-id': randomBytes(8).toString('hex'),
        ...signedHeaders(body),
      },
      body,
    };
  };

  const checkAuth = (
    method: string,
    url: string,
    headers: Record<string, unknown>,
    body: string,
  ) => {
    const auth = String(headers.authorization ?? '');
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'authorization scheme missing';
    const fields = Object.fromEntries(
      [...auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    if (fields.mchid !== options.mchid) return 'mchid does not match';
    if (fields.serial_no !== options.merchantSerial) return 'certificate serial does not match';
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp expired';
    const ok = createVerify('RSA-SHA256')
      .update(`${method}\n${url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`)
      .verify(options.merchantPublicKey, fields.signature ?? '', 'base64');
    return ok ? null : 'signature does not verify';
  };

  const encrypt = (plain: string, key: string) => {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(key, 'utf8'),
      Buffer.from(nonce, 'utf8'),
    );
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: data.toString('base64'),
      associated_data: 'transaction',
      nonce,
      original_type: 'transaction',
    };
  };

  const transaction = (order: WechatOrder, change: NotifyChange = {}) => ({
    appid: options.appid,
    mchid: options.mchid,
    out_trade_no: change.outTradeNo ?? order.outTradeNo,
    transaction_id: order.transactionId,
    trade_type: 'NATIVE',
    trade_state: (change.paid ?? order.paid) ? 'SUCCESS' : 'NOTPAY',
    trade_state_desc: (change.paid ?? order.paid) ? '支付成功' : '订单未支付',
    success_time: new Date().toISOString().replace(/\.\d{3}Z$/, '+08:00'),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: {
      total: change.total ?? order.total,
      payer_total: change.total ?? order.total,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  });

  return startFakeServer((req) => {
    const sigProblem = checkAuth(req.method, req.url, req.headers, req.body);
    if (sigProblem) return json(401, { code: 'SIGN_ERROR', message: sigProblem });
    if (req.method === 'POST' && req.path === '/v3/pay/transactions/native') {
      const body = JSON.parse(req.body) as {
        appid?: string;
        mchid?: string;
        description?: string;
        out_trade_no?: string;
        notify_url?: string;
        amount?: { total?: number; currency?: string };
      };
      if (body.appid !== options.appid || body.mchid !== options.mchid)
        return answer(400, { code: 'PARAM_ERROR', message: 'appid和mch_id不匹配' });
      if (
        !body.out_trade_no ||
        !body.notify_url?.startsWith('http') ||
        !Number.isInteger(body.amount?.total)
      )
        return answer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      if (orders.has(body.out_trade_no))
        return answer(400, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
      orders.set(body.out_trade_no, {
        outTradeNo: body.out_trade_no,
        transactionId: `4200001${randomInt(1e9)}`,
        description: body.description ?? '',
        total: body.amount!.total!,
        notifyUrl: body.notify_url,
        paid: false,
      });
      return answer(200, {
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
      });
    }
    const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      if (req.query.get('mchid') !== options.mchid)
        return answer(400, { code: 'PARAM_ERROR', message: 'mchid' });
      const order = orders.get(decodeURIComponent(m[1]!));
      if (!order) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return answer(200, transaction(order));
    }
    return json(404, { code: 'NOT_FOUND', message: 'no such API' });
  }).then((server) => {
    const notify: FakeWechatPay['notify'] = async (outTradeNo, change = {}) => {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake wechat pay: no order ${outTradeNo}`);
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: encrypt(
          JSON.stringify(transaction(order, change)),
          change.apiV3Key ?? options.apiV3Key,
        ),
      });
      const headers = {
        'content-type': 'application/json',
        ...signedHeaders(body, change.signWith, change.skewSeconds),
      };
      last = { url: order.notifyUrl, headers, body };
      return deliver(order.notifyUrl, { method: 'POST', headers, body });
    };
    return {
      ...server,
      mchid: options.mchid,
      appid: options.appid,
      apiV3Key: options.apiV3Key,
      platformPublicKeyPem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      platformSerial,
      orders,
      notify,
      async pay(outTradeNo, opts = {}) {
        const order = orders.get(outTradeNo);
        if (!order) throw new Error(`fake wechat pay: no order ${outTradeNo}`);
        order.paid = true;
        return opts.notify === false ? null : notify(outTradeNo);
      },
      async replay() {
        if (!last) throw new Error('fake wechat pay: nothing sent yet');
        return deliver(last.url, { method: 'POST', headers: last.headers, body: last.body });
      },
    };
  });
}
