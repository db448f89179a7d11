import type { FastifyInstance } from 'fastify';
import * as A from '@atelier/contracts/admin';
import { route } from '../../http/route.js';
import { dashboardOf } from './dashboard.js';

/** The console's dashboard (its figures: dashboard.ts). */
export function dashboardRoutes(app: FastifyInstance): void {
  route(app, A.dashboard, async ({ query }) => dashboardOf(app.ctx, query.days));
}
