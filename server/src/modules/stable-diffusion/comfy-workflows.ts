import type { sd as S } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';

/** Each ComfyUI provider's API-format workflow and its node mapping (operator data). */

export async function comfyWorkflowOf(
  ctx: AppContext,
  providerId: number,
): Promise<S.ComfyWorkflow | null> {
  const r = await ctx.db.kysely
    .selectFrom('sd_comfy_workflows')
    .selectAll()
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    providerId,
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
  await ctx.db.kysely
    .insertInto('sd_comfy_workflows')
    .values({ provider_id: w.providerId, ...values })
    .onConflict((oc) => oc.column('provider_id').doUpdateSet(values))
    .execute();
}
