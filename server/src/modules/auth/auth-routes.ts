import type { FastifyInstance } from 'fastify';
import { auth } from '@atelier/contracts';
import { notSignedIn } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { createGuest, guestOf, guestUserId, readUserInfo, register, signIn } from './accounts.js';
import { authMessages } from './messages.js';
import { closeSession, deviceOf } from './sessions.js';
import { checkGuest, checkSignup, guestMade } from './signups.js';
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
    if (identity.sessionId !== null) await closeSession(ctx.db.kysely, identity.sessionId);
    setMessage(authMessages.signedOut);
    return null;
  });

  route(app, auth.currentUser, async ({ identity }) => {
    // The profile came with the session in the identity step: only the balance is read here.
    const userInfo = await readUserInfo(ctx, identity.userId, identity.account);
    if (!userInfo) throw notSignedIn();
    return { userInfo, userBalance: userInfo.userBalance };
  });

  route(
    app,
    auth.createGuest,
    async ({ body, req }) => {
      const guestId = body.guest_id.toLowerCase();
      const origin = await checkGuest(ctx, req);
      const created = await createGuest(
        ctx,
        guestId,
        { keyword: body.keyword ?? null, bdVid: body.bd_vid ?? null, source: body.source ?? null },
        origin,
      );
      if (created) await guestMade(ctx, req, origin);
      // What `getInfo` answers for this uuid: the browser needs no second round trip.
      const userId = await guestUserId(ctx.db.kysely, guestId);
      const userInfo = userId === null ? null : await readUserInfo(ctx, userId);
      return {
        guestId,
        created,
        user: userInfo ? { userInfo, userBalance: userInfo.userBalance } : null,
      };
    },
    limited,
  );
}
