import type { FastifyInstance } from 'fastify';
import * as A from '@atelier/contracts/admin';
import { route } from '../../http/route.js';
import { listAudit } from './audit.js';

/** The audit log (its query: audit.ts). */
export function auditRoutes(app: FastifyInstance): void {
  route(app, A.listAudit, async ({ query }) => listAudit(app.ctx, query));
}
