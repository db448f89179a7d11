import { createHash, timingSafeEqual } from 'node:crypto';
import {
  GatewayError,
  centsToYuan,
  gatewayFetch,
  parseJson,
  yuanToCents,
  type PaymentGateway,
} from './gateway.js';

export interface EpaySettings {
  /** The epay site, e.g. https://pay.example.com (mapi.php and api.php live under it). */
  baseUrl: string;
  pid: string;
  key: string;
}

/**
 * 彩虹易支付 signature: drop `sign`, `sign_type` and empty values, sort the keys by ASCII,
 * join `k=v&…`, append the merchant key, lowercase MD5.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] != null)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const epayType = { wechat: 'wxpay', alipay: 'alipay', card: 'alipay' } as const;

export function epayGateway(s: EpaySettings): PaymentGateway {
  const base = s.baseUrl.replace(/\/+$/, '');
  return {
    name: 'epay',
    currencies: ['CNY'],

    async create(order, { notifyUrl, returnUrl }) {
      const params: Record<string, string> = {
        pid: s.pid,
        type: epayType[order.payWay],
        out_trade_no: order.orderNo,
        notify_url: notifyUrl,
        return_url: returnUrl,
        name: order.description,
        money: centsToYuan(order.amountCents),
        clientip: order.clientIp,
      };
      params.sign = epaySign(params, s.key);
      params.sign_type = 'MD5';
      const res = await gatewayFetch('epay', `${base}/mapi.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      const body = parseJson('epay', res.text);
      if (Number(body.code) !== 1)
        throw new GatewayError('epay', `refused the order: ${String(body.msg ?? res.status)}`);
      const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
      const created = {
        tradeNo: str(body.trade_no),
        codeUrl: str(body.qrcode),
        payUrl: str(body.payurl) ?? str(body.urlscheme),
      };
      if (!created.codeUrl && !created.payUrl)
        throw new GatewayError('epay', 'answered neither qrcode nor payurl');
      return created;
    },

    async query(order) {
      const url = new URL(`${base}/api.php`);
      url.search = new URLSearchParams({
        act: 'order',
        pid: s.pid,
        key: s.key,
        out_trade_no: order.orderNo,
      }).toString();
      const res = await gatewayFetch('epay', url.toString(), { method: 'GET' });
      const body = parseJson('epay', res.text);
      if (Number(body.code) !== 1) return { paid: false };
      return {
        paid: Number(body.status) === 1,
        amountCents: yuanToCents(String(body.money ?? '')),
        currency: 'CNY',
        tradeNo: typeof body.trade_no === 'string' ? body.trade_no : undefined,
      };
    },

    async verifyNotification({ query }) {
      const given = (query.sign ?? '').toLowerCase();
      if (!given || !sameHex(given, epaySign(query, s.key)))
        return { ok: false, reason: 'bad signature' };
      if (query.pid !== s.pid) return { ok: false, reason: 'another merchant id' };
      return {
        ok: true,
        outTradeNo: query.out_trade_no ?? '',
        amountCents: yuanToCents(query.money ?? ''),
        currency: 'CNY',
        tradeNo: query.trade_no ?? '',
        paid: query.trade_status === 'TRADE_SUCCESS',
      };
    },

    acknowledge(ok) {
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: ok ? 'success' : 'fail',
      };
    },
  };
}
