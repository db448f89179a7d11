import { createHash, randomInt } from 'node:crypto';
import { deliver, json, startFakeServer, type Delivery, type FakeServer } from './http.js';

/**
 * A 彩虹易支付 site: `POST /mapi.php` (MD5-signed submit), `GET /api.php?act=order`, and GET
 * notifications to the merchant's notify_url, signed like the real one, expecting `success`.
 */
export interface FakeEpay extends FakeServer {
  pid: string;
  key: string;
  orders: Map<string, EpayOrder>;
  /** Marks an order paid; sends the notification unless `notify` is false (a lost callback). */
  pay(outTradeNo: string, options?: { notify?: boolean }): Promise<Delivery | null>;
  /** Sends a payment notification, optionally altered (a forgery, a wrong amount, another order). */
  notify(
    outTradeNo: string,
    change?: { money?: string; outTradeNo?: string; signWith?: string },
  ): Promise<Delivery>;
}

interface EpayOrder {
  outTradeNo: string;
  tradeNo: string;
  type: string;
  name: string;
  money: string;
  notifyUrl: string;
  paid: boolean;
}

export function epaySignature(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + key)
    .digest('hex');
}

export async function startFakeEpay(
  pid = '1001',
  key = 'epay-test-key-0123456789',
): Promise<FakeEpay> {
  const orders = new Map<string, EpayOrder>();
  const server = await startFakeServer((req) => {
    if (req.method === 'POST' && req.path === '/mapi.php') {
      const form = Object.fromEntries(new URLSearchParams(req.body));
      if (form.pid !== pid) return json(200, { code: -1, msg: '商户不存在' });
      if (form.sign_type !== 'MD5' || form.sign !== epaySignature(form, key))
        return json(200, { code: -1, msg: '签名校验失败' });
      for (const field of ['type', 'out_trade_no', 'notify_url', 'name', 'money', 'clientip'])
        if (!form[field]) return json(200, { code: -1, msg: `${field} 不能为空` });
      if (!/^\d+\.\d{2}$/.test(form.money!)) return json(200, { code: -1, msg: '金额不合法' });
      const order: EpayOrder = {
        outTradeNo: form.out_trade_no!,
        tradeNo: `2026${randomInt(1e9)}`,
        type: form.type!,
        name: form.name!,
        money: form.money!,
        notifyUrl: form.notify_url!,
        paid: false,
      };
      orders.set(order.outTradeNo, order);
      return json(200, {
        code: 1,
        msg: '',
        trade_no: order.tradeNo,
        ...(order.type === 'wxpay'
          ? { qrcode: `weixin://wxpay/bizpayurl?pr=${order.tradeNo}` }
          : { payurl: `${server.url}/pay/${order.tradeNo}` }),
      });
    }
    if (req.method === 'GET' && req.path === '/api.php' && req.query.get('act') === 'order') {
      if (req.query.get('pid') !== pid || req.query.get('key') !== key)
        return json(200, { code: -3, msg: 'KEY校验失败' });
      const order = orders.get(req.query.get('out_trade_no') ?? '');
      if (!order) return json(200, { code: -1, msg: '订单号不存在' });
      return json(200, {
        code: 1,
        msg: '查询订单号成功！',
        trade_no: order.tradeNo,
        out_trade_no: order.outTradeNo,
        type: order.type,
        pid,
        name: order.name,
        money: order.money,
        status: order.paid ? 1 : 0,
      });
    }
    return json(404, { code: -1, msg: 'not found' });
  });

  const notify: FakeEpay['notify'] = async (outTradeNo, change = {}) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake epay: no order ${outTradeNo}`);
    const params: Record<string, string> = {
      pid,
      trade_no: order.tradeNo,
      out_trade_no: change.outTradeNo ?? order.outTradeNo,
      type: order.type,
      name: order.name,
      money: change.money ?? order.money,
      trade_status: 'TRADE_SUCCESS',
      param: '',
    };
    params.sign = epaySignature(params, change.signWith ?? key);
    params.sign_type = 'MD5';
    const url = new URL(order.notifyUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return deliver(url.toString(), { method: 'GET' });
  };

  return {
    ...server,
    pid,
    key,
    orders,
    notify,
    async pay(outTradeNo, options = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake epay: no order ${outTradeNo}`);
      order.paid = true;
      return options.notify === false ? null : notify(outTradeNo);
    },
  };
}
