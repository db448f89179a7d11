import type { FastifyInstance } from 'fastify';
import { credits as api } from '@atelier/contracts';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { listLedgerForAdmin } from './history.js';
import { adjust } from './ledger.js';
import { texts } from './messages.js';
import { createPrice, deletePrice, listPrices, toAdminPrice, updatePrice } from './prices.js';
import {
  createCodeBatch,
  exportCodeBatch,
  listCodeBatches,
  setBatchDisabled,
} from './code-batches.js';
import { envFallbacks, readSettings, writeSettings } from './settings.js';

/** `/admin/credits/...`: prices, code batches, balance adjustments, settings. */
export function registerAdminRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db.kysely;

  route(app, api.adminListPrices, async () => {
    const { rows, vipDiscountPercent } = await listPrices(db(), { includeDisabled: true });
    return { rows: rows.map((r) => toAdminPrice(r, vipDiscountPercent)), count: rows.length };
  });
  route(app, api.adminCreatePrice, async ({ body }) => createPrice(db(), body));
  route(app, api.adminUpdatePrice, async ({ body }) => {
    const { id, ...changes } = body;
    return updatePrice(db(), id, changes);
  });
  route(app, api.adminDeletePrice, async ({ body }) => {
    await deletePrice(db(), body.id);
    return null;
  });

  route(app, api.adminCreateCodes, async ({ body, identity }) =>
    createCodeBatch(db(), body, identity.userId),
  );
  route(app, api.adminListCodeBatches, async ({ query }) => listCodeBatches(db(), query));
  route(app, api.adminExportCodes, async ({ query }) => exportCodeBatch(app.ctx, query.batchId));
  route(app, api.adminDisableCodeBatch, async ({ body }) =>
    setBatchDisabled(db(), body.id, body.disabled),
  );

  route(app, api.adminAdjustBalance, async ({ body, identity }) => {
    const known = await app.ctx.hooks.accounts(db(), [body.userId]);
    if (!known.has(body.userId)) throw notFound(texts.userNotFound);
    const result = await adjust(db(), {
      userId: body.userId,
      amount: body.amount,
      reason: body.reason,
      adminId: identity.userId,
    });
    app.log.info(
      { adminId: identity.userId, userId: body.userId, amount: body.amount },
      'credits adjusted by an admin',
    );
    return { balanceAfter: result.balanceAfter };
  });
  route(app, api.adminListLedger, async ({ query }) => listLedgerForAdmin(db(), query));

  route(app, api.adminGetSettings, async () => readSettings(db(), envFallbacks(app.ctx)));
  route(app, api.adminUpdateSettings, async ({ body }) =>
    writeSettings(db(), body, envFallbacks(app.ctx)),
  );
}
