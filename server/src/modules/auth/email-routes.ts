import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identity } from '@atelier/contracts';
import { badRequest, notSignedIn } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readUserInfo, waysOf } from './accounts.js';
import {
  mailCode,
  mailResetLink,
  resetPassword,
  signInByCode,
  verifyOwnEmail,
} from './email-ways.js';
import { readMailSettings, sendTestMail, updateMailSettings } from './mail.js';
import { authMessages } from './messages.js';
import { offeredWays, readSiteWays, saveSiteWays } from './sign-in-ways.js';

/** The ways of signing in by email, the user centre's list of ways, and the console's SMTP. */
export function emailRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const db = ctx.db.kysely;
  const limited = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } };

  const offered = (req: FastifyRequest) => offeredWays(ctx, req);

  route(app, identity.ways, async ({ req }) => offered(req));
  route(app, identity.adminSignInWays, async ({ query }) => readSiteWays(ctx, query.siteId));
  route(app, identity.adminUpdateSignInWays, async ({ body }) => saveSiteWays(ctx, body));

  route(
    app,
    identity.sendEmailCode,
    async ({ body, req, lang, setMessage }) => {
      const answer = await mailCode(ctx, req, lang, body.email, 'sign-in');
      setMessage(authMessages.codeSent);
      return answer;
    },
    limited,
  );

  route(
    app,
    identity.emailLogin,
    async ({ body, req, setMessage }) => {
      const answer = await signInByCode(ctx, req, body);
      setMessage(answer.created ? authMessages.registered : authMessages.signedIn);
      return answer;
    },
    limited,
  );

  route(
    app,
    identity.forgotPassword,
    async ({ body, req, lang, setMessage }) => {
      const answer = await mailResetLink(ctx, req, lang, body.email);
      setMessage(authMessages.resetSent);
      return answer;
    },
    limited,
  );

  route(
    app,
    identity.resetPassword,
    async ({ body, setMessage }) => {
      await resetPassword(ctx, body.token, body.password);
      setMessage(authMessages.passwordReset);
      return null;
    },
    limited,
  );

  route(
    app,
    identity.sendVerifyCode,
    async ({ identity: who, req, lang, setMessage }) => {
      const row = await waysOf(db, who.userId);
      if (!row?.email) throw badRequest(authMessages.noEmail);
      const answer = await mailCode(ctx, req, lang, row.email, 'verify');
      setMessage(authMessages.codeSent);
      return answer;
    },
    limited,
  );

  route(app, identity.verifyEmail, async ({ body, identity: who, setMessage }) => {
    await verifyOwnEmail(ctx, who.userId, body.code);
    const info = await readUserInfo(ctx, who.userId);
    if (!info) throw notSignedIn();
    setMessage(authMessages.emailVerified);
    return info;
  });

  route(app, identity.adminMailSettings, async ({ query }) => readMailSettings(ctx, query.siteId));
  route(app, identity.adminUpdateMailSettings, async ({ body }) => updateMailSettings(ctx, body));
  route(app, identity.adminTestMail, async ({ body, lang }) =>
    sendTestMail(ctx, body.siteId, body.to, lang),
  );
}
