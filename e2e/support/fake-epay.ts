import { createHash, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A 彩虹易支付 (epay) site on 127.0.0.1 for the e2e tests, speaking the protocol the server's
 * epay gateway implements (as `server/test/fakes/epay.ts` does for the server tests):
 * `POST /mapi.php` with an MD5-signed form answers a QR code (`wxpay`) or a pay page,
 * `GET /api.php?act=order` answers the order's status, and `pay()` marks an order paid and
 * sends the signed GET notification to the order's notify_url, which must answer `success`.
 */
export interface FakeEpay {
  url: string;
  pid: string;
  key: string;
  /** Orders received, by the merchant's order number (out_trade_no). */
  orders: Map<string, EpayOrder>;
  pay(outTradeNo: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface EpayOrder {
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

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startFakeEpay(
  pid = '1001',
  key = `e2e-epay-key-${randomInt(1e9)}`,
): Promise<FakeEpay> {
  const orders = new Map<string, EpayOrder>();
  let base = '';
  const answer = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    void readBody(req).then((text) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === '/mapi.php') {
        const form = Object.fromEntries(new URLSearchParams(text));
        if (form.pid !== pid) return answer(res, { code: -1, msg: '商户不存在' });
        if (form.sign_type !== 'MD5' || form.sign !== epaySignature(form, key))
          return answer(res, { code: -1, msg: '签名校验失败' });
        for (const field of ['type', 'out_trade_no', 'notify_url', 'name', 'money'])
          if (!form[field]) return answer(res, { code: -1, msg: `${field} 不能为空` });
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
        return answer(res, {
          code: 1,
          msg: '',
          trade_no: order.tradeNo,
          ...(order.type === 'wxpay'
            ? { qrcode: `weixin://wxpay/bizpayurl?pr=${order.tradeNo}` }
            : { payurl: `${base}/pay/${order.tradeNo}` }),
        });
      }
      if (req.method === 'GET' && url.pathname === '/api.php') {
        if (url.searchParams.get('pid') !== pid || url.searchParams.get('key') !== key)
          return answer(res, { code: -3, msg: 'KEY校验失败' });
        const order = orders.get(url.searchParams.get('out_trade_no') ?? '');
        if (!order) return answer(res, { code: -1, msg: '订单号不存在' });
        return answer(res, {
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
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    pid,
    key,
    orders,
    async pay(outTradeNo) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake epay: no order ${outTradeNo}`);
      order.paid = true;
      const params: Record<string, string> = {
        pid,
        trade_no: order.tradeNo,
        out_trade_no: order.outTradeNo,
        type: order.type,
        name: order.name,
        money: order.money,
        trade_status: 'TRADE_SUCCESS',
        param: '',
      };
      params.sign = epaySignature(params, key);
      params.sign_type = 'MD5';
      const notify = new URL(order.notifyUrl);
      for (const [k, v] of Object.entries(params)) notify.searchParams.set(k, v);
      const res = await fetch(notify);
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
