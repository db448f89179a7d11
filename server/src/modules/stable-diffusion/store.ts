import type { sd as S } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/database.js';

/*
 * The module's own rows the routes read and write: the square's model cards (`sd_models`) as
 * the operator edits them, their example recipes, and the toolbox's operations
 * (`sd_tool_ops`). The routes keep HTTP only (docs/architecture.md, Table ownership).
 */

/** Every model card, by its sort (the operator's list). */
export const sdModelRows = (ctx: AppContext) =>
  ctx.db.kysely.selectFrom('sd_models').selectAll().orderBy('sort').execute();

export type SdModelRecord = Awaited<ReturnType<typeof sdModelRows>>[number];

/** A model card's values as the operator saves them (without its id and times). */
export type SdModelValues = Omit<SdModelRecord, 'id' | 'created_at' | 'updated_at'>;

/**
 * Saves a model card: the one of `id` (undefined when there is none), else a new one. A
 * duplicate name throws the database's unique violation.
 */
export async function saveSdModel(
  ctx: AppContext,
  id: number | undefined,
  values: SdModelValues,
): Promise<SdModelRecord | undefined> {
  const db = ctx.db.kysely;
  const set = { ...values, updated_at: nowIso() };
  return id
    ? db.updateTable('sd_models').set(set).where('id', '=', id).returningAll().executeTakeFirst()
    : db
        .insertInto('sd_models')
        .values({ ...set, created_at: nowIso() })
        .returningAll()
        .executeTakeFirst();
}

/** A model card's example recipes and checkpoint (the demo draws its example pictures). */
export const sdModelExamples = (ctx: AppContext, id: number) =>
  ctx.db.kysely
    .selectFrom('sd_models')
    .select(['examples', 'checkpoint'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Every toolbox operation's row (an operation never saved has none). */
export const toolOpRows = (ctx: AppContext) =>
  ctx.db.kysely.selectFrom('sd_tool_ops').selectAll().execute();

/** One toolbox operation's row. */
export const toolOpRow = (ctx: AppContext, op: S.ToolOp) =>
  ctx.db.kysely.selectFrom('sd_tool_ops').selectAll().where('op', '=', op).executeTakeFirst();

/** Sets a toolbox operation's provider, price, options and switch (its row made if none). */
export async function saveToolOp(
  ctx: AppContext,
  op: S.ToolOp,
  v: { providerId: number | null; priceKey: string; options: unknown; enabled: boolean },
): Promise<void> {
  const values = {
    provider_id: v.providerId,
    price_key: v.priceKey,
    options: JSON.stringify(v.options),
    enabled: v.enabled ? 1 : 0,
    updated_at: nowIso(),
  };
  await ctx.db.kysely
    .insertInto('sd_tool_ops')
    .values({ op, ...values })
    .onConflict((oc) => oc.column('op').doUpdateSet(values))
    .execute();
}
