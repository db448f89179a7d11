import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { wechat } from '@atelier/contracts';
import type { AppContext } from '../../../context.js';
import { nowIso } from '../../../db/database.js';
import { uniqueViolation } from '../../../db/errors.js';
import { AppError, badRequest, notSignedIn } from '../../../http/errors.js';
import { format } from '../../../http/messages.js';
import { siteOfRequest } from '../mail.js';
import { createQrCode, qrPicture, WechatError } from './api.js';
import { scanEventOf, signedBy, textReply } from './events.js';
import { wechatMessages, wechatReplies } from './messages.js';
import { wechatOfSite } from './settings.js';

/**
 * QR codes of a site's official account and what their scans do (docs/identity.md, WeChat):
 * 1. a QR code asked for gets a random scene (`QR_STR_SCENE`) and a poll key the browser
 *    keeps, valid SCENE_TTL_S; a link QR code is bound to the signed-in account;
 * 2. WeChat pushes the scan (`subscribe` or `SCAN`) to the callback, which checks the
 *    signature with the site's Token, takes the scene once, in time, and records the openid
 *    (a link QR code links it there and then) and answers the scanner;
 * 3. the browser's poll collects the outcome once: a sign-in opens the session there (sign-in.ts).
 */
export const SCENE_TTL_S = 300;
/** QR codes one IP may ask for in SCENE_WINDOW_MS. */
export const SCENES_PER_IP = 30;
export const SCENE_WINDOW_MS = 10 * 60_000;

export const keyHash = (key: string) => createHash('sha256').update(key).digest('base64url');

async function assertMayAsk(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const since = new Date(Date.now() - SCENE_WINDOW_MS).toISOString();
  const rows = await ctx.db.kysely
    .selectFrom('wechat_scenes')
    .select('created_at')
    .where('ip', '=', req.ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  if (rows.length < SCENES_PER_IP) return;
  const oldest = Date.parse(rows[rows.length - SCENES_PER_IP]!.created_at);
  const seconds = Math.max(1, Math.ceil((oldest + SCENE_WINDOW_MS - Date.now()) / 1000));
  await ctx.hooks.abuseSeen({ action: 'sign-in', req, key: `wechat:${req.ip}`, strikes: 1 });
  throw new AppError(429, wechatMessages.tooMany, { seconds });
}

/** A QR code to sign in with (`linkUserId` null) or to link WeChat to that account. */
export async function startQr(
  ctx: AppContext,
  req: FastifyRequest,
  linkUserId: number | null,
): Promise<wechat.QrCode> {
  const site = await siteOfRequest(ctx, req);
  const account = await wechatOfSite(ctx, site?.id);
  if (!account) throw badRequest(wechatMessages.off);
  if (linkUserId !== null) {
    const user = await ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('id', '=', linkUserId)
      .where('kind', '=', 'registered')
      .executeTakeFirst();
    if (!user) throw notSignedIn();
  }
  await assertMayAsk(ctx, req);
  const scene = randomBytes(24).toString('base64url');
  const key = randomBytes(32).toString('base64url');
  let qr, image;
  try {
    qr = await createQrCode(ctx, account, scene, SCENE_TTL_S);
    image = await qrPicture(ctx, qr.ticket);
  } catch (error) {
    const problem = error instanceof WechatError ? error : new WechatError(0, 'error');
    // The errcode and WeChat's short text (never the token, the secret or the ticket).
    ctx.log.warn(
      { siteId: account.siteId, errcode: problem.errcode, problem: problem.message },
      'wechat qr code refused; check the site WeChat settings',
    );
    throw new AppError(502, wechatMessages.unavailable);
  }
  const seconds = Math.min(SCENE_TTL_S, qr.expiresInSeconds);
  const now = Date.now();
  await ctx.db.kysely
    .insertInto('wechat_scenes')
    .values({
      scene,
      poll_hash: keyHash(key),
      site_id: account.siteId,
      app_id: account.appId,
      link_user_id: linkUserId,
      ip: req.ip,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + seconds * 1000).toISOString(),
    })
    .execute();
  return { image, key, expiresInSeconds: seconds };
}

/** Links `openid` to the account; `taken` when another account has it. */
async function link(
  ctx: AppContext,
  userId: number,
  appId: string,
  openid: string,
): Promise<'linked' | 'taken'> {
  const db = ctx.db.kysely;
  const owner = await db
    .selectFrom('wechat_links')
    .select('user_id')
    .where('app_id', '=', appId)
    .where('openid', '=', openid)
    .executeTakeFirst();
  if (owner) return owner.user_id === userId ? 'linked' : 'taken';
  try {
    await db.transaction().execute(async (trx) => {
      // One WeChat per official account: a new scan replaces the account's older link.
      await trx
        .deleteFrom('wechat_links')
        .where('user_id', '=', userId)
        .where('app_id', '=', appId)
        .execute();
      await trx
        .insertInto('wechat_links')
        .values({ user_id: userId, app_id: appId, openid, created_at: nowIso() })
        .execute();
    });
  } catch (error) {
    // Another account took the openid between the check and here.
    if (!uniqueViolation(error)) throw error;
    return 'taken';
  }
  return 'linked';
}

export interface CallbackAnswer {
  status: number;
  contentType: string;
  body: string;
}

const plain = (status: number, body: string): CallbackAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/**
 * WeChat's request to the server address: the address check (GET, echoes `echostr`) or an
 * event (POST). A wrong signature is a 403 with nothing done.
 */
export async function handleCallback(
  ctx: AppContext,
  req: FastifyRequest,
  query: Record<string, string | undefined>,
  body: string,
): Promise<CallbackAnswer> {
  const site = await siteOfRequest(ctx, req);
  const account = await wechatOfSite(ctx, site?.id);
  if (!site || !account) return plain(404, 'not found');
  if (!signedBy(account.token, query)) {
    ctx.log.warn({ siteId: account.siteId }, 'wechat callback with a wrong signature');
    return plain(403, 'forbidden');
  }
  if (req.method === 'GET') return plain(200, (query.echostr ?? '').slice(0, 200));
  const event = scanEventOf(body);
  if (!event) return plain(200, 'success');
  const db = ctx.db.kysely;
  const row = await db
    .selectFrom('wechat_scenes')
    .select(['id', 'openid', 'outcome', 'link_user_id', 'expires_at', 'scanned_at'])
    .where('scene', '=', event.scene)
    .where('site_id', '=', account.siteId)
    .where('app_id', '=', account.appId)
    .executeTakeFirst();
  if (!row) return plain(200, 'success');
  const name = site.name['zh-CN'] || site.domain || 'Atelier';
  const reply = (text: keyof typeof wechatReplies) => ({
    status: 200,
    contentType: 'application/xml; charset=utf-8',
    body: textReply(event, format(wechatReplies[text], 'zh-CN', { site: name })),
  });
  // WeChat sends an event again when the first answer was slow: the same scan answers the same.
  if (row.openid === event.openid && row.outcome)
    return reply(row.outcome === 'scanned' ? 'signedIn' : (row.outcome as 'linked' | 'taken'));
  const now = nowIso();
  const taken = await db
    .updateTable('wechat_scenes')
    .set({ openid: event.openid, scanned_at: now, outcome: 'scanned' })
    .where('id', '=', row.id)
    .where('scanned_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return reply('expired');
  if (row.link_user_id === null) return reply('signedIn');
  const outcome = await link(ctx, row.link_user_id, account.appId, event.openid);
  await db.updateTable('wechat_scenes').set({ outcome }).where('id', '=', row.id).execute();
  return reply(outcome);
}
