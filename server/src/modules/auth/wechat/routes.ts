import type { FastifyInstance } from 'fastify';
import { wechat } from '@atelier/contracts';
import { route } from '../../../http/route.js';
import { wechatMessages } from './messages.js';
import { handleCallback, startQr } from './scenes.js';
import { readWechatSettings, updateWechatSettings } from './settings.js';
import { pollQr } from './sign-in.js';
import { authMessages } from '../messages.js';

/** Polls a browser makes while one QR code shows (every 2 s: 30 a minute), per IP. */
const POLLS_PER_MINUTE = 120;
/** WeChat's pushes to the server address come from its few addresses, for every scanner. */
const CALLBACKS_PER_MINUTE = 600;

/** WeChat scan sign-in and linking, WeChat's callback, and the console's settings. */
export function wechatRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } };

  route(app, wechat.startSignIn, async ({ req }) => startQr(ctx, req, null), limited);
  route(
    app,
    wechat.startLink,
    async ({ req, identity: who }) => startQr(ctx, req, who.userId),
    limited,
  );
  route(
    app,
    wechat.poll,
    async ({ body, req, setMessage }) => {
      const answer = await pollQr(ctx, req, body);
      if (answer.status === 'signed-in')
        setMessage(answer.created ? authMessages.registered : authMessages.signedIn);
      if (answer.status === 'linked') setMessage(wechatMessages.linked);
      return answer;
    },
    { rateLimit: { max: POLLS_PER_MINUTE, timeWindow: '1 minute' } },
  );

  route(app, wechat.adminSettings, async ({ query }) => readWechatSettings(ctx, query.siteId));
  route(app, wechat.adminUpdateSettings, async ({ body }) => updateWechatSettings(ctx, body));

  // WeChat's server address (the URL entered in the official account's admin): the XML body
  // is kept as text in this encapsulated scope, so the rest of the API parses JSON as before.
  // Its query holds the openid: the request log writes the route without its query.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/auth/wechat/callback',
      schema: { hide: true },
      config: { rateLimit: { max: CALLBACKS_PER_MINUTE, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        const query = (req.query ?? {}) as Record<string, string | undefined>;
        const answer = await handleCallback(
          ctx,
          req,
          query,
          typeof req.body === 'string' ? req.body : '',
        );
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  });
}
