import type { FastifyRequest } from 'fastify';
import type { wechat } from '@atelier/contracts';
import type { AppContext } from '../../../context.js';
import { nowIso } from '../../../db/database.js';
import { uniqueViolation } from '../../../db/errors.js';
import { readCredentials } from '../../../http/identity.js';
import { accountKey, guestOf, register } from '../accounts.js';
import { freeUsername } from '../email-ways.js';
import { deviceOf } from '../sessions.js';
import { checkSignup } from '../signups.js';
import { signInAs } from '../oidc-ways.js';
import { keyHash } from './scenes.js';

const linkedUser = (ctx: AppContext, appId: string, openid: string) =>
  ctx.db.kysely
    .selectFrom('wechat_links')
    .select('user_id')
    .where('app_id', '=', appId)
    .where('openid', '=', openid)
    .executeTakeFirst();

/**
 * The first scan of a WeChat account makes an account (no password, a username `wechat_<4
 * digits>`) as a sign-up does: gifts, invite, the guest's data; then links the openid.
 */
async function signUp(
  ctx: AppContext,
  req: FastifyRequest,
  appId: string,
  openid: string,
  invitedBy: string | undefined,
): Promise<{ token: string; created: boolean }> {
  const db = ctx.db.kysely;
  const origin = await checkSignup(ctx, req, readCredentials(req).guestId?.toLowerCase() ?? null);
  const username = await freeUsername(ctx, 'wechat');
  const token = await register(
    ctx,
    { username, password: null, invitedBy },
    await guestOf(db, req),
    deviceOf(req),
    origin,
  );
  const made = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', accountKey(username))
    .executeTakeFirstOrThrow();
  try {
    await db
      .insertInto('wechat_links')
      .values({ user_id: made.id, app_id: appId, openid, created_at: nowIso() })
      .execute();
  } catch (error) {
    // The same WeChat account signed up from another QR code at the same moment: that
    // account keeps the link and this session is its.
    if (!uniqueViolation(error)) throw error;
    const other = await linkedUser(ctx, appId, openid);
    if (!other) throw error;
    return { token: await signInAs(ctx, req, other.user_id), created: false };
  }
  return { token, created: true };
}

/** A QR code's outcome for the browser that asked for it, collected once. */
export async function pollQr(
  ctx: AppContext,
  req: FastifyRequest,
  input: { key: string; invitedBy?: string | undefined },
): Promise<wechat.PollData> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const row = await db
    .selectFrom('wechat_scenes')
    .select(['id', 'app_id', 'openid', 'outcome', 'link_user_id', 'expires_at', 'used_at'])
    .where('poll_hash', '=', keyHash(input.key))
    .executeTakeFirst();
  if (!row || row.used_at) return { status: 'expired' };
  const done = row.openid !== null && (row.link_user_id === null || row.outcome !== 'scanned');
  if (!done) return row.expires_at > now ? { status: 'waiting' } : { status: 'expired' };
  const taken = await db
    .updateTable('wechat_scenes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return { status: 'expired' };
  if (row.link_user_id !== null) return { status: row.outcome === 'linked' ? 'linked' : 'taken' };
  const openid = row.openid ?? '';
  const linked = await linkedUser(ctx, row.app_id, openid);
  if (linked)
    return {
      status: 'signed-in',
      token: await signInAs(ctx, req, linked.user_id),
      created: false,
    };
  const made = await signUp(ctx, req, row.app_id, openid, input.invitedBy);
  return { status: 'signed-in', ...made };
}
