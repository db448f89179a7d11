import type { FastifyInstance } from 'fastify';
import { sd as S } from '@atelier/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { providerById } from './catalogue.js';
import { texts } from './messages.js';
import { saveSdModel, sdModelRows, type SdModelRecord } from './store.js';

/** The operator's model cards of the square. */
export function adminModelRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;

  const toAdmin = (r: SdModelRecord): S.AdminSdModel => ({
    id: r.id,
    name: r.name,
    providerId: r.provider_id,
    checkpoint: r.checkpoint,
    baseModel: r.base_model,
    description: JSON.parse(r.description) as S.AdminSdModel['description'],
    cover: r.cover,
    examples: JSON.parse(r.examples) as S.AdminSdModel['examples'],
    fields: JSON.parse(r.fields) as S.AdminSdModel['fields'],
    priceKey: r.price_key,
    sort: r.sort,
    enabled: r.enabled === 1,
  });

  route(app, S.adminListSdModels, async () => {
    const rows = await sdModelRows(ctx());
    return { rows: rows.map(toAdmin), count: rows.length };
  });

  route(app, S.adminSaveSdModel, async ({ body }) => {
    const p = await providerById(ctx(), body.providerId);
    if (!p) throw notFound(texts.providerNotFound);
    if (!['a1111', 'comfyui', 'demo'].includes(p.protocol))
      throw badRequest(texts.wrongProtocol, {}, 'providerId');
    const values = {
      name: body.name,
      provider_id: body.providerId,
      checkpoint: body.checkpoint,
      base_model: body.baseModel,
      description: JSON.stringify(body.description),
      cover: body.cover,
      examples: JSON.stringify(body.examples),
      fields: JSON.stringify(body.fields),
      price_key: body.priceKey,
      sort: body.sort,
      enabled: body.enabled ? 1 : 0,
    };
    try {
      const row = await saveSdModel(ctx(), body.id, values);
      if (!row) throw notFound(texts.modelNotFound);
      return toAdmin(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(texts.nameTaken, { name: body.name });
      throw error;
    }
  });
}
