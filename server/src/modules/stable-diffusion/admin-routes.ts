import type { FastifyInstance } from 'fastify';
import { sd as S } from '@atelier/contracts';
import { badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { checkConnection as checkA1111 } from '../../providers/image/a1111.js';
import { checkConnection as checkComfy } from '../../providers/image/comfyui.js';
import { checkConnection as checkOpenAI } from '../../providers/image/openai-images.js';
import { checkConnection as checkStability } from '../../providers/image/stability.js';
import { UpstreamError } from '../tasks/index.js';
import { providerById } from './catalogue.js';
import { comfyWorkflowOf, saveComfyWorkflow } from './comfy-workflows.js';
import { texts } from './messages.js';
import { saveToolOp, toolOpRows } from './store.js';

/** The cheapest read of each upstream the square or the toolbox may use, said in words. */
const CHECKS: Record<string, typeof checkA1111 | undefined> = {
  a1111: checkA1111,
  comfyui: checkComfy,
  stability: checkStability,
  openai: checkOpenAI,
};

/** The operator's side: toolbox operation → provider, ComfyUI workflows, connection tests. */
export function adminRoutes(app: FastifyInstance): void {
  const ctx = () => app.ctx;

  route(app, S.adminListToolOps, async () => {
    const rows = await toolOpRows(ctx());
    const out = rows.map((r) => ({
      op: r.op as S.ToolOp,
      providerId: r.provider_id,
      priceKey: r.price_key,
      options: JSON.parse(r.options) as S.AdminToolOp['options'],
      enabled: r.enabled === 1,
    }));
    return { rows: out, count: out.length };
  });

  route(app, S.adminUpdateToolOp, async ({ body }) => {
    if (body.providerId !== null) {
      const p = await providerById(ctx(), body.providerId);
      if (!p) throw notFound(texts.providerNotFound);
      if (!S.toolOpProtocols[p.protocol]?.includes(body.op))
        throw badRequest(texts.wrongProtocol, {}, 'providerId');
    }
    await saveToolOp(ctx(), body.op, body);
    return body;
  });

  route(app, S.adminGetComfyWorkflow, async ({ query }) =>
    comfyWorkflowOf(ctx(), query.providerId, query.op),
  );

  route(app, S.adminSaveComfyWorkflow, async ({ body }) => {
    const p = await providerById(ctx(), body.providerId);
    if (!p) throw notFound(texts.providerNotFound);
    if (p.protocol !== 'comfyui') throw badRequest(texts.wrongProtocol, {}, 'providerId');
    // The square's workflow takes a prompt; a toolbox one takes the picture.
    const needed = body.op ? 'image' : 'prompt';
    if (!body.mapping[needed])
      throw badRequest(texts.nodeNeeded, { field: needed }, `mapping.${needed}`);
    if (body.op && !S.toolOpProtocols.comfyui?.includes(body.op))
      throw badRequest(texts.wrongProtocol, {}, 'op');
    for (const [field, nodeId] of Object.entries(body.mapping))
      if (nodeId !== undefined && !body.workflow[nodeId])
        throw badRequest(texts.noSuchNode, { node: nodeId }, `mapping.${field}`);
    await saveComfyWorkflow(ctx(), body);
    return body;
  });

  route(app, S.adminCheckConnection, async ({ body }) => {
    const p = await providerById(ctx(), body.providerId);
    if (!p) throw notFound(texts.providerNotFound);
    const check = CHECKS[p.protocol];
    if (!check) throw badRequest(texts.wrongProtocol, {}, 'providerId');
    try {
      return { ok: true, message: await check(p) };
    } catch (error) {
      return { ok: false, message: error instanceof UpstreamError ? error.message : 'failed' };
    }
  });
}
