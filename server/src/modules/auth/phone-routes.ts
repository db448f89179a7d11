import type { FastifyInstance } from 'fastify';
import { identity } from '@atelier/contracts';
import { notSignedIn } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readUserInfo } from './accounts.js';
import { authMessages } from './messages.js';
import { linkPhone, signInByPhone, textCode, textLinkCode } from './phone-ways.js';
import { readSmsSettings, updateSmsSettings } from './sms-settings.js';

/** Signing in by a texted code, linking a number, and the console's SMS provider settings. */
export function phoneRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } };

  route(
    app,
    identity.sendPhoneCode,
    async ({ body, req, setMessage }) => {
      const answer = await textCode(ctx, req, body.phone, 'sign-in');
      setMessage(authMessages.phoneCodeSent);
      return answer;
    },
    limited,
  );

  route(
    app,
    identity.phoneLogin,
    async ({ body, req, setMessage }) => {
      const answer = await signInByPhone(ctx, req, body);
      setMessage(answer.created ? authMessages.registered : authMessages.signedIn);
      return answer;
    },
    limited,
  );

  route(
    app,
    identity.sendPhoneLinkCode,
    async ({ body, identity: who, req, setMessage }) => {
      const answer = await textLinkCode(ctx, req, who.userId, body.phone);
      setMessage(authMessages.phoneCodeSent);
      return answer;
    },
    limited,
  );

  route(
    app,
    identity.linkPhone,
    async ({ body, identity: who, setMessage }) => {
      await linkPhone(ctx, who.userId, body.phone, body.code);
      const info = await readUserInfo(ctx, who.userId);
      if (!info) throw notSignedIn();
      setMessage(authMessages.phoneLinked);
      return info;
    },
    limited,
  );

  route(app, identity.adminSmsSettings, async ({ query }) => readSmsSettings(ctx, query.siteId));
  route(app, identity.adminUpdateSmsSettings, async ({ body }) => updateSmsSettings(ctx, body));
}
