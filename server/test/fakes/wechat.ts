import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { json, startFakeServer, type FakeResponse, type FakeServer } from './http.js';

/**
 * WeChat's official-account API, the parts the scan sign-in uses, and WeChat's pushes to the
 * server address, written from the documentation (developers.weixin.qq.com/doc/service/…):
 * - `POST /cgi-bin/stable_token` (api/base/api_getstableaccesstoken): `{grant_type:
 *   client_credential, appid, secret, force_refresh}` → `{access_token, expires_in}`; the same
 *   token until it expires in normal mode; `40013 invalid appid`, `40125 invalid appsecret`,
 *   `40002 invalid grant_type`; `GET /cgi-bin/token` (api_getaccesstoken), a new token each call;
 * - `POST /cgi-bin/qrcode/create?access_token=` (api/qrcode/qrcodes/api_createqrcode):
 *   `QR_SCENE` / `QR_STR_SCENE` with `expire_seconds` (default 60, at most 2592000) →
 *   `{ticket, expire_seconds, url}`; `41001 access_token missing`, `40001 invalid credential`,
 *   `42001 access_token expired`, `45009 reach max api daily quota limit`, `40097 invalid args`;
 * - `GET /cgi-bin/showqrcode?ticket=` (mp.weixin.qq.com): the picture (the real one answers a
 *   JPEG; this one a PNG of a pattern made from the ticket), 404 for an unknown ticket;
 * - pushes (Basic_Information/Access_Overview, Message_Management/Receiving_event_pushes): the
 *   address check `GET ?signature&timestamp&nonce&echostr` and the events `subscribe` with
 *   `EventKey qrscene_<scene>` and `SCAN` with `EventKey <scene>` as XML, POSTed with
 *   `signature = sha1(sort(token, timestamp, nonce))` and `openid` in the query.
 * The same server answers both hosts (api.weixin.qq.com and mp.weixin.qq.com).
 * silenceper/wechat (officialaccount/basic/qr.go) builds the same requests.
 */
export interface FakeQrCode {
  ticket: string;
  scene: string;
  expireSeconds: number;
}

export interface ScanOptions {
  /** The callback: `<site>/api/auth/wechat/callback`. */
  url: string;
  /** The Host the request names (the site's domain); default the URL's. */
  host?: string;
  /** The server-address Token the operator entered; a wrong one makes a wrong signature. */
  token: string;
  openid: string;
  /** `SCAN` (already following) or `subscribe` (follows by scanning). */
  event?: 'SCAN' | 'subscribe';
  /** Default: the newest QR code made. */
  scene?: string;
}

export interface FakeWechat extends FakeServer {
  appId: string;
  secret: string;
  qrCodes: FakeQrCode[];
  /** Access tokens handed out (`stable_token` and `token` calls that succeeded). */
  tokensIssued(): number;
  /** Makes every access token handed out so far expired (`42001`). */
  expireTokens(): void;
  /** `qrcode/create` calls left today before `45009` (Infinity by default). */
  quota: number;
  /** Sends the scan event of a QR code to the callback, as WeChat does. */
  scan(options: ScanOptions): Promise<{ status: number; body: string }>;
  /** WeChat's check of the server address (echoes `echostr` when signed right). */
  verify(
    options: Omit<ScanOptions, 'openid' | 'event' | 'scene'>,
    echostr: string,
  ): Promise<{
    status: number;
    body: string;
  }>;
}

const error = (errcode: number, errmsg: string): FakeResponse =>
  json(200, { errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString('hex')}` });

/** A grayscale PNG of 29 × 29 squares from the ticket's hash, 8 pixels a square. */
function picture(ticket: string): Buffer {
  const bits = createHash('sha512').update(ticket).digest();
  const n = 29;
  const scale = 8;
  const size = n * scale;
  const raw = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const i = Math.floor(y / scale) * n + Math.floor(x / scale);
      const dark = (bits[i % bits.length]! >> (i % 8)) & 1;
      raw[y * (size + 1) + 1 + x] = dark ? 0 : 255;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const sign = (token: string, timestamp: string, nonce: string) =>
  createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');

/** A request to our server with the Host WeChat would name (fetch cannot set it). */
function send(
  url: string,
  method: 'GET' | 'POST',
  host: string | undefined,
  body?: string,
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method,
        headers: {
          ...(host ? { host } : {}),
          ...(body !== undefined
            ? { 'content-type': 'text/xml', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function startFakeWechat(
  app = { appId: 'wx5f2a7c1e9b3d4a6f', secret: 'fake-wechat-app-secret-0123456789' },
  port = 0,
): Promise<FakeWechat> {
  const qrCodes: FakeQrCode[] = [];
  /** token → when it expires (ms). */
  const tokens = new Map<string, number>();
  let stable: string | null = null;
  let issued = 0;
  const issue = () => {
    const token = `${randomBytes(48).toString('base64url')}`;
    tokens.set(token, Date.now() + 7200_000);
    issued++;
    return token;
  };
  const checkApp = (grant: unknown, appid: unknown, secret: unknown): FakeResponse | null => {
    if (grant !== 'client_credential') return error(40002, 'invalid grant_type');
    if (appid !== app.appId) return error(40013, 'invalid appid');
    if (secret !== app.secret) return error(40125, 'invalid appsecret');
    return null;
  };
  const state = { quota: Infinity };

  const server = await startFakeServer((req) => {
    if (req.method === 'POST' && req.path === '/cgi-bin/stable_token') {
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(req.body) as Record<string, unknown>;
      } catch {
        return error(47001, 'data format error');
      }
      const refused = checkApp(b.grant_type, b.appid, b.secret);
      if (refused) return refused;
      if (b.force_refresh === true || !stable || (tokens.get(stable) ?? 0) <= Date.now()) {
        if (stable) tokens.delete(stable);
        stable = issue();
      }
      const left = Math.floor(((tokens.get(stable) ?? 0) - Date.now()) / 1000);
      return json(200, { access_token: stable, expires_in: left });
    }
    if (req.method === 'GET' && req.path === '/cgi-bin/token') {
      const q = req.query;
      const refused = checkApp(q.get('grant_type'), q.get('appid'), q.get('secret'));
      return refused ?? json(200, { access_token: issue(), expires_in: 7200 });
    }
    if (req.method === 'POST' && req.path === '/cgi-bin/qrcode/create') {
      const token = req.query.get('access_token');
      if (!token) return error(41001, 'access_token missing');
      const until = tokens.get(token);
      if (until === undefined)
        return error(40001, 'invalid credential, access_token is invalid or not latest');
      if (until <= Date.now()) return error(42001, 'access_token expired');
      if (state.quota <= 0) return error(45009, 'reach max api daily quota limit');
      let b: {
        expire_seconds?: number;
        action_name?: string;
        action_info?: { scene?: { scene_id?: number; scene_str?: string } };
      };
      try {
        b = JSON.parse(req.body) as typeof b;
      } catch {
        return error(47001, 'data format error');
      }
      const scene = b.action_info?.scene;
      const value =
        b.action_name === 'QR_STR_SCENE'
          ? scene?.scene_str
          : b.action_name === 'QR_SCENE'
            ? String(scene?.scene_id ?? '')
            : undefined;
      if (!value || value.length > 64 || (b.expire_seconds ?? 60) > 2592000)
        return error(40097, 'invalid args');
      state.quota--;
      const ticket = `gQ${randomBytes(36).toString('base64')}`;
      const expireSeconds = b.expire_seconds ?? 60;
      qrCodes.push({ ticket, scene: value, expireSeconds });
      return json(200, {
        ticket,
        expire_seconds: expireSeconds,
        url: `http://weixin.qq.com/q/${randomBytes(12).toString('base64url')}`,
      });
    }
    if (req.method === 'GET' && req.path === '/cgi-bin/showqrcode') {
      const ticket = req.query.get('ticket') ?? '';
      if (!qrCodes.some((q) => q.ticket === ticket))
        return { status: 404, headers: { 'content-type': 'text/html' }, body: 'not found' };
      return {
        status: 200,
        headers: { 'content-type': 'image/png' },
        body: picture(ticket),
      };
    }
    return error(40066, 'invalid url');
  }, port);

  const signedQuery = (token: string, extra: Record<string, string>) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = String(Math.floor(Math.random() * 1e9));
    return new URLSearchParams({
      signature: sign(token, timestamp, nonce),
      timestamp,
      nonce,
      ...extra,
    }).toString();
  };

  return {
    ...server,
    ...app,
    qrCodes,
    tokensIssued: () => issued,
    expireTokens: () => {
      for (const t of tokens.keys()) tokens.set(t, Date.now() - 1);
    },
    get quota() {
      return state.quota;
    },
    set quota(n: number) {
      state.quota = n;
    },
    scan(o) {
      const scene = o.scene ?? qrCodes.at(-1)?.scene ?? '';
      const event = o.event ?? 'SCAN';
      const xml =
        `<xml><ToUserName><![CDATA[gh_0f1e2d3c4b5a]]></ToUserName>` +
        `<FromUserName><![CDATA[${o.openid}]]></FromUserName>` +
        `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>` +
        `<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event>` +
        `<EventKey><![CDATA[${event === 'subscribe' ? `qrscene_${scene}` : scene}]]></EventKey>` +
        `<Ticket><![CDATA[${qrCodes.find((q) => q.scene === scene)?.ticket ?? ''}]]></Ticket></xml>`;
      return send(`${o.url}?${signedQuery(o.token, { openid: o.openid })}`, 'POST', o.host, xml);
    },
    verify(o, echostr) {
      return send(`${o.url}?${signedQuery(o.token, { echostr })}`, 'GET', o.host);
    },
  };
}
