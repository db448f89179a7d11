import type { FastifyInstance } from 'fastify';
import { chat as C } from '@atelier/contracts';
import { notFound } from '../../http/errors.js';
import { langOf } from '../../http/messages.js';
import { route } from '../../http/route.js';
import { BAIDU_BEACON } from '../../http/security-headers.js';
import { ownGroup } from './groups.js';
import { texts } from './messages.js';
import { createShare, revokeShare, sharedPage, sharesOf } from './share.js';

/** Shares made per minute from one address (docs/chat.md, Share a conversation). */
export const SHARES_PER_MINUTE = 10;

/** Sharing a chat: the owner's calls (the public page: `sharedPageRoute`). */
export function shareRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  route(
    app,
    C.createShare,
    async ({ body, identity }) => {
      const group = await ownGroup(ctx.db.kysely, body.groupId, identity.userId);
      return createShare(ctx, group, identity.userId);
    },
    { rateLimit: { max: SHARES_PER_MINUTE, timeWindow: 60_000 } },
  );

  route(app, C.listShares, async ({ identity }) => {
    const rows = await sharesOf(ctx.db.kysely, identity.userId);
    return { rows, count: rows.length };
  });

  route(app, C.revokeShare, async ({ body, identity }) => {
    if (!(await revokeShare(ctx.db.kysely, body.id, identity.userId)))
      throw notFound(texts.shareNotFound);
    return null;
  });
}

/** The shared page `/c/<token>` (outside /api): its own small HTML, no script, no chat bundle. */
export function sharedPageRoute(app: FastifyInstance): void {
  const ctx = app.ctx;
  app.get<{ Params: { token: string } }>(
    '/c/:token',
    { schema: { hide: true } },
    async (req, reply) => {
      const { status, html } = await sharedPage(ctx, req.params.token, langOf(req));
      // The page has no script at all: its policy says so (the app's, with scripts and calls cut).
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        reply.header(
          'content-security-policy',
          policy
            .replace(/script-src[^;]*/, "script-src 'none'")
            .replace(/connect-src[^;]*/, "connect-src 'none'")
            // Nor the analytics beacon, which only a script loads.
            .replaceAll(` ${BAIDU_BEACON}`, ''),
        );
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );
}
