import type { sd as S } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';

/**
 * Each ComfyUI provider's API-format workflows and their node mappings (operator data): the
 * square's (`sd_comfy_workflows`) and one per toolbox operation (`sd_comfy_tool_workflows`).
 */

export async function comfyWorkflowOf(
  ctx: AppContext,
  providerId: number,
  op?: S.ToolOp,
): Promise<S.ComfyWorkflow | null> {
  const r = op
    ? await ctx.db.kysely
        .selectFrom('sd_comfy_tool_workflows')
        .select(['workflow', 'mapping'])
        .where('provider_id', '=', providerId)
        .where('op', '=', op)
        .executeTakeFirst()
    : await ctx.db.kysely
        .selectFrom('sd_comfy_workflows')
        .select(['workflow', 'mapping'])
        .where('provider_id', '=', providerId)
        .executeTakeFirst();
  if (!r) return null;
  return {
    providerId,
    ...(op ? { op } : {}),
    workflow: JSON.parse(r.workflow) as S.ComfyWorkflow['workflow'],
    mapping: JSON.parse(r.mapping) as S.ComfyMapping,
  };
}

export async function saveComfyWorkflow(ctx: AppContext, w: S.ComfyWorkflow): Promise<void> {
  const values = {
    workflow: JSON.stringify(w.workflow),
    mapping: JSON.stringify(w.mapping),
    updated_at: nowIso(),
  };
  if (w.op)
    await ctx.db.kysely
      .insertInto('sd_comfy_tool_workflows')
      .values({ provider_id: w.providerId, op: w.op, ...values })
      .onConflict((oc) => oc.columns(['provider_id', 'op']).doUpdateSet(values))
      .execute();
  else
    await ctx.db.kysely
      .insertInto('sd_comfy_workflows')
      .values({ provider_id: w.providerId, ...values })
      .onConflict((oc) => oc.column('provider_id').doUpdateSet(values))
      .execute();
}
