import type { FastifyInstance } from 'fastify';
import { identity, user } from '@atelier/contracts';
import { route } from '../../http/route.js';
import { readCaptchaSettings, updateCaptchaSettings } from './captcha-hosted.js';
import { listUsers } from './user-list.js';

/** What an admin sees of the accounts (the query: user-list.ts), and each site's captcha. */
export function adminRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  route(app, user.adminListUsers, async ({ query }) => listUsers(ctx.db.kysely, query));
  route(app, identity.adminCaptchaSettings, async ({ query }) =>
    readCaptchaSettings(ctx, query.siteId),
  );
  route(app, identity.adminUpdateCaptchaSettings, async ({ body }) =>
    updateCaptchaSettings(ctx, body),
  );
}
