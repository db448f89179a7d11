import type { FastifyInstance } from 'fastify';
import { user } from '@atelier/contracts';
import { route } from '../../http/route.js';
import { listUsers } from './user-list.js';

/** What an admin sees of the accounts (the query: user-list.ts). */
export function adminRoutes(app: FastifyInstance): void {
  route(app, user.adminListUsers, async ({ query }) => listUsers(app.ctx.db.kysely, query));
}
