import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { notFound } from '../../../http/errors.js';
import { siteOfRequest } from '../mail.js';
import { wechatMessages } from './messages.js';
import { offeredAppId } from './settings.js';

/**
 * The account's WeChat links, for the ways list: a link is a way to sign in (`usable`) on a
 * site whose WeChat is on with the same official account (openids are per official account).
 */
export async function wechatLinksOf(ctx: AppContext, req: FastifyRequest, userId: number) {
  const appId = await offeredAppId(ctx, (await siteOfRequest(ctx, req))?.id);
  const rows = await ctx.db.kysely
    .selectFrom('wechat_links')
    .select(['id', 'app_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, appId: r.app_id, usable: r.app_id === appId }));
}

/** Removes one of the account's WeChat links (the last-way rule is the caller's). */
export async function deleteWechatLink(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  id: number,
): Promise<void> {
  const gone = await ctx.db.kysely
    .deleteFrom('wechat_links')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) !== 1) throw notFound(wechatMessages.linkNotFound);
}
