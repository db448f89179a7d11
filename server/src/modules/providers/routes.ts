import type { FastifyInstance } from 'fastify';
import { chat as C } from '@atelier/contracts';
import * as A from '@atelier/contracts/admin';
import { route } from '../../http/route.js';
import { runProviderCheck } from './checks.js';
import { queuesPerProvider } from './figures.js';
import { accessRows, modelAllowance, setModelAccess } from './model-access.js';
import {
  createModel,
  deleteModel,
  lastSort,
  listAllModels,
  offeredModels,
  toAdminModel,
  updateModel,
} from './models.js';
import { isDemoProtocol, knownProtocols } from './protocols.js';
import {
  createProvider,
  deleteProvider,
  listProviders,
  toProvider,
  updateProvider,
} from './providers.js';

/*
 * The providers module's routes: the console's providers, models, allow lists and connection
 * tests, and the models list chat reads. They parse, call the services beside them and answer;
 * the SQL is in those services (models.ts, providers.ts, checks.ts, model-access.ts).
 */

export function providerRoutes(app: FastifyInstance): void {
  route(app, C.adminListProviders, async () => {
    const rows = await listProviders(app.ctx);
    return { rows: rows.map(toProvider), count: rows.length };
  });
  route(app, C.adminCreateProvider, async ({ body }) =>
    toProvider(await createProvider(app.ctx, body)),
  );
  route(app, C.adminUpdateProvider, async ({ body }) => {
    const { id, ...fields } = body;
    return toProvider(await updateProvider(app.ctx, id, fields));
  });
  route(app, C.adminDeleteProvider, async ({ body }) => {
    await deleteProvider(app.ctx, body.id);
    return null;
  });
}

export function modelRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  route(app, C.adminListModels, async () => {
    const rows = await listAllModels(ctx);
    return { rows: rows.map(toAdminModel), count: rows.length };
  });
  // An operator's new model goes last unless placed (a first place would make it everyone's
  // default at once). The console's form offers only existing price keys.
  route(app, C.adminCreateModel, async ({ body }) => {
    return toAdminModel(
      await createModel(ctx, { ...body, sort: body.sort ?? (await lastSort(ctx)) }),
    );
  });
  route(app, C.adminUpdateModel, async ({ body }) => {
    const { id, ...fields } = body;
    return toAdminModel(await updateModel(ctx, id, fields));
  });
  route(app, C.adminDeleteModel, async ({ body }) => {
    await deleteModel(ctx, body.id);
    return null;
  });

  route(app, C.listModels, async ({ query, identity }) => {
    const isVip = identity ? (await ctx.balances.read(identity.userId)).isVip : false;
    const allowed = await modelAllowance(ctx, identity?.userId ?? null);
    const rows = (await offeredModels(ctx, isVip, query.kind)).filter((r) => allowed(r.id));
    return {
      rows: rows.map((r) => ({
        id: r.id,
        name: r.name,
        kind: r.kind,
        priceKey: r.price_key,
        unit: r.unit ?? 'call',
        credits: r.credits ?? 0,
        inputPer1k: r.input_per_1k ?? 0,
        outputPer1k: r.output_per_1k ?? 0,
        vision: r.vision === 1,
        contextWindow: r.context_window,
        maxOutput: r.max_output,
        vipOnly: r.vip_only === 1,
        demo: isDemoProtocol(r.protocol),
      })),
      count: rows.length,
    };
  });
}

export function providerCheckRoutes(app: FastifyInstance): void {
  route(app, A.testProvider, async ({ body }) => runProviderCheck(app.ctx, body.id), {
    rateLimit: { max: 30, timeWindow: 60_000 },
  });
  // The protocols the kinds' adapter maps speak: the console's protocol choices.
  route(app, A.listProviderProtocols, async () => ({ rows: knownProtocols() }));
  // The task queues per provider (the tasks module counts, this one names them).
  route(app, A.queues, async () => ({ rows: await queuesPerProvider(app.ctx) }));
}

export function modelAccessRoutes(app: FastifyInstance): void {
  route(app, A.listModelAccess, async () => ({ rows: await accessRows(app.ctx) }));
  route(app, A.setModelAccess, ({ body }) => setModelAccess(app.ctx, body));
}
