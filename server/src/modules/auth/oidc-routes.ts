import type { FastifyInstance } from 'fastify';
import { identity } from '@atelier/contracts';
import { route } from '../../http/route.js';
import { authMessages } from './messages.js';
import { deleteProvider, listProviders, saveProvider } from './oidc-providers.js';
import { finishFlow, handleCallback, startFlow } from './oidc-ways.js';

/** "Sign in with …" any OpenID Connect provider, linking one, and the console's providers. */
export function oidcRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } };

  route(
    app,
    identity.oidcStart,
    async ({ body, req }) => startFlow(ctx, req, body.provider, null),
    limited,
  );
  route(
    app,
    identity.oidcLinkStart,
    async ({ body, req, identity: who }) => startFlow(ctx, req, body.provider, who.userId),
    limited,
  );
  route(
    app,
    identity.oidcFinish,
    async ({ body, req, identity: who, setMessage }) => {
      const caller = who && !who.isGuest ? who.userId : null;
      const answer = await finishFlow(ctx, req, body, caller);
      if (answer.outcome === 'signed-in')
        setMessage(answer.created ? authMessages.registered : authMessages.signedIn);
      if (answer.outcome === 'linked') setMessage(authMessages.oidcLinked);
      return answer;
    },
    limited,
  );

  // The provider sends the browser here (the redirect URI registered at it). The query holds
  // the code: the request log writes the route without its query (logger.ts).
  app.get(
    '/auth/oidc/callback',
    {
      schema: { hide: true },
      config: { rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const query = (req.query ?? {}) as Record<string, string | undefined>;
      const to = await handleCallback(ctx, req, query);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(to, 303);
    },
  );

  route(app, identity.adminOidcProviders, async ({ query }) => listProviders(ctx, query.siteId));
  route(app, identity.adminSaveOidcProvider, async ({ body }) => saveProvider(ctx, body));
  route(app, identity.adminDeleteOidcProvider, async ({ body }) => {
    await deleteProvider(ctx, body.id);
    return null;
  });
}
