import type { AppContext } from '../../context.js';
import { registerProviderUse } from '../providers/index.js';
import { texts } from './messages.js';

/*
 * A provider drawing a card of the model square or serving a toolbox operation cannot be
 * deleted (chat's provider-uses.ts says so in words). A ComfyUI workflow is the provider's own
 * setting, not a use: it stays with its id.
 */

const countWhere = async (
  ctx: AppContext,
  table: 'sd_models' | 'sd_tool_ops',
  providerId: number,
): Promise<number> => {
  const { n } = await ctx.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  return Number(n);
};

export function registerSdProviderUses(): void {
  registerProviderUse({
    text: texts.useSquareModels,
    count: (ctx, id) => countWhere(ctx, 'sd_models', id),
  });
  registerProviderUse({
    text: texts.useToolOps,
    count: (ctx, id) => countWhere(ctx, 'sd_tool_ops', id),
  });
}
