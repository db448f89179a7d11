import type { FastifyInstance } from 'fastify';
import { identity } from '@atelier/contracts';
import { badRequest, notSignedIn } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readUserInfo, waysOf } from './accounts.js';
import { offeredWays } from './sign-in-ways.js';
import {
  linkEmail,
  mailLinkCode,
  setFirstPassword,
  unlinkWay,
  usableWays,
  type WayKey,
} from './link-ways.js';
import { linksOf } from './oidc-ways.js';
import { wechatLinksOf } from './wechat/links.js';
import { authMessages } from './messages.js';

/** The user centre's sign-in ways: the list, linking an address, a first password, removing. */
export function waysRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const db = ctx.db.kysely;
  const limited = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } };
  const offered = (req: Parameters<typeof offeredWays>[1]) => offeredWays(ctx, req, { all: true });

  route(app, identity.listWays, async ({ identity: who, req }) => {
    const row = await waysOf(db, who.userId);
    if (!row) throw notSignedIn();
    const usable = await usableWays(ctx, req, who.userId);
    // A way may go when another usable way stays (an unusable one, e.g. an unverified
    // address, may always go).
    const unlinkable = (key: WayKey) => !usable.has(key) || usable.size > 1;
    const rows: identity.LinkedWay[] = [];
    if (row.password_hash && row.username)
      rows.push({
        kind: 'password',
        label: row.username,
        verified: true,
        unlinkable: unlinkable('password'),
      });
    if (row.email)
      rows.push({
        kind: 'email',
        label: row.email,
        verified: row.email_verified_at !== null,
        unlinkable: unlinkable('email'),
      });
    if (row.phone)
      rows.push({
        kind: 'phone',
        label: row.phone,
        verified: true,
        unlinkable: unlinkable('phone'),
      });
    for (const link of await linksOf(ctx, req, who.userId))
      rows.push({
        kind: 'oidc',
        id: link.id,
        provider: link.provider,
        label: link.email ?? link.subject,
        verified: true,
        unlinkable: unlinkable(`oidc:${link.id}`),
      });
    for (const link of await wechatLinksOf(ctx, req, who.userId))
      rows.push({
        kind: 'wechat',
        id: link.id,
        label: link.appId,
        verified: true,
        unlinkable: unlinkable(`wechat:${link.id}`),
      });
    return { rows, offered: await offered(req) };
  });

  route(
    app,
    identity.sendLinkCode,
    async ({ body, identity: who, req, lang, setMessage }) => {
      const answer = await mailLinkCode(ctx, req, lang, who.userId, body.email);
      setMessage(authMessages.codeSent);
      return answer;
    },
    limited,
  );

  route(
    app,
    identity.linkEmail,
    async ({ body, identity: who, setMessage }) => {
      await linkEmail(ctx, who.userId, body.email, body.code);
      const info = await readUserInfo(ctx, who.userId);
      if (!info) throw notSignedIn();
      setMessage(authMessages.emailLinked);
      return info;
    },
    limited,
  );

  route(
    app,
    identity.setPassword,
    async ({ body, identity: who, setMessage }) => {
      await setFirstPassword(ctx, who.userId, body.password);
      setMessage(authMessages.passwordSet);
      return null;
    },
    limited,
  );

  route(
    app,
    identity.unlinkWay,
    async ({ body, identity: who, req, setMessage }) => {
      if ((body.kind === 'oidc' || body.kind === 'wechat') && body.id === undefined)
        throw badRequest(authMessages.oidcProviderNotFound, {}, 'id');
      await unlinkWay(
        ctx,
        req,
        who.userId,
        body.kind === 'oidc' || body.kind === 'wechat' ? `${body.kind}:${body.id ?? 0}` : body.kind,
      );
      setMessage(authMessages.wayUnlinked);
      return null;
    },
    limited,
  );
}
