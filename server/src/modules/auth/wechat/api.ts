import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context.js';

/**
 * The few calls of WeChat's official-account API the scan sign-in needs (docs/identity.md,
 * WeChat), at `WECHAT_API_BASE` / `WECHAT_QR_BASE`:
 * - `POST /cgi-bin/stable_token` (getStableAccessToken): the access token, kept until shortly
 *   before it expires; the stable token is the same for every caller within its life, so
 *   several API instances do not invalidate each other's (as `/cgi-bin/token` would);
 * - `POST /cgi-bin/qrcode/create?access_token=…` with `QR_STR_SCENE` (a temporary QR code);
 * - `GET /cgi-bin/showqrcode?ticket=…` (the picture, on mp.weixin.qq.com).
 * Failures answer `{ errcode, errmsg }` with HTTP 200. Nothing here logs a token or a secret.
 */

export class WechatError extends Error {
  constructor(
    /** WeChat's errcode, or 0 for a network failure or an unreadable answer. */
    readonly errcode: number,
    message: string,
  ) {
    super(message);
    this.name = 'WechatError';
  }
}

export interface WechatApp {
  appId: string;
  secret: string;
}

/** A token is used until this long before WeChat says it expires. */
const MARGIN_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;
/** errcodes saying the access token is not (or no longer) good: fetched again once. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

type Ctx = Pick<AppContext, 'config'>;
/** Per app context (so test apps never share one), by app id and the secret's hash. */
const tokens = new WeakMap<object, Map<string, { token: string; until: number }>>();

const cacheOf = (ctx: Ctx) => {
  let map = tokens.get(ctx);
  if (!map) tokens.set(ctx, (map = new Map()));
  return map;
};
const cacheKey = (app: WechatApp) =>
  `${app.appId}:${createHash('sha256').update(app.secret).digest('base64url')}`;

async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new WechatError(0, 'WeChat could not be reached');
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new WechatError(0, `WeChat answered HTTP ${res.status}`);
  const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
  if (errcode !== 0) throw new WechatError(errcode, String(body.errmsg ?? 'error').slice(0, 120));
  return body;
}

/** The app's access token: from the cache while it lasts, else from `stable_token`. */
export async function accessToken(ctx: Ctx, app: WechatApp): Promise<string> {
  const cache = cacheOf(ctx);
  const key = cacheKey(app);
  const kept = cache.get(key);
  if (kept && kept.until > Date.now()) return kept.token;
  const body = await call(`${ctx.config.signup.wechatApiBase}/cgi-bin/stable_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credential',
      appid: app.appId,
      secret: app.secret,
      force_refresh: false,
    }),
  });
  const token = typeof body.access_token === 'string' ? body.access_token : '';
  if (!token) throw new WechatError(0, 'WeChat answered no access_token');
  const life = (typeof body.expires_in === 'number' ? body.expires_in : 7200) * 1000;
  cache.set(key, { token, until: Date.now() + Math.max(life - MARGIN_MS, life / 2) });
  return token;
}

/** Forgets the app's token (WeChat said it is no longer good). */
const dropToken = (ctx: Ctx, app: WechatApp) => cacheOf(ctx).delete(cacheKey(app));

/** A temporary QR code for `scene`: its ticket and how long WeChat keeps it. */
export async function createQrCode(
  ctx: Ctx,
  app: WechatApp,
  scene: string,
  seconds: number,
): Promise<{ ticket: string; expiresInSeconds: number }> {
  const body = JSON.stringify({
    expire_seconds: seconds,
    action_name: 'QR_STR_SCENE',
    action_info: { scene: { scene_str: scene } },
  });
  const once = async () =>
    call(
      `${ctx.config.signup.wechatApiBase}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(await accessToken(ctx, app))}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    );
  let answer;
  try {
    answer = await once();
  } catch (error) {
    if (!(error instanceof WechatError && STALE_TOKEN.has(error.errcode))) throw error;
    dropToken(ctx, app);
    answer = await once();
  }
  const ticket = typeof answer.ticket === 'string' ? answer.ticket : '';
  if (!ticket) throw new WechatError(0, 'WeChat answered no ticket');
  const expires = typeof answer.expire_seconds === 'number' ? answer.expire_seconds : seconds;
  return { ticket, expiresInSeconds: expires };
}

/** The QR code's picture as a data URL. */
export async function qrPicture(ctx: Ctx, ticket: string): Promise<string> {
  const url = `${ctx.config.signup.wechatQrBase}/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new WechatError(0, 'WeChat could not be reached');
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('image/'))
    throw new WechatError(0, `showqrcode answered HTTP ${res.status} ${type.slice(0, 40)}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length === 0 || bytes.length > 512 * 1024)
    throw new WechatError(0, 'showqrcode answered no picture');
  return `data:${type.split(';')[0]};base64,${bytes.toString('base64')}`;
}
