import type { FastifyInstance } from 'fastify';
import { chat as C } from '@atelier/contracts';
import { route } from '../../http/route.js';
import {
  activeSearchProvider,
  createMcpServer,
  createSearchProvider,
  deleteMcpServer,
  deleteSearchProvider,
  listMcpServers,
  listModelTools,
  listSearchProviders,
  setModelTools,
  toMcpServer,
  toSearchProvider,
  updateMcpServer,
  updateSearchProvider,
} from './tools.js';

/** The console's search providers, MCP servers and model tools; the composer's tools info. */
export function toolRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(app, C.chatToolsInfo, async () => ({ webSearch: !!(await activeSearchProvider(ctx)) }));

  route(app, C.adminListSearchProviders, async () => {
    const rows = await listSearchProviders(ctx);
    return { rows: rows.map(toSearchProvider), count: rows.length };
  });
  route(app, C.adminCreateSearchProvider, async ({ body }) =>
    toSearchProvider(await createSearchProvider(ctx, body)),
  );
  route(app, C.adminUpdateSearchProvider, async ({ body }) => {
    const { id, ...fields } = body;
    return toSearchProvider(await updateSearchProvider(ctx, id, fields));
  });
  route(app, C.adminDeleteSearchProvider, async ({ body }) => {
    await deleteSearchProvider(ctx, body.id);
    return null;
  });

  route(app, C.adminListMcpServers, async () => {
    const rows = await listMcpServers(ctx);
    return { rows: rows.map(toMcpServer), count: rows.length };
  });
  route(app, C.adminCreateMcpServer, async ({ body }) =>
    toMcpServer(await createMcpServer(ctx, body)),
  );
  route(app, C.adminUpdateMcpServer, async ({ body }) => {
    const { id, ...fields } = body;
    return toMcpServer(await updateMcpServer(ctx, id, fields));
  });
  route(app, C.adminDeleteMcpServer, async ({ body }) => {
    await deleteMcpServer(ctx, body.id);
    return null;
  });

  route(app, C.adminListModelTools, async () => {
    const rows = await listModelTools(ctx);
    return { rows, count: rows.length };
  });
  route(app, C.adminSetModelTools, async ({ body }) =>
    setModelTools(ctx, body.modelId, body.tools),
  );
}
