import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * What WeChat sends to the server address of an official account, in plaintext mode
 * (developers.weixin.qq.com/doc/offiaccount/Basic_Information/Access_Overview.html and
 * Message_Management/Receiving_event_pushes.html). Safe mode (AES) is not supported yet.
 * - Every request carries `signature`, `timestamp` and `nonce` in its query, where
 *   `signature = sha1(the three of token, timestamp and nonce sorted and joined)`;
 * - the address check is a GET that must echo `echostr`;
 * - an event is a POST of XML: `subscribe` (first follow) with `EventKey` `qrscene_<scene>`, or
 *   `SCAN` (already following) with `EventKey` `<scene>`; `FromUserName` is the openid.
 * - the answer is a passive reply (XML) within 5 s, or `success` for none.
 */

export function signatureOf(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** Whether the query was signed with `token`. */
export function signedBy(token: string, query: Record<string, string | undefined>): boolean {
  const { signature = '', timestamp = '', nonce = '' } = query;
  if (!/^[0-9a-f]{40}$/.test(signature) || !timestamp || !nonce) return false;
  if (timestamp.length > 20 || nonce.length > 64) return false;
  const expected = Buffer.from(signatureOf(token, timestamp, nonce));
  return timingSafeEqual(expected, Buffer.from(signature));
}

/** One element's text, CDATA or plain. */
function field(xml: string, name: string): string | null {
  const match = new RegExp(
    `<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`,
  ).exec(xml);
  if (!match) return null;
  return (match[1] ?? match[2] ?? '').trim();
}

export interface ScanEvent {
  /** The scanner's openid under this official account. */
  openid: string;
  /** The official account's own id (gh_…), the reply's sender. */
  account: string;
  /** The QR code's scene (without `qrscene_`). */
  scene: string;
}

/** A scan of a QR code with a scene (`subscribe` with a scene, or `SCAN`), else null. */
export function scanEventOf(xml: string): ScanEvent | null {
  if (field(xml, 'MsgType') !== 'event') return null;
  const event = field(xml, 'Event');
  const key = field(xml, 'EventKey') ?? '';
  const openid = field(xml, 'FromUserName') ?? '';
  const account = field(xml, 'ToUserName') ?? '';
  if (!openid || openid.length > 64 || account.length > 64) return null;
  let scene: string;
  if (event === 'subscribe' && key.startsWith('qrscene_')) scene = key.slice('qrscene_'.length);
  else if (event === 'SCAN') scene = key;
  else return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(scene)) return null;
  return { openid, account, scene };
}

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** A passive text reply to the scanner. */
export function textReply(to: ScanEvent, content: string, now = Date.now()): string {
  return (
    `<xml><ToUserName>${cdata(to.openid)}</ToUserName>` +
    `<FromUserName>${cdata(to.account)}</FromUserName>` +
    `<CreateTime>${Math.floor(now / 1000)}</CreateTime>` +
    `<MsgType>${cdata('text')}</MsgType><Content>${cdata(content)}</Content></xml>`
  );
}
