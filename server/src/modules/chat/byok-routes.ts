import type { FastifyInstance } from 'fastify';
import { chat as C } from '@atelier/contracts';
import { route } from '../../http/route.js';
import { deleteByok, listByok, saveByok, toByok } from './byok.js';

/** Users' own endpoints (the queries: byok.ts). */
export function byokRoutes(app: FastifyInstance): void {
  route(
    app,
    C.saveOwnEndpoint,
    async ({ body, identity }) => toByok(await saveByok(app.ctx, identity.userId, body)),
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );
  route(app, C.listOwnEndpoints, async ({ identity }) => {
    const rows = await listByok(app.ctx, identity.userId);
    return { rows: rows.map(toByok), count: rows.length };
  });
  route(app, C.deleteOwnEndpoint, async ({ body, identity }) => {
    await deleteByok(app.ctx, identity.userId, body.id);
    return null;
  });
}
