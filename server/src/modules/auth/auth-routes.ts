import type { FastifyInstance } from 'fastify';
import { auth } from '@atelier/contracts';
import { nowIso } from '../../db/database.js';
import { notSignedIn } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { guestOf, readUserInfo, register, signIn } from './accounts.js';
import { authMessages } from './messages.js';
import { deviceOf } from './sessions.js';
import { checkSignup } from './signups.js';
import { readCredentials } from '../../http/identity.js';

/** Sign-up, sign-in, sign-out, the caller's info and guest creation. */
export function authRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } };

  route(
    app,
    auth.register,
    async ({ body, req, setMessage }) => {
      const guestUserId = await guestOf(ctx.db.kysely, req);
      const origin = await checkSignup(
        ctx,
        req,
        readCredentials(req).guestId?.toLowerCase() ?? null,
      );
      const token = await register(ctx, body, guestUserId, deviceOf(req), origin);
      setMessage(authMessages.registered);
      return { token };
    },
    limited,
  );

  route(
    app,
    auth.login,
    async ({ body, req, setMessage }) => {
      const guestUserId = await guestOf(ctx.db.kysely, req);
      const token = await signIn(
        ctx,
        { login: body.username, password: body.password },
        guestUserId,
        deviceOf(req),
        req,
      );
      setMessage(authMessages.signedIn);
      return { token };
    },
    limited,
  );

  route(app, auth.logout, async ({ identity, setMessage }) => {
    if (identity.sessionId !== null)
      await ctx.db.kysely.deleteFrom('sessions').where('id', '=', identity.sessionId).execute();
    setMessage(authMessages.signedOut);
    return null;
  });

  route(app, auth.currentUser, async ({ identity }) => {
    const userInfo = await readUserInfo(ctx, identity.userId);
    if (!userInfo) throw notSignedIn();
    return { userInfo, userBalance: userInfo.userBalance };
  });

  route(
    app,
    auth.createGuest,
    async ({ body }) => {
      const guestId = body.guest_id.toLowerCase();
      const created = await ctx.db.kysely.transaction().execute(async (trx) => {
        const now = nowIso();
        const row = await trx
          .insertInto('users')
          .values({
            kind: 'guest',
            role: 'guest',
            guest_id: guestId,
            signup_keyword: body.keyword ?? null,
            signup_bd_vid: body.bd_vid ?? null,
            signup_source: body.source ?? null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('guest_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        for (const handler of ctx.accountEvents.guestCreated)
          await handler(trx, { userId: row.id });
        return true;
      });
      return { guestId, created };
    },
    limited,
  );
}
